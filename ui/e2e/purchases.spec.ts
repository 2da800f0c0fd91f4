/**
 * Purchases in a real browser: the demo admin registers a merchandise purchase of a demo product
 * on credit from a demo supplier (picked with the keyboard), sees its payable, pays it from a bank
 * account, and sees the stock rise by the quantity bought on the stock list and in the kardex. The
 * same supplier document again is refused and the form keeps what was typed.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, collectErrors, expectToast, hydrated, scannableProducts, signIn, unexpected } from './helpers';

/** The product's stock in warehouse `cellarId`, as the stock list shows it. */
async function stockOf(page: Page, code: string, cellarId: number): Promise<string> {
  const list = await (await page.request.get(`/api/inventory/stock?search=${encodeURIComponent(code)}&cellarId=${cellarId}&limit=100`)).json();
  return (list.results as { code: string; quantity: string }[]).find((r) => r.code === code)?.quantity ?? '0';
}

/** The branch's default warehouse. */
async function defaultCellar(page: Page): Promise<number> {
  const cellars = (await (await page.request.get('/api/inventory/cellar/options')).json()) as { _id: number; isDefault: boolean }[];
  return (cellars.find((c) => c.isDefault) ?? cellars[0])._id;
}

test('merchandise purchase on credit, its payable paid, the stock up', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  const stamp = Date.now() % 1_000_000_000;
  const number = `002-003-${String(stamp).padStart(9, '0')}`;
  const account = await (
    await apiPost(page, '/api/bank/register', { bank: `Banco ${stamp}`, accountType: 'corriente', number: `${stamp}`, holder: 'Demo', openingBalance: '500.00' })
  ).json();
  expect(account._id).toBeTruthy();
  const [product] = await scannableProducts(page);
  const cellar = await defaultCellar(page);
  // Whole units in the demo data: a Number is exact for them.
  const before = Number(await stockOf(page, product.code, cellar));

  await page.goto('/admin/compras/mercaderia');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Compras de mercadería' })).toBeVisible();
  const form = page.getByTestId('merchandise-form');
  // The supplier: typed, suggested, picked with Enter.
  const supplier = form.getByRole('combobox', { name: 'Proveedor' });
  await supplier.fill('ALIMENTOS');
  await expect(form.getByRole('listbox', { name: 'Proveedores sugeridos' })).toContainText('ALIMENTOS ANDINOS');
  await supplier.press('Enter');
  await expect(form.getByTestId('picked-supplier')).toContainText('ALIMENTOS ANDINOS CIA. LTDA. · crédito 15 días');
  await form.getByLabel('Número de factura del proveedor').fill(number);
  // A product line: 5 units at 1,20 each (a decimal comma, as Ecuador writes it).
  const search = form.getByRole('combobox', { name: 'Agregar producto' });
  await search.fill(product.code);
  await expect(form.getByRole('listbox', { name: 'Productos sugeridos' })).toContainText(product.code);
  await search.press('Enter');
  await form.getByLabel(`Cantidad de ${product.name}`).fill('5');
  // Sent without its cost: refused on the line; the message goes once the cost is typed.
  await form.getByLabel(`Costo de ${product.name}`).fill('');
  await form.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(form).toContainText('Línea 1: ');
  await form.getByLabel(`Costo de ${product.name}`).fill('1,20');
  await expect(form).not.toContainText('Línea 1: ');
  await expect(form.getByTestId('purchase-totals')).toContainText('$ 6.00');
  await expect(form.getByLabel('Forma de pago')).toHaveValue('credit');
  await form.getByRole('button', { name: 'Registrar compra' }).click();
  await expectToast(page, `Compra ${number} registrada`);
  await expect(page.getByTestId('purchases-list')).toContainText(number);

  // The same document again: refused, and the form keeps what was typed.
  await form.getByLabel('Número de factura del proveedor').fill(number);
  await search.fill(product.code);
  await expect(form.getByRole('listbox', { name: 'Productos sugeridos' })).toContainText(product.code);
  await search.press('Enter');
  await form.getByLabel(`Costo de ${product.name}`).fill('1.20');
  await form.getByRole('button', { name: 'Registrar compra' }).click();
  await expect(form.getByTestId('purchase-error')).toHaveText('La compra ya fue registrada');
  await expect(form.getByLabel('Número de factura del proveedor')).toHaveValue(number);
  await expect(form.getByLabel(`Costo de ${product.name}`)).toHaveValue('1.20');

  // The payable: pending, then paid from the bank account.
  await page.goto('/admin/compras/cuentasPorPagar');
  await hydrated(page);
  const row = page.getByTestId('payable-row').filter({ hasText: number });
  await expect(row.getByTestId('payable-status')).toHaveText('Pendiente');
  await expect(row.getByTestId('payable-balance')).not.toHaveText('$ 0.00');
  await row.getByRole('button', { name: 'Pagar' }).click();
  const pay = page.getByTestId('pay-form');
  await pay.getByLabel('Forma de pago').selectOption('bank');
  await pay.getByLabel('Cuenta bancaria').selectOption(String(account._id));
  // The account holds 500.00: paying more would leave it below zero, and the form says so first.
  await expect(pay.getByTestId('overdraw-warning')).toHaveCount(0);
  const due = await pay.getByLabel('Monto a pagar').inputValue();
  await pay.getByLabel('Monto a pagar').fill('600');
  await expect(pay.getByTestId('overdraw-warning')).toHaveText('La cuenta tiene $ 500.00: con este pago quedará en -$ 100.00.');
  await pay.getByLabel('Monto a pagar').fill(due);
  await expect(pay.getByTestId('overdraw-warning')).toHaveCount(0);
  await pay.getByRole('button', { name: 'Registrar pago' }).click();
  await expectToast(page, 'Pago registrado', 'saldo $ 0.00');
  await expect(row.getByTestId('payable-status')).toHaveText('Pagada');
  await expect(row.getByTestId('payable-balance')).toHaveText('$ 0.00');

  // The stock rose by the 5 units bought: on the stock list, and the kardex shows the purchase.
  expect(Number(await stockOf(page, product.code, cellar))).toBe(before + 5);
  await page.goto(`/admin/inventario/stockList?search=${encodeURIComponent(product.code)}&cellarId=${cellar}`);
  await hydrated(page);
  const stockRow = page.getByRole('row').filter({ hasText: product.name });
  await expect(stockRow.getByRole('cell', { name: String(before + 5), exact: true })).toBeVisible();
  await page.goto(`/admin/inventario/kardex?productId=${product._id}&cellarId=${cellar}&limit=100`);
  await hydrated(page);
  const purchase = page.getByTestId('kardex-row').filter({ hasText: number });
  await expect(purchase).toContainText('Compra');
  await expect(purchase.getByRole('cell', { name: '5', exact: true }).first()).toBeVisible();
  expect(unexpected(errors, 409, 400)).toEqual([]);
});

test('an expense refused keeps what was typed; a manual purchase; the supplier statement', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  const stamp = Date.now() % 1_000_000_000;
  await page.goto('/admin/compras/gastos');
  await hydrated(page);
  const form = page.getByTestId('expense-form');
  const supplier = form.getByRole('combobox', { name: 'Proveedor' });
  await supplier.fill('Juan');
  await expect(form.getByRole('listbox', { name: 'Proveedores sugeridos' })).toContainText('JUAN PÉREZ');
  await supplier.press('Enter');
  await form.getByLabel('Descripción (opcional)').fill(`Flete ${stamp}`);
  await form.getByLabel('Monto sin IVA').fill('10,00');
  await expect(form.getByTestId('purchase-totals')).toContainText('Total: $ 11.50');
  await form.getByLabel('Forma de pago').selectOption('credit');
  // Without a category: the API's message, on the field, and nothing typed is lost.
  await form.getByRole('button', { name: 'Registrar gasto' }).click();
  await expect(form.getByTestId('purchase-error')).toContainText('Elija la categoría');
  await expect(form.getByLabel('Monto sin IVA')).toHaveValue('10,00');
  await expect(form.getByLabel('Descripción (opcional)')).toHaveValue(`Flete ${stamp}`);
  await form.getByLabel('Categoría').selectOption('transporte');
  await form.getByRole('button', { name: 'Registrar gasto' }).click();
  await expectToast(page, 'Gasto registrado', 'Transporte · Total $ 11.50');
  const expense = page.getByTestId('purchase-row').filter({ hasText: 'JUAN PÉREZ' }).first();
  await expect(expense).toContainText('Transporte');
  await expect(expense).toContainText('$ 11.50');

  await page.goto('/admin/compras/manual');
  await hydrated(page);
  const manual = page.getByTestId('manual-form');
  await manual.getByRole('combobox', { name: 'Proveedor' }).fill('Juan');
  await expect(manual.getByRole('listbox', { name: 'Proveedores sugeridos' })).toContainText('JUAN PÉREZ');
  await manual.getByRole('combobox', { name: 'Proveedor' }).press('Enter');
  await manual.getByLabel('Número de documento (opcional)').fill(`001-009-${String(stamp).padStart(9, '0')}`);
  await manual.getByLabel('Descripción de la línea 1').fill('Fundas de papel');
  await manual.getByLabel('Cantidad de la línea 1').fill('100');
  await manual.getByLabel('Costo de la línea 1').fill('0.05');
  await manual.getByRole('button', { name: 'Agregar línea' }).click();
  await manual.getByLabel('Descripción de la línea 2').fill('Escoba');
  await manual.getByLabel('Costo de la línea 2').fill('3.50');
  await manual.getByLabel('Descuento de la línea 2').fill('0.50');
  await manual.getByLabel('IVA de la línea 2').selectOption('0');
  // 5.00 at 15 % and 3.00 at 0 %: IVA 0.75.
  await expect(manual.getByTestId('purchase-totals')).toContainText('Total: $ 8.75');
  await manual.getByLabel('Forma de pago').selectOption('credit');
  await manual.getByRole('button', { name: 'Registrar compra' }).click();
  await expectToast(page, 'Compra manual registrada', 'Total $ 8.75');
  await expect(page.getByTestId('purchases-list')).toContainText(`001-009-${String(stamp).padStart(9, '0')}`);

  // The supplier's statement: both purchases on credit are charges.
  await page.goto('/admin/compras/estadoCuentaProveedor');
  await hydrated(page);
  await page.getByLabel('Proveedor').selectOption({ label: 'JUAN PÉREZ' });
  await page.getByRole('button', { name: 'Ver' }).click();
  const statement = page.getByTestId('supplier-statement');
  await expect(statement).toContainText(`Compra 001-009-${String(stamp).padStart(9, '0')}`);
  await expect(statement).toContainText('$ 8.75');
  expect(unexpected(errors, 400)).toEqual([]);
});
