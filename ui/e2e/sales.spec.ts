/**
 * The POS in a real browser, from the keyboard: scan two products (the second twice), pay cash
 * with change, see the change, and print the 80 mm ticket and the A4 note with JavaScript
 * disabled. A reload in the middle of a sale restores the cart. Then the other sales screens on
 * that sale: the hub lists it, a credit note returns a unit of it, and a quote converted into a
 * sale opens the POS with its line.
 */
import { expect, test } from '@playwright/test';
import { NO_APP_SCRIPT, collectErrors, expectToast, hydrated, signIn } from './helpers';

interface Product {
  name: string;
  kind: string;
  barcodes: string[];
}

test('scan two products, pay cash with change, print the ticket without JavaScript', async ({ page, browser }) => {
  // A whole day at the counter: sale, credit note, quote converted and paid.
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await signIn(page, 'vendedor@demo.ec');

  // A shift on the second register (the cashier's test uses the first).
  await page.goto('/admin/caja/abrirCerrarCaja');
  await hydrated(page);
  await page.getByLabel('Caja').selectOption({ label: 'C02 · Caja 2' });
  await page.getByLabel('Fondo inicial').fill('20.00');
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  await expectToast(page, 'Caja abierta');

  const list = await (await page.request.get('/api/item?limit=20')).json();
  const [first, second] = (list.results as Product[]).filter((p) => p.kind === 'product' && p.barcodes.length > 0);

  await page.goto('/admin/ventas/notaventa');
  await hydrated(page);
  const scan = page.getByLabel('Código de barras');
  await expect(scan).toBeFocused();
  await scan.fill(first.barcodes[0]);
  await scan.press('Enter');
  await expect(page.getByTestId('cart')).toContainText(first.name);
  await scan.fill(second.barcodes[0]);
  await scan.press('Enter');
  await scan.fill(second.barcodes[0]);
  await scan.press('Enter');
  await expect(page.getByLabel(`Cantidad de ${second.name}`)).toHaveValue('2');
  await expect(page.getByTestId('pos-total')).not.toHaveText('$ 0.00');

  // A reload keeps the unfinished sale.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('cart')).toContainText(second.name);
  await expect(page.getByLabel(`Cantidad de ${second.name}`)).toHaveValue('2');
  await expect(page.getByTestId('pos-total')).not.toHaveText('$ 0.00');
  const total = (await page.getByTestId('pos-total').textContent()) ?? '';

  // F9 pays: cash received 100.00, the change is shown before and after registering.
  await page.getByLabel('Código de barras').press('F9');
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Recibido').fill('100.00');
  const cents = Math.round(Number(total.replace(/[^0-9.]/g, '')) * 100);
  const change = `$ ${((10000 - cents) / 100).toFixed(2)}`;
  await expect(page.getByTestId('change')).toHaveText(`Cambio ${change}`);
  await dialog.getByLabel('Recibido').press('Enter');
  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Nota de venta 001-001-');
  await expect(done).toContainText(`Cambio ${change}`);
  const href = await done.getByRole('link', { name: 'Ticket 80 mm' }).getAttribute('href');
  const id = /\/admin\/ventas\/notaventa\/(\d+)\/ticket$/.exec(href ?? '')?.[1];
  expect(id).toBeTruthy();
  const saleNumber = /001-001-\d{9}/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(saleNumber).not.toBe('');

  // F9 again starts a new, empty sale.
  await page.keyboard.press('F9');
  await expect(page.getByTestId('cart')).toContainText('Escanee un producto para empezar la venta.');
  expect(errors).toEqual([]);

  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const print = await context.newPage();
  const ticket = await print.goto(`/admin/ventas/notaventa/${id}/ticket`);
  expect(ticket?.status()).toBe(200);
  const body = print.getByTestId('ticket');
  await expect(body).toContainText('NOTA DE VENTA 001-001-');
  await expect(body).toContainText(first.name);
  await expect(body).toContainText(second.name);
  await expect(body).toContainText(`TOTAL${total}`);
  await expect(body).toContainText(`CAMBIO${change}`);
  expect(await print.locator(NO_APP_SCRIPT).count()).toBe(0);
  const a4 = await print.goto(`/admin/ventas/notaventa/${id}/pdf`);
  expect(a4?.status()).toBe(200);
  await expect(print.getByTestId('document-a4')).toContainText('NOTA DE VENTA');
  await expect(print.getByTestId('totals')).toContainText(`TOTAL${total}`);
  expect(await print.locator(NO_APP_SCRIPT).count()).toBe(0);
  await context.close();

  // The hub lists it among the branch's last sales.
  await page.goto('/admin/ventas');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Ventas de hoy' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(saleNumber);

  // A credit note returns one unit of the second product, refunded in cash from the shift.
  await page.goto('/admin/ventas/notaCredito');
  await hydrated(page);
  await page.getByLabel('Número de la nota de venta').fill(saleNumber);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const form = page.getByTestId('credit-note-form');
  await expect(form).toContainText(`Venta ${saleNumber}`);
  await form.getByLabel(`Devolver ${second.name}`).fill('1');
  await form.getByLabel('Motivo').fill('Producto dañado');
  await form.getByRole('button', { name: 'Registrar nota de crédito' }).click();
  await expectToast(page, 'Nota de crédito 001-001-');
  await expect(page.getByText('Todavía no hay notas de crédito.')).toHaveCount(0);

  // A quote of the first product, converted into a sale: the POS opens with its line.
  await page.goto('/admin/ventas/cotizador');
  await hydrated(page);
  const quote = page.getByTestId('quote-form');
  await quote.getByLabel('Agregar producto').fill(first.name);
  await quote.getByRole('button', { name: new RegExp(first.name) }).first().click();
  await expect(quote.getByLabel(`Cantidad de ${first.name}`)).toHaveValue('1');
  await quote.getByRole('button', { name: 'Registrar cotización' }).click();
  await expect(page.getByTestId('quotes-list')).toBeVisible();
  await page.getByTestId('quotes-list').getByRole('button', { name: 'Convertir en venta' }).first().click();
  await expect(page).toHaveURL(/\/admin\/ventas\/notaventa$/);
  await expect(page.getByTestId('cart')).toContainText(first.name);

  // Paid, the quote is «Convertida», linked to its sale, and cannot be converted again. F9
  // pays once the server has priced the cart.
  await expect(page.getByRole('button', { name: 'Cobrar (F9)' })).toBeEnabled();
  await page.getByLabel('Código de barras').press('F9');
  await expect(page.getByTestId('pay-dialog')).toBeVisible();
  await page.getByTestId('pay-dialog').getByLabel('Recibido').fill('100.00');
  await page.getByTestId('pay-dialog').getByLabel('Recibido').press('Enter');
  const converted = page.getByTestId('sale-done');
  await expect(converted).toContainText('Nota de venta 001-001-');
  const convertedNumber = /001-001-\d{9}/.exec((await converted.textContent()) ?? '')?.[0] ?? '';
  const convertedHref = (await converted.getByRole('link', { name: 'Ticket 80 mm' }).getAttribute('href')) ?? '';
  const convertedId = /\/admin\/ventas\/notaventa\/(\d+)\/ticket$/.exec(convertedHref)?.[1];
  expect(convertedId).toBeTruthy();
  await page.goto('/admin/ventas/cotizador');
  await hydrated(page);
  const saleLink = page.getByRole('link', { name: `Venta ${convertedNumber}` });
  await expect(page.getByTestId('quotes-list').getByRole('link', { name: `Venta ${convertedNumber}` })).toHaveAttribute('href', `/admin/ventas/notaventa/${convertedId}/pdf`);
  const quoteRow = page.getByTestId('quotes-list').locator('tr', { has: saleLink });
  await expect(quoteRow.getByTestId('quote-state')).toContainText('Convertida');
  await expect(quoteRow.getByRole('button', { name: 'Convertir en venta' })).toHaveCount(0);
  await page.goto(`/admin/ventas/notaventa/${convertedId}/pdf`);
  await expect(page.getByTestId('document-number')).toHaveText(`No. ${convertedNumber}`);
  expect(errors).toEqual([]);
});

test('a name typed in the code box finds the product, and F9 then Enter registers the sale', async ({ page }) => {
  const errors = collectErrors(page);
  // The seller's shift is open since the first test of this file.
  await signIn(page, 'vendedor@demo.ec');
  const list = await (await page.request.get('/api/item?limit=50')).json();
  const product = (list.results as Product[]).find((p) => p.kind === 'product' && p.barcodes.length > 0);
  expect(product).toBeTruthy();
  const name = product?.name ?? '';

  await page.goto('/admin/ventas/notaventa');
  await hydrated(page);
  const scan = page.getByLabel('Código de barras');
  await scan.fill(name);
  await scan.press('Enter');
  // One product is added at once; several open the search with the name typed.
  const search = page.getByLabel('Buscar producto');
  if (await search.isVisible()) {
    await expect(search).toHaveValue(name);
    await page.getByRole('option', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
  }
  await expect(page.getByTestId('cart')).toContainText(name);
  await expect(page.getByText('No existe un producto con ese código de barras')).toHaveCount(0);

  // F9, then Enter at once: the sale is registered (cash, the exact amount).
  await expect(page.getByRole('button', { name: 'Cobrar (F9)' })).toBeEnabled();
  await scan.press('F9');
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByLabel('Recibido')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toContainText('Nota de venta 001-001-');

  // Enter on «Forma de pago» registers too.
  await page.keyboard.press('F9');
  await scan.fill(product?.barcodes[0] ?? '');
  await scan.press('Enter');
  await expect(page.getByTestId('cart')).toContainText(name);
  await expect(page.getByRole('button', { name: 'Cobrar (F9)' })).toBeEnabled();
  await scan.press('F9');
  await dialog.getByLabel('Forma de pago').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toContainText('Nota de venta 001-001-');
  // The one 404 is the code look-up of the name typed (no product has it as its code).
  expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});
