/**
 * Money on screen adds up (issue 24, defect 5). A product entered in the form with its price with
 * IVA (PVP 23.00) is stored at its base (20.00) and listed with both prices; the POS search shows
 * the PVP. Then a sale of three lines at 1.10, 2.30 and 3.50 with IVA 15 % (whose line totals with
 * IVA used to sum 7.95 beside a total of 7.94): the amounts shown beside the lines add up to the
 * subtotal shown, and the subtotal plus the IVA shown is the total shown, to the cent.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../src/lib/format';
import { apiPost, collectErrors, expectToast, hydrated, signIn } from './helpers';

/** Cents of a displayed amount (`$ 1,234.56` → 123456), without floats. */
function cents(text: string | null): bigint {
  const clean = (text ?? '').replace(/[^0-9.-]/g, '');
  const [int = '0', frac = ''] = clean.replace('-', '').split('.');
  const value = BigInt(int || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  return clean.startsWith('-') ? -value : value;
}

async function sum(page: Page, testId: string): Promise<bigint> {
  const texts = await page.getByTestId(testId).allTextContents();
  return texts.reduce((s, t) => s + cents(t), 0n);
}

test('a price entered with IVA, and a POS sale whose visible amounts add up', async ({ page }) => {
  // A product through the form, three through the API, a shift and a sale: more than the default.
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  const stamp = String(Date.now()).slice(-6);
  await signIn(page, 'admin@demo.ec');

  // The product form: «Precio con IVA (PVP)» 23.00 at 15 % stores the base 20.00.
  await page.goto('/admin/inventario/productos');
  await hydrated(page);
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Código', { exact: true }).fill(`PVP${stamp}`);
  await form.getByLabel('Nombre', { exact: true }).fill(`Mochila PVP ${stamp}`);
  await form.getByLabel('IVA', { exact: true }).selectOption('4');
  await form.getByLabel('Precio con IVA (PVP)', { exact: true }).check();
  await form.getByLabel('PVP', { exact: true }).fill('23,00');
  await expect(form.locator('[data-price-hint="price"]')).toHaveText('Sin IVA 20.000000 · PVP $ 23.00');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Registro guardado');
  await page.getByPlaceholder('Buscar… (tecla /)').fill(`PVP${stamp}`);
  const row = page.locator('tr', { hasText: `Mochila PVP ${stamp}` });
  await expect(row).toContainText('$ 20.00');
  await expect(row.getByTestId('product-pvp')).toHaveText('$ 23.00');

  // Three products at odd prices with stock, through the API.
  const cellars = await (await page.request.get('/api/inventory/cellar/options')).json();
  const cellarId = (cellars as { _id: number; isDefault: boolean }[]).find((c) => c.isDefault)?._id;
  const products: { id: number; barcode: string; name: string }[] = [];
  for (const [i, price] of ['1.10', '2.30', '3.50'].entries()) {
    const barcode = `779${stamp}${i}`;
    const name = `Útil ${stamp}-${i}`;
    const r = await apiPost(page, '/api/item/register', { code: `U${stamp}${i}`, name, barcodes: [barcode], price, ivaCode: '4', unit: 'unidad' });
    expect(r.status(), await r.text()).toBe(201);
    products.push({ id: (await r.json())._id, barcode, name });
  }
  const adjusted = await apiPost(page, '/api/inventory/adjustment/register', {
    cellarId,
    reason: 'Inventario inicial',
    lines: products.map((p) => ({ productId: p.id, quantity: '10', unitCost: '0.50' })),
  });
  expect(adjusted.status(), await adjusted.text()).toBe(201);

  // A shift to take the cash (a register of its own unless the admin already holds one).
  await page.goto('/admin/ventas/notaventa');
  await hydrated(page);
  if (await page.getByText('No tiene un turno de caja abierto').isVisible()) {
    const register = await apiPost(page, '/api/cashRegister/register', { code: `M${stamp}`.slice(0, 10), name: `Caja ${stamp}` });
    expect(register.status(), await register.text()).toBe(201);
    const opened = await apiPost(page, '/api/Turn/open', { cashRegisterId: (await register.json())._id, openingAmount: '10.00' });
    expect(opened.status(), await opened.text()).toBe(201);
    await page.reload();
    await hydrated(page);
  }

  // The search shows the price with IVA.
  await page.getByRole('button', { name: 'Buscar (F2)' }).click();
  await page.getByRole('combobox', { name: 'Buscar producto' }).fill(`Mochila PVP ${stamp}`);
  await expect(page.getByRole('option', { name: new RegExp(`Mochila PVP ${stamp}`) })).toContainText('PVP $ 23.00');
  await page.keyboard.press('Escape');

  const scan = page.getByLabel('Código de barras');
  for (const p of products) {
    await scan.fill(p.barcode);
    await scan.press('Enter');
    await expect(page.getByTestId('cart')).toContainText(p.name);
  }
  await expect(page.getByTestId('pos-total')).toHaveText('$ 7.94');
  await expect(page.getByTestId('line-amount')).toHaveText(['$ 1.10', '$ 2.30', '$ 3.50']);

  // What the cashier sees adds up: Σ lines = Σ subtotals; Σ subtotals + Σ IVA = total.
  const lines = await sum(page, 'line-amount');
  const subtotals = await sum(page, 'pos-subtotal');
  const iva = await sum(page, 'pos-iva');
  const total = cents(await page.getByTestId('pos-total').textContent());
  expect(lines).toBe(subtotals);
  expect(subtotals + iva).toBe(total);
  expect(iva).toBe(104n);

  // Sell it: the registered sale's total is the one shown.
  await scan.press('F9');
  const dialog = page.getByTestId('pay-dialog');
  await dialog.getByLabel('Recibido').fill('10.00');
  await expect(page.getByTestId('change')).toHaveText('Cambio $ 2.06');
  await dialog.getByLabel('Recibido').press('Enter');
  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Total $ 7.94');
  await expect(done).toContainText('Cambio $ 2.06');
  await page.keyboard.press('F9');
  expect(errors).toEqual([]);
});

test('money on screen is rounded to the cent, never cut', () => {
  // A kardex average of 1.845 showed «$ 1.84» beside a value that rounded to «$ 1.85».
  expect(formatMoney('1.845')).toBe('$ 1.85');
  expect(formatMoney('1.844999')).toBe('$ 1.84');
  expect(formatMoney('9.995')).toBe('$ 10.00');
  expect(formatMoney('999999.995')).toBe('$ 1,000,000.00');
  expect(formatMoney('-2.005')).toBe('-$ 2.01');
  expect(formatMoney('-0.001')).toBe('$ 0.00');
  expect(formatMoney('750000')).toBe('$ 750,000.00');
  expect(formatMoney('0.1')).toBe('$ 0.10');
});
