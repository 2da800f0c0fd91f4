/**
 * Receivables in a real browser: a credit sale to a new client, collected by transfer on the
 * collect screen (oldest first), its numbered receipt printed on 80 mm and A4, and the client's
 * account statement printed with JavaScript disabled; the hub's totals, the list and its filters,
 * and a payment reversed on the receivable's payments page.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney } from '../src/lib/format';
import { NO_APP_SCRIPT, apiPost, clientNavigate, collectErrors, expectToast, hydrated, scannableProducts, signIn, unexpected } from './helpers';

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

/** A new client with a credit sale of one demo product; the client and the sale's total. */
async function creditSale(page: Page, stamp: number): Promise<{ client: { _id: number; name: string }; total: string }> {
  const client = await (
    await apiPost(page, '/api/clients/register', {
      idType: 'pasaporte',
      identification: `CXH${stamp}`,
      name: `Cliente Hub ${stamp}`,
      creditLimit: '500.00',
      creditDays: 30,
    })
  ).json();
  expect(client._id).toBeTruthy();
  const [product] = await scannableProducts(page);
  const lines = [{ productId: product._id, quantity: '2' }];
  const preview = await (await apiPost(page, '/api/sales/note/preview', { clientId: client._id, lines })).json();
  const total: string = preview.total;
  const sale = await apiPost(page, '/api/sales/note/register', {
    idempotencyKey: `cxh-e2e-${stamp}`,
    clientId: client._id,
    lines,
    payments: [{ method: 'credit', amount: total }],
  });
  expect(sale.status()).toBe(201);
  return { client, total };
}

test('the hub, the list with its filters, and a payment reversed on the payments page', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  const stamp = Date.now() % 100000;
  const { client, total } = await creditSale(page, stamp);
  const account = await (
    await apiPost(page, '/api/bank/register', { bank: `Banco Hub ${stamp}`, accountType: 'ahorros', number: `77-${stamp}`, holder: 'Demo', openingBalance: '0' })
  ).json();
  expect(account._id).toBeTruthy();
  // A partial payment of 0.10 by transfer.
  const receipt = await apiPost(page, '/api/cxc/collect', {
    idempotencyKey: `cxh-pay-${stamp}`,
    clientId: client._id,
    method: 'transfer',
    amount: '0.10',
    bankAccountId: account._id,
    reference: `T${stamp}`,
  });
  expect(receipt.status(), await receipt.text()).toBe(201);
  const receiptNumber: number = (await receipt.json()).number;
  const aging = await (await page.request.get('/api/cxc/aging')).json();

  // The hub: the company's totals and buckets, as the aging API computes them.
  await page.goto('/admin/cxc');
  await hydrated(page);
  await expect(page.getByTestId('cxc-total')).toContainText(formatMoney(aging.total.total));
  await expect(page.getByTestId('cxc-overdue')).toContainText(formatMoney(aging.overdue));
  const buckets = page.getByTestId('cxc-aging');
  for (const label of ['Por vencer', '1–30 días', '31–60 días', '61–90 días', 'Más de 90 días']) {
    await expect(buckets.getByRole('columnheader', { name: label })).toBeVisible();
  }
  await expect(buckets.getByRole('cell').first()).toHaveText(formatMoney(aging.total.notDue));
  await page.getByRole('link', { name: 'Ver cuentas por cobrar' }).click();
  await expect(page).toHaveURL(/\/admin\/cxc\/listaCxC$/);

  // The list, filtered by client, status and overdue.
  const filters = page.getByTestId('cxc-filters');
  await filters.getByLabel('Buscar').fill(client.name);
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/search=Cliente\+Hub/);
  const rows = page.getByTestId('cxc-list').getByRole('row').filter({ hasText: client.name });
  await expect(rows).toHaveCount(1);
  const balance = (Number(total.replace('.', '')) - 10).toString().padStart(3, '0');
  const balanceText = formatMoney(`${balance.slice(0, -2)}.${balance.slice(-2)}`);
  await expect(rows).toContainText('Parcial');
  await expect(rows).toContainText(formatMoney(total));
  await expect(rows).toContainText(balanceText);
  await filters.getByLabel('Estado').selectOption('pagada');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('No hay cuentas por cobrar con estos filtros.')).toBeVisible();
  await filters.getByLabel('Estado').selectOption('parcial');
  await filters.getByLabel('Solo vencidas').check();
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/overdue=true/);
  // Due in 30 days: not overdue.
  await expect(page.getByText('No hay cuentas por cobrar con estos filtros.')).toBeVisible();
  await filters.getByLabel('Solo vencidas').uncheck();
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: 'Pagos' }).click();
  await expect(page).toHaveURL(/\/admin\/cxc\/\d+\/pagos$/);

  // The payments page: the transfer, reversed with a reason (required).
  const detail = page.getByTestId('cxc-receivable');
  await expect(detail).toContainText(`Cliente: ${client.name}`);
  await expect(detail).toContainText('Estado: Parcial');
  await expect(detail).toContainText(`pagado ${formatMoney('0.10')} · saldo ${balanceText}`);
  const payment = page.getByTestId('cxc-payments').getByRole('row').filter({ hasText: `N.º ${receiptNumber}` });
  await expect(payment).toContainText(`Transferencia (T${stamp})`);
  await expect(payment).toContainText('Vigente');
  await payment.getByRole('button', { name: 'Anular cobro' }).click();
  await payment.getByRole('button', { name: 'Anular', exact: true }).click();
  await expect(page.getByText('El motivo de la anulación es obligatorio')).toBeVisible();
  await payment.getByLabel('Motivo de la anulación').fill('Transferencia no acreditada');
  await payment.getByRole('button', { name: 'Anular', exact: true }).click();
  await expectToast(page, 'Cobro anulado');
  await expect(payment).toContainText('Anulado: Transferencia no acreditada');
  await expect(payment.getByRole('button', { name: 'Anular cobro' })).toHaveCount(0);
  await expect(detail).toContainText('Estado: Pendiente');
  await expect(detail).toContainText(`pagado ${formatMoney('0.00')} · saldo ${formatMoney(total)}`);
  // The money left the bank account it went into.
  const bank = await (await page.request.get(`/api/bank/${account._id}/movements`)).json();
  expect((bank.movements as { type: string }[]).map((m) => m.type).filter((t) => t.startsWith('collection'))).toEqual(['collection', 'collection_reversal']);
  expect(bank.balance).toBe('0.00');

  // Back on the list, client-side: the receivable is pending again.
  await clientNavigate(page, `/admin/cxc/listaCxC?search=${encodeURIComponent(client.name)}&status=pendiente`);
  await expect(page.getByTestId('cxc-list').getByRole('row').filter({ hasText: client.name })).toContainText('Pendiente');
  expect(unexpected(errors, 400)).toEqual([]);
});
