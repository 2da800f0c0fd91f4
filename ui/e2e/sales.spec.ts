/**
 * The POS in a real browser, from the keyboard: scan two products (the second twice), pay cash
 * with change, see the change, and print the 80 mm ticket and the A4 note with JavaScript
 * disabled. A reload in the middle of a sale restores the cart.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, expectToast, hydrated, signIn } from './helpers';

interface Product {
  name: string;
  kind: string;
  barcodes: string[];
}

test('scan two products, pay cash with change, print the ticket without JavaScript', async ({ page, browser }) => {
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
  expect(await print.locator('script[src]').count()).toBe(0);
  const a4 = await print.goto(`/admin/ventas/notaventa/${id}/pdf`);
  expect(a4?.status()).toBe(200);
  await expect(print.getByTestId('document-a4')).toContainText('NOTA DE VENTA');
  await expect(print.getByTestId('totals')).toContainText(`TOTAL${total}`);
  expect(await print.locator('script[src]').count()).toBe(0);
  await context.close();
});
