/**
 * The comprobante de retención on a purchase, in a real browser against the local SRI stand-in:
 * the demo company becomes a withholding agent, a manual purchase is registered with its
 * retención (through the API, as the purchase forms will send it), the retención reaches
 * AUTORIZADO, its RIDE on A4 prints the sujeto retenido, the taxes withheld and the total, the
 * electronic documents list it under its own type, and the supplier's e-mail arrives with the XML
 * and the RIDE attached.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, collectErrors, demoCertificate, expectToast, hydrated, mailWith, signIn } from './helpers';

/** A valid RUC that no demo supplier has. */
const SUPPLIER_RUC = '1790016919001';
const SUPPLIER = 'FERRETERÍA RETENCIÓN E2E';
const SUPPLIER_EMAIL = 'retenciones.e2e@example.ec';

/** Today in Ecuador (UTC−5), `AAAA-MM-DD`. */
function today(): string {
  return new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
}

/** The signing certificate, through the set-up page's form, when the company has none yet. */
async function ensureCertificate(page: Page) {
  await page.goto('/admin/ebilling/test');
  await hydrated(page);
  if ((await page.getByTestId('certificate-facts').count()) > 0) return;
  const password = 'clave-demo-e2e';
  await page.getByLabel('Archivo .p12').setInputFiles(demoCertificate(password));
  await page.getByLabel('Contraseña del certificado').fill(password);
  await page.getByRole('button', { name: 'Guardar certificado' }).click();
  await expectToast(page, 'Certificado guardado');
}

test('a purchase with its retención: AUTORIZADO, the RIDE on A4 and the documents list', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  await ensureCertificate(page);

  // The company becomes a withholding agent (its other data as they are).
  const company = await (await page.request.get('/api/company')).json();
  const updated = await apiPost(page, '/api/company/update', {
    ruc: company.ruc,
    businessName: company.businessName,
    tradeName: company.tradeName,
    mainAddress: company.mainAddress,
    typeRegimen: company.typeRegimen,
    accountingRequired: company.accountingRequired,
    specialTaxpayer: company.specialTaxpayer,
    isRet: true,
    retentionAgentResolution: '1',
    sriEnvironment: company.sriEnvironment,
    allowNegativeStock: company.allowNegativeStock,
  });
  expect(updated.status(), await updated.text()).toBe(200);

  const supplier = await apiPost(page, '/api/purchases/supplier/register', {
    idType: 'ruc',
    identification: SUPPLIER_RUC,
    name: SUPPLIER,
    email: SUPPLIER_EMAIL,
    creditDays: 30,
  });
  expect(supplier.status(), await supplier.text()).toBe(201);
  const registered = await apiPost(page, '/api/purchases/manual/register', {
    idempotencyKey: `e2e-retencion-${Date.now()}`,
    supplierId: (await supplier.json())._id,
    documentNumber: '001-002-000004567',
    authorization: '1234567890',
    date: today(),
    lines: [{ description: 'Cemento', quantity: '10', unitCost: '10.00', ivaCode: '4' }],
    payment: { method: 'credit' },
    withholding: {
      lines: [
        { kind: 'renta', code: '312', base: '100.00' },
        { kind: 'iva', code: '1', base: '15.00' },
      ],
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const purchase = await registered.json();
  expect(purchase.withholding.total).toBe('6.50');

  // The stand-in authorizes it.
  const path = `/api/ebilling/withholding/${purchase.withholding._id}`;
  await expect
    .poll(async () => (await (await page.request.get(path)).json()).statusCode, { timeout: 20_000 })
    .toBe('authorized');
  const retention = await (await page.request.get(path)).json();

  // The RIDE on A4, with its print button.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const print = await context.newPage();
  const printErrors = collectErrors(print);
  const a4 = await print.goto(`/tickets/retencion/${retention.documentId}/A4SRI`);
  expect(a4?.status()).toBe(200);
  const ride = print.getByTestId('ride-a4');
  await expect(ride).toContainText('COMPROBANTE DE RETENCIÓN');
  await expect(ride).toContainText(`No. ${retention.number}`);
  await expect(print.getByTestId('ride-subject')).toContainText(SUPPLIER);
  const rows = print.getByTestId('ride-withheld').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('RENTA');
  await expect(rows.nth(0)).toContainText('001-002-000004567');
  await expect(rows.nth(1)).toContainText('IVA');
  await expect(rows.nth(1)).toContainText('4.50');
  await expect(print.getByTestId('ride-withheld-total')).toHaveText('6.50');
  await expect(print.getByTestId('ride-access-key')).toHaveText(retention.accessKey);
  await expect(print.getByTestId('ride-not-authorized')).toHaveCount(0);
  await expect(print.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  expect(printErrors).toEqual([]);
  await context.close();

  // The electronic documents list it under its own type, with the supplier.
  await page.goto('/admin/ebilling?type=retencion');
  await hydrated(page);
  const row = page.getByTestId('document-row').filter({ hasText: SUPPLIER });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('state-badge')).toHaveText('autorizado');

  // The supplier's e-mail, with the authorized XML and the RIDE attached.
  const mail = await mailWith(SUPPLIER_EMAIL, `${retention.accessKey}.xml`);
  expect(mail).toContain(`${retention.accessKey}.html`);
  expect(errors).toEqual([]);
});
