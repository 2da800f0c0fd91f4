/**
 * Issue 23's "Done means", in a real browser on the demo data against the local SRI simulator
 * (`mostrador sri simulator`, started by playwright.config.ts): the admin uploads a demo
 * certificate and sees its facts, sells with factura express from the keyboard to a client with an
 * e-mail, sees the factura AUTORIZADO, prints its RIDE on A4 and 80 mm, finds it autorizado among
 * the electronic documents, and the buyer's e-mail arrives with the XML and the RIDE attached.
 */
import { expect, test } from '@playwright/test';
import { apiPost, collectErrors, demoCertificate, expectToast, hydrated, mailWith, scannableProducts, signIn } from './helpers';

/** A valid cédula (check digit 5) that no demo client has. */
const BUYER_ID = '1712345675';
const BUYER_EMAIL = 'comprador.factura@example.ec';
const BUYER_NAME = 'Comprador Factura E2E';

test('upload the certificate, sell with factura express, authorized, RIDE A4 and 80 mm, e-mail to the buyer', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');

  // The certificate, uploaded through the set-up page's form.
  const password = 'clave-demo-e2e';
  const p12 = demoCertificate(password);
  await page.goto('/admin/ebilling/test');
  await hydrated(page);
  // ebilling-forms.spec.ts may have stored one earlier in the run: then this upload replaces it.
  if ((await page.getByTestId('certificate-facts').count()) === 0) await expect(page.getByTestId('no-certificate')).toBeVisible();
  await page.getByLabel('Archivo .p12').setInputFiles(p12);
  await page.getByLabel('Contraseña del certificado').fill(password);
  await page.getByRole('button', { name: 'Guardar certificado' }).click();
  await expectToast(page, 'Certificado guardado');
  const facts = page.getByTestId('certificate-facts');
  await expect(facts).toContainText('MINIMARKET DEMO');
  await expect(facts).toContainText('1790011224001');

  // The buyer, with an e-mail (through the API with the page's CSRF token).
  const created = await apiPost(page, '/api/clients/register', {
    idType: 'cedula',
    identification: BUYER_ID,
    name: BUYER_NAME,
    email: BUYER_EMAIL,
  });
  expect(created.status(), await created.text()).toBe(201);

  // A shift for the admin on the first register (the cashier's test closed its own there).
  await page.goto('/admin/caja/abrirCerrarCaja');
  await hydrated(page);
  await page.getByLabel('Caja').selectOption({ label: 'C01 · Caja principal' });
  await page.getByLabel('Fondo inicial').fill('10.00');
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  await expectToast(page, 'Caja abierta');

  const [first, second] = await scannableProducts(page);

  // Factura express from the keyboard: scan two products, F4 the client, F9 pay cash.
  await page.goto('/admin/ventas/facturaExpress');
  await hydrated(page);
  const scan = page.getByLabel('Código de barras');
  await expect(scan).toBeFocused();
  await scan.fill(first.barcodes[0]);
  await scan.press('Enter');
  await expect(page.getByTestId('cart')).toContainText(first.name);
  await scan.fill(second.barcodes[0]);
  await scan.press('Enter');
  await expect(page.getByTestId('cart')).toContainText(second.name);
  await scan.press('F4');
  const search = page.getByLabel('Buscar cliente');
  await expect(search).toBeVisible();
  await search.fill(BUYER_ID);
  await expect(page.getByRole('button', { name: new RegExp(BUYER_NAME) })).toBeVisible();
  await search.press('Enter');
  await expect(page.getByTestId('pos-totals')).toContainText(`${BUYER_NAME} · ${BUYER_ID}`);
  await expect(page.getByTestId('pos-total')).not.toHaveText('$ 0.00');

  await page.getByLabel('Código de barras').press('F9');
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Recibido').fill('100.00');
  await dialog.getByLabel('Recibido').press('Enter');
  const done = page.getByTestId('sale-done');
  await expect(done).toContainText('Factura 001-001-');

  // The SRI's answer, shown live.
  await expect(done.getByTestId('invoice-status')).toHaveText('AUTORIZADO', { timeout: 20_000 });
  const accessKey = ((await done.getByTestId('invoice-access-key').textContent()) ?? '').replace(/\s/g, '');
  expect(accessKey).toMatch(/^\d{49}$/);
  const a4Href = await done.getByRole('link', { name: 'RIDE A4' }).getAttribute('href');
  const ticketHref = await done.getByRole('link', { name: 'RIDE 80 mm' }).getAttribute('href');
  expect(a4Href).toMatch(/^\/tickets\/factura\/\d+\/A4SRI$/);
  expect(ticketHref).toMatch(/^\/tickets\/factura\/\d+\/Ticket80$/);
  expect(errors).toEqual([]);

  // The RIDE on A4 and on 80 mm: authorization number and the 49-digit clave.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const print = await context.newPage();
  const a4 = await print.goto(a4Href ?? '');
  expect(a4?.status()).toBe(200);
  const rideA4 = print.getByTestId('ride-a4');
  await expect(rideA4).toContainText('FACTURA');
  await expect(rideA4).toContainText(BUYER_NAME);
  await expect(print.getByTestId('ride-access-key')).toHaveText(accessKey);
  const authorization = ((await print.getByTestId('ride-authorization').textContent()) ?? '').trim();
  expect(authorization).toMatch(/^\d{10,49}$/);
  await expect(print.getByTestId('ride-not-authorized')).toHaveCount(0);

  const ticket = await print.goto(ticketHref ?? '');
  expect(ticket?.status()).toBe(200);
  await expect(print.getByTestId('ride-ticket')).toContainText(first.name);
  await expect(print.getByTestId('ride-authorization')).toHaveText(authorization);
  const grouped = ((await print.getByTestId('ride-access-key').textContent()) ?? '').replace(/\s/g, '');
  expect(grouped).toBe(accessKey);
  await context.close();

  // The electronic documents list it as autorizado.
  await page.goto('/admin/ebilling');
  await hydrated(page);
  const row = page.getByTestId('document-row').filter({ hasText: BUYER_NAME });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('state-badge')).toHaveText('autorizado');

  // The buyer's e-mail, with the authorized XML and the RIDE attached.
  const mail = await mailWith(BUYER_EMAIL, `${accessKey}.xml`);
  expect(mail).toContain(`${accessKey}.html`);
  expect(mail).toMatch(/Content-Disposition: attachment/i);
  expect(errors).toEqual([]);
});
