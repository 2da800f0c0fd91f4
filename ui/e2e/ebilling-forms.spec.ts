/**
 * Issue 23's forms in a real browser against the local SRI simulator (`mostrador sri simulator`,
 * started by playwright.config.ts on E2E_PORT + 1): the full invoice form (client created inline,
 * a discount, two payments, información adicional → AUTORIZADO, RIDE), the electronic credit note
 * against it (stock and cash visibly returned), the guía de remisión with two recipients and from
 * an inventory transfer, and the /admin/ebilling list (filters, XML, RIDE, e-mail again, and
 * «Corregir y reenviar» of a factura the simulator returned DEVUELTA once).
 *
 * The tests run in order and share the factura of the first. They do not depend on the other
 * specs: the certificate is uploaded only when the company has none, and the admin's shift on
 * C01 is opened here and closed again at the end (ebilling.spec.ts opens its own there).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, cellTextGaps, collectErrors, csrfToken, demoCertificate, expectToast, hydrated, mailWith, scannableProducts, signIn, type DemoProduct } from './helpers';

test.describe.configure({ mode: 'serial' });

/** A valid cédula (check digit 5) that no demo client has: the buyer created inline. */
const BUYER_ID = '1710034065';
const BUYER_NAME = 'Ferretería Forms E2E';
const BUYER_EMAIL = 'ferreteria.forms@example.ec';
/** Where «Enviar por correo» sends the copy asked for from the list. */
const COPY_EMAIL = 'contadora.forms@example.ec';
/** A valid cédula for the carrier, and natural-person RUCs (cédula + 001) for the recipients. */
const CARRIER_ID = '1712345675';
const SRI_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}`;

/** The factura of the first test, used by the credit note and the list. */
const shared = { invoiceNumber: '', accessKey: '', product: null as DemoProduct | null, turnId: 0 };

/** Signs in as the admin, with a certificate stored and a shift open on C01. */
async function ready(page: Page) {
  await signIn(page, 'admin@demo.ec');
  const stored = await page.request.get('/api/ebilling/certificate');
  if (stored.status() !== 200) {
    const password = 'clave-forms-e2e';
    const up = await page.request.post('/api/ebilling/certificate', {
      multipart: { file: { name: 'demo.p12', mimeType: 'application/x-pkcs12', buffer: readFileSync(demoCertificate(password)) }, password },
      headers: { 'X-CSRF-Token': await csrfToken(page) },
    });
    expect(up.status(), await up.text()).toBe(200);
  }
  const last = await (await page.request.get('/api/Turn/getMyLastTurn')).json();
  if (last?.state === 'open') return;
  const registers = await (await page.request.get('/api/cashRegister?limit=50')).json();
  const c01 = (registers.results as { _id: number; code: string }[]).find((r) => r.code === 'C01');
  const opened = await apiPost(page, '/api/Turn/open', { cashRegisterId: c01?._id, openingAmount: '50.00' });
  expect(opened.status(), await opened.text()).toBe(201);
  shared.turnId = (await opened.json())._id;
}

/** Stock of `product` in the branch's warehouses, as a number of units. */
async function stockOf(page: Page, product: DemoProduct): Promise<number> {
  const stock = await (await page.request.get(`/api/inventory/stock?search=${encodeURIComponent(product.code)}`)).json();
  return (stock.results as { productId: number; quantity: string }[]).filter((r) => r.productId === product._id).reduce((s, r) => s + Number(r.quantity), 0);
}

/** Cents of a «$ 12.34» text. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const money = (c: number) => (c / 100).toFixed(2);

test.afterAll(async ({ browser }) => {
  // The shift opened here goes back closed, so other specs can open C01.
  if (!shared.turnId) return;
  const page = await browser.newPage();
  await signIn(page, 'admin@demo.ec');
  await apiPost(page, `/api/Turn/${shared.turnId}/close`, { counts: [], note: 'Cierre de la prueba de formularios' });
  await page.close();
});

test('full invoice form: client created inline, discount, two payments, información adicional → AUTORIZADO and RIDE', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await ready(page);
  const [first, second] = await scannableProducts(page);
  shared.product = first;

  await page.goto('/admin/ebilling/factura');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Factura electrónica' })).toBeVisible();
  await expect(page.getByTestId('additional-info')).toContainText('Sin campos adicionales.');
  const scan = page.getByLabel('Código de barras');
  await expect(scan).toBeFocused();
  for (const product of [first, second]) {
    await scan.fill(product.barcodes[0]);
    await scan.press('Enter');
    await expect(page.getByTestId('cart')).toContainText(product.name);
  }
  await page.getByLabel(`Cantidad de ${first.name}`).fill('2');

  // The buyer does not exist yet: searched, then registered from the picker.
  await scan.press('F4');
  const search = page.getByLabel('Buscar cliente');
  await search.fill(BUYER_ID);
  await page.getByRole('button', { name: 'Registrar un cliente nuevo' }).click();
  const form = page.getByTestId('new-client');
  await form.getByLabel('Identificación', { exact: true }).fill(BUYER_ID);
  await form.getByLabel('Nombre o razón social').fill(BUYER_NAME);
  await form.getByLabel('Correo electrónico').fill(BUYER_EMAIL);
  await form.getByLabel('Dirección', { exact: true }).fill('Av. Amazonas N34-120');
  await form.getByRole('button', { name: 'Registrar y elegir' }).click();
  await expect(page.getByTestId('pos-totals')).toContainText(`${BUYER_NAME} · ${BUYER_ID}`);

  // A discount on the second line, and two rows of información adicional.
  const before = cents((await page.getByTestId('pos-total').textContent()) ?? '');
  await page.getByLabel(`Descuento de ${second.name}`).fill('0.10');
  await expect(page.getByTestId('pos-totals')).toContainText('$ 0.10');
  await expect.poll(async () => cents((await page.getByTestId('pos-total').textContent()) ?? '')).toBeLessThan(before);
  const info = page.getByTestId('additional-info');
  await info.getByRole('button', { name: 'Agregar campo adicional' }).click();
  await info.getByLabel('Nombre del campo adicional 1').fill('Orden de compra');
  await info.getByLabel('Valor del campo adicional 1').fill('OC-7781');
  await info.getByRole('button', { name: 'Agregar campo adicional' }).click();
  await info.getByLabel('Nombre del campo adicional 2').fill('Vendedor');
  await info.getByLabel('Valor del campo adicional 2').fill('Mostrador');
  const total = cents((await page.getByTestId('pos-total').textContent()) ?? '');

  // Two payments: cash for all but one dollar, the dollar by card.
  await page.getByRole('button', { name: 'Cobrar (F9)' }).click();
  const dialog = page.getByTestId('pay-dialog');
  await dialog.getByLabel('Monto').first().fill(money(total - 100));
  await dialog.getByRole('button', { name: 'Agregar forma de pago' }).click();
  await dialog.getByLabel('Forma de pago').nth(1).selectOption('card');
  await dialog.getByLabel('Monto').nth(1).fill('1.00');
  await dialog.getByLabel('Referencia').fill('VOUCHER-0042');
  await expect(dialog).not.toContainText('Falta');
  await dialog.getByRole('button', { name: /Registrar venta/ }).click();

  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Factura 001-001-');
  shared.invoiceNumber = ((await done.locator('p').first().textContent()) ?? '').replace('Factura ', '').trim();
  await expect(done.getByTestId('invoice-status')).toHaveText('AUTORIZADO', { timeout: 20_000 });
  shared.accessKey = ((await done.getByTestId('invoice-access-key').textContent()) ?? '').replace(/\s/g, '');
  expect(shared.accessKey).toMatch(/^\d{49}$/);
  // The información adicional is cleared for the next factura.
  await expect(page.getByTestId('additional-info')).toContainText('Sin campos adicionales.');

  // The RIDE carries the buyer, the discount, both payments and the información adicional.
  const href = await done.getByRole('link', { name: 'RIDE A4' }).getAttribute('href');
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const print = await context.newPage();
  expect((await print.goto(href ?? ''))?.status()).toBe(200);
  const ride = print.getByTestId('ride-a4');
  await expect(ride).toContainText(BUYER_NAME);
  await expect(ride).toContainText('Orden de compra');
  await expect(ride).toContainText('OC-7781');
  await expect(ride).toContainText(money(total));
  await expect(print.getByTestId('ride-access-key')).toHaveText(shared.accessKey);
  // Between the text of neighbouring cells of the lines there is room («Cant.Descripción» ran
  // together): measured on the printed text itself, in the header and in every line.
  const gaps = await cellTextGaps(print.getByTestId('ride-lines'));
  expect(gaps.length).toBeGreaterThan(0);
  for (const { pair, gap } of gaps) expect(gap, pair).toBeGreaterThanOrEqual(4);
  await context.close();
  expect(errors).toEqual([]);
});

test('electronic credit note against the authorized factura: authorized, stock and cash returned', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await ready(page);
  const product = shared.product;
  expect(shared.invoiceNumber, 'the factura of the first test').not.toBe('');
  if (!product) throw new Error('sin producto');
  const stockBefore = await stockOf(page, product);

  await page.goto('/admin/ebilling/nota_de_credito');
  await hydrated(page);
  await page.getByLabel('Factura (número o cliente)').fill('no-existe-999');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toContainText('No se encontró ninguna factura');

  await page.getByLabel('Factura (número o cliente)').fill(shared.invoiceNumber);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByTestId('invoice-candidates').getByRole('button', { name: new RegExp(shared.invoiceNumber) }).click();
  const form = page.getByTestId('credit-note-form');
  await expect(form).toContainText(BUYER_NAME);
  await form.getByLabel(`Devolver ${product.name}`).fill('1');
  await form.getByLabel('Motivo').fill('Producto con fallas de fábrica');
  await form.getByLabel(/Devolver en efectivo/).check();
  await form.getByRole('button', { name: 'Emitir nota de crédito' }).click();

  const progress = page.getByTestId('credit-note-progress');
  await expect(progress).toContainText(`factura ${shared.invoiceNumber}`);
  await expect(progress.getByTestId('credit-note-status')).toHaveText('AUTORIZADO', { timeout: 20_000 });
  const returned = progress.getByTestId('credit-note-returned');
  await expect(returned).toContainText(`1 × ${product.name}`);
  await expect(returned).toContainText('en efectivo de su turno');
  const refund = ((await returned.textContent()) ?? '').match(/\$ [\d.]+/)?.[0] ?? '';
  expect(refund).not.toBe('');
  await expect(progress.getByRole('link', { name: 'RIDE A4' })).toBeVisible();
  // The list below says the same as the card (it kept «RECIBIDA» and no RIDE).
  const noteNumber = /Nota de crédito (\S+)/.exec((await progress.getByRole('heading').textContent()) ?? '')?.[1] ?? '';
  expect(noteNumber).not.toBe('');
  const listed = page.getByRole('row').filter({ hasText: noteNumber });
  await expect(listed.getByTestId('credit-note-row-status')).toHaveText('AUTORIZADO');
  await expect(listed.getByRole('link', { name: 'RIDE A4' })).toBeVisible();

  // The unit is back in stock, and the refund left the drawer as a line of the shift.
  expect(await stockOf(page, product)).toBe(stockBefore + 1);
  await page.goto('/admin/caja/Ingresar');
  await hydrated(page);
  await expect(page.getByRole('row').filter({ hasText: `-${refund}` })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('guía de remisión with two recipients: Spanish validation, then AUTORIZADO', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await ready(page);
  const [first] = await scannableProducts(page);

  await page.goto('/admin/ebilling/guiaDeRemision');
  await hydrated(page);
  // Ten digits cannot be a RUC: the type follows to cédula.
  await expect(page.getByLabel('Tipo de identificación del transportista')).toHaveValue('ruc');
  await page.getByLabel('Identificación', { exact: true }).fill(CARRIER_ID);
  await expect(page.getByLabel('Tipo de identificación del transportista')).toHaveValue('cedula');
  await page.getByLabel('Transportista', { exact: true }).fill('Transportes Andinos');
  await page.getByLabel('Placa').fill('PBA-1234');

  const one = page.getByTestId('recipient').nth(0);
  await one.getByLabel('Identificación del destinatario').fill(`${CARRIER_ID}001`);
  await one.getByLabel('Nombre o razón social').fill('Bodega Norte E2E');
  await one.getByLabel('Dirección de llegada').fill('Av. 6 de Diciembre y Colón');
  const search = one.getByLabel('Buscar producto');
  await search.fill(first.name.slice(0, 6));
  await expect(one.getByRole('button', { name: new RegExp(first.name) })).toBeVisible();
  await search.press('Enter');
  await expect(one.getByPlaceholder('Descripción')).toHaveValue(first.name);
  // Enter in the search picked the product and did not submit the guía.
  await expect(page.getByTestId('live-state')).toHaveCount(0);

  // A second recipient left empty: each problem is told in Spanish under its field.
  await page.getByRole('button', { name: 'Agregar destinatario' }).click();
  await expect(page.getByTestId('recipient')).toHaveCount(2);
  await expect(page.getByTestId('recipient').nth(0)).toContainText('Destinatario 1');
  const two = page.getByTestId('recipient').nth(1);
  await page.getByRole('button', { name: 'Emitir guía electrónica' }).click();
  await expect(page.getByRole('alert')).toContainText('Revise los datos marcados de los destinatarios');
  await expect(two).toContainText('Escriba la identificación del destinatario');
  await expect(two).toContainText('Escriba la dirección de llegada');
  await expect(two).toContainText('Elija un producto o escriba la descripción');
  await expect(one).not.toContainText('Escriba');

  // The server's own check (a RUC too short) comes back under the second recipient's field.
  await two.getByLabel('Identificación del destinatario').fill('12345');
  await two.getByLabel('Nombre o razón social').fill('Cliente Sur E2E');
  await two.getByLabel('Dirección de llegada').fill('Av. Maldonado S12-45');
  await two.getByLabel('Motivo del traslado').fill('Entrega de pedido');
  await two.getByPlaceholder('Descripción').fill('Cajas de cartón vacías');
  await two.getByPlaceholder('Cantidad').fill('3');
  await page.getByRole('button', { name: 'Emitir guía electrónica' }).click();
  await expect(two).toContainText('el RUC debe tener 13 dígitos');
  await expect(page.getByTestId('live-state')).toHaveCount(0);

  await two.getByLabel('Identificación del destinatario').fill('1790011224001');
  await page.getByRole('button', { name: 'Emitir guía electrónica' }).click();
  const live = page.getByTestId('live-state');
  await expect(live).toContainText('Guía 001-001-');
  await expect(live.getByTestId('guide-state')).toHaveText('autorizado', { timeout: 20_000 });
  // The form starts over with one empty recipient.
  await expect(page.getByTestId('recipient')).toHaveCount(1);
  expect(errors.filter((e) => !e.includes('status of 422') && !e.includes('status of 400'))).toEqual([]);
});

test('guía de remisión from an inventory transfer, opened from the transfers screen', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await ready(page);
  const [first] = await scannableProducts(page);
  const cellars = (await (await page.request.get('/api/inventory/cellar/options')).json()) as { _id: number; isDefault: boolean }[];
  const from = cellars.find((c) => c.isDefault) ?? cellars[0];
  const to = cellars.find((c) => c._id !== from._id);
  const made = await apiPost(page, '/api/inventory/transfer/register', {
    fromCellarId: from._id,
    toCellarId: to?._id,
    reason: 'Reposición de la bodega',
    carrierName: 'Transportes Andinos',
    carrierIdentification: CARRIER_ID,
    plate: 'PBC-0981',
    lines: [{ productId: first._id, quantity: '1' }],
  });
  expect(made.status(), await made.text()).toBe(201);
  const transfer = await made.json();

  await page.goto('/admin/inventario/guiaDeRemision');
  await hydrated(page);
  await page.getByRole('row').filter({ hasText: `${transfer.number}` }).getByRole('link', { name: 'Guía electrónica' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/ebilling/guiaDeRemision\\?transferId=${transfer._id}$`));
  await hydrated(page);
  await expect(page.getByTestId('transfer-select')).toHaveValue(String(transfer._id));
  await expect(page.getByLabel('Placa')).toHaveValue('PBC-0981');
  await expect(page.getByTestId('recipient')).toHaveCount(0);
  await page.getByRole('button', { name: 'Emitir guía electrónica' }).click();
  const live = page.getByTestId('live-state');
  await expect(live.getByTestId('guide-state')).toHaveText('autorizado', { timeout: 20_000 });
  // Documented: listed with its transfer, and no longer offered.
  const number = ((await live.getByRole('heading').textContent()) ?? '').replace('Guía ', '');
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText(String(transfer.number));
  await expect(page.getByTestId('transfer-select').locator(`option[value="${transfer._id}"]`)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('/admin/ebilling: filters, XML, RIDE, e-mail again, and correct-and-resend of a DEVUELTA factura', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await ready(page);
  expect(shared.accessKey).toMatch(/^\d{49}$/);

  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/admin/ebilling');
  await hydrated(page);
  const rows = page.getByTestId('document-row');
  // At 1366 px the columns keep room between them and each amount stays on one line with its «$».
  await expect(rows.first()).toBeVisible();
  for (const { pair, gap } of await cellTextGaps(page.getByTestId('documents-table'))) expect(gap, pair).toBeGreaterThanOrEqual(4);
  for (const total of await page.getByTestId('document-total').all()) {
    const lines = await total.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, (await total.textContent()) ?? '').toBe(1);
  }

  // By type: only credit notes; then by state and date; then by client.
  await page.getByLabel('Tipo').selectOption('notaCredito');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/type=notaCredito/);
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain('Nota de crédito');

  await page.getByLabel('Tipo').selectOption('guiaRemision');
  await page.getByLabel('Estado').selectOption('authorized');
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Guayaquil' });
  await page.getByLabel('Desde').fill(today);
  await page.getByLabel('Hasta').fill(today);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(rows).toHaveCount(2);
  for (const text of await rows.allTextContents()) expect(text).toContain('Guía de remisión');
  // An authorized guía has its RIDE here too.
  await expect(rows.first().getByRole('link', { name: 'Ver RIDE' })).toHaveCount(1);

  await page.getByLabel('Desde').fill('2020-01-01');
  await page.getByLabel('Hasta').fill('2020-01-31');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByTestId('empty')).toHaveText('No hay comprobantes electrónicos que coincidan con los filtros.');

  // «Quitar filtros» empties every field, not only the address.
  await page.getByRole('link', { name: 'Quitar filtros' }).click();
  await expect(page).toHaveURL(/\/admin\/ebilling\?sort=date&order=desc$/);
  await expect(page.getByLabel('Tipo')).toHaveValue('');
  await expect(page.getByLabel('Estado')).toHaveValue('');
  await expect(page.getByLabel('Desde')).toHaveValue('');
  await expect(rows).toHaveCount(4);
  await page.getByLabel('Cliente').fill(BUYER_NAME);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(rows).toHaveCount(2); // the factura and its credit note
  const invoiceRow = rows.filter({ hasText: shared.invoiceNumber }).filter({ hasText: 'Factura' });
  await expect(invoiceRow).toHaveCount(1);
  await expect(invoiceRow.getByTestId('state-badge')).toHaveText('autorizado');

  // Its SRI messages, the authorized XML, and the RIDE.
  await invoiceRow.getByRole('button', { name: 'Mensajes del SRI' }).click();
  await expect(page.getByTestId('sri-messages')).toContainText(shared.accessKey);
  const [download] = await Promise.all([page.waitForEvent('download'), invoiceRow.getByRole('link', { name: 'Descargar XML' }).click()]);
  expect(download.suggestedFilename()).toBe(`${shared.accessKey}.xml`);
  const xml = readFileSync((await download.path()) ?? '', 'utf8');
  expect(xml).toContain(shared.accessKey);
  expect(xml).toContain('AUTORIZADO');

  // E-mail again, to the address typed in the dialog (no native prompt).
  page.once('dialog', () => {
    throw new Error('«Enviar por correo» no debe abrir un diálogo nativo');
  });
  await invoiceRow.getByRole('button', { name: 'Enviar por correo' }).click();
  const emailDialog = page.getByTestId('email-dialog');
  await emailDialog.getByLabel('Correo del destinatario').fill(COPY_EMAIL);
  await emailDialog.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expectToast(page, 'Correo en camino');
  const mail = await mailWith(COPY_EMAIL, `${shared.accessKey}.xml`);
  expect(mail).toMatch(/Content-Disposition: attachment/i);

  await invoiceRow.getByRole('link', { name: 'Ver RIDE' }).click();
  await expect(page).toHaveURL(`/admin/ebilling/RIDE/${shared.accessKey}`);
  await expect(page.getByTestId('ride-a4')).toContainText(BUYER_NAME);
  await expect(page.getByTestId('ride-access-key')).toHaveText(shared.accessKey);

  // The simulator returns the next reception DEVUELTA (error 52).
  const control = await page.request.post(`${SRI_URL}/simulador/control`, { data: { reception: { mode: 'reject', code: 52, times: 1 } } });
  expect(control.ok()).toBe(true);
  const [product] = await scannableProducts(page);
  const client = ((await (await page.request.get(`/api/clients/search?q=${BUYER_ID}`)).json()) as { _id: number }[])[0];
  const body = { clientId: client._id, lines: [{ productId: product._id, quantity: '1' }] };
  const preview = await (await apiPost(page, '/api/sales/note/preview', body)).json();
  const sold = await apiPost(page, '/api/sales/invoice/register', { ...body, idempotencyKey: `forms-devuelta-${Date.now()}`, payments: [{ method: 'cash', amount: preview.total }] });
  expect(sold.status(), await sold.text()).toBe(201);
  const invoice = await sold.json();

  await page.goto('/admin/ebilling?state=returned');
  await hydrated(page);
  const returned = rows.filter({ hasText: invoice.number });
  await expect(async () => {
    await page.reload();
    await expect(returned.getByTestId('state-badge')).toHaveText('devuelta', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await hydrated(page);
  await returned.getByRole('button', { name: 'Mensajes del SRI' }).click();
  await expect(page.getByTestId('sri-messages')).toContainText('52');
  await returned.getByRole('button', { name: 'Corregir y reenviar' }).click();
  await expectToast(page, 'Factura reenviada');

  await page.goto(`/admin/ebilling?search=${encodeURIComponent(BUYER_NAME)}`);
  const again = rows.filter({ hasText: invoice.number });
  await expect(async () => {
    await page.reload();
    await expect(again.getByTestId('state-badge')).toHaveText('autorizado', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // The same clave, sent twice to the SRI (returned, then received); the sale stored once.
  await again.getByRole('button', { name: 'Mensajes del SRI' }).click();
  await expect(page.getByTestId('sri-messages')).toContainText(invoice.accessKey);
  const state = await (await page.request.get(`${SRI_URL}/simulador/estado`)).json();
  expect(state.receptionsByKey[invoice.accessKey]).toBe(2);
  const sales = await (await page.request.get(`/api/sales/invoice?search=${invoice.number}`)).json();
  expect(sales.results).toHaveLength(1);
  expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
});
