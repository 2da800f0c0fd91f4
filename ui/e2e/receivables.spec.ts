/**
 * Receivables in a real browser: a credit sale to a new client, collected by transfer on the
 * collect screen (oldest first), its numbered receipt printed on 80 mm and A4, and the client's
 * account statement printed with JavaScript disabled.
 */
import { expect, test } from '@playwright/test';
import { NO_APP_SCRIPT, apiPost, collectErrors, expectToast, hydrated, scannableProducts, signIn } from './helpers';

test('collect a receivable and print the statement without JavaScript', async ({ page, browser }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  const stamp = Date.now() % 100000;
  const client = await (
    await apiPost(page, '/api/clients/register', {
      idType: 'pasaporte',
      identification: `CXC${stamp}`,
      name: `Cliente Crédito ${stamp}`,
      creditLimit: '500.00',
      creditDays: 30,
    })
  ).json();
  expect(client._id).toBeTruthy();
  const account = await (
    await apiPost(page, '/api/bank/register', { bank: `Banco ${stamp}`, accountType: 'corriente', number: `${stamp}`, holder: 'Demo', openingBalance: '0' })
  ).json();
  expect(account._id).toBeTruthy();
  const [product] = await scannableProducts(page);
  const preview = await (await apiPost(page, '/api/sales/note/preview', { clientId: client._id, lines: [{ productId: product._id, quantity: '1' }] })).json();
  const total: string = preview.total;
  const sale = await apiPost(page, '/api/sales/note/register', {
    idempotencyKey: `cxc-e2e-${stamp}`,
    clientId: client._id,
    lines: [{ productId: product._id, quantity: '1' }],
    payments: [{ method: 'credit', amount: total }],
  });
  expect(sale.status()).toBe(201);

  await page.goto(`/admin/cxc/cobrarCxC?clientId=${client._id}`);
  await hydrated(page);
  await expect(page.getByTestId('collect-open')).toContainText('001-');
  const form = page.getByTestId('collect-form');
  await form.getByLabel('Forma de pago').selectOption('transfer');
  await form.getByLabel('Cuenta bancaria').selectOption(String(account._id));
  await form.getByLabel('Monto recibido').fill(total);
  await form.getByRole('button', { name: 'Registrar cobro' }).click();
  await expectToast(page, 'Cobro registrado: recibo N.º', undefined);
  const done = page.getByTestId('collect-receipt');
  await expect(done).toContainText('Recibo N.º');
  await expect(done).toContainText('por cobrar: $ 0.00');
  const ticketHref = (await done.getByRole('link', { name: 'Imprimir ticket 80 mm' }).getAttribute('href')) ?? '';
  expect(errors).toEqual([]);

  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Guayaquil' });
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const print = await context.newPage();
  const ticket = await print.goto(ticketHref);
  expect(ticket?.status()).toBe(200);
  await expect(print.getByTestId('ticket')).toContainText('RECIBO DE COBRO N.º');
  expect(await print.locator(NO_APP_SCRIPT).count()).toBe(0);
  const a4 = await print.goto(ticketHref.replace('Ticket80', 'A4'));
  expect(a4?.status()).toBe(200);
  await expect(print.getByTestId('receipt-document')).toContainText(`Cliente Crédito ${stamp}`);
  const statement = await print.goto(`/tickets/cxc/${client._id}/estado_de_cuenta?from=${today}&to=${today}`);
  expect(statement?.status()).toBe(200);
  const doc = print.getByTestId('statement-document');
  await expect(doc).toContainText('ESTADO DE CUENTA');
  await expect(doc).toContainText('Venta a crédito 001-');
  await expect(doc).toContainText('Cobro recibo');
  await expect(print.getByTestId('statement-closing')).toHaveText('$ 0.00');
  expect(await print.locator(NO_APP_SCRIPT).count()).toBe(0);
  await context.close();
});
