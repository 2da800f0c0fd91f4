/**
 * Lector .SRI in a real browser: the demo admin uploads the report of received documents that
 * `serve --demo` wrote (its facturas were stored as read), imports one as a merchandise purchase
 * into a warehouse picked on the page — the supplier's codes unmapped first (refused, naming them),
 * then mapped to our products — sees it imported, its purchase on the purchases list and the stock
 * in that warehouse's kardex, and deletes one of the remembered code mappings.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiPost, collectErrors, expectToast, hydrated, scannableProducts, signIn, unexpected } from './helpers';

/** The report `serve --demo` wrote to its data folder (the folder of this run's database). */
const REPORT = join(process.env.E2E_DB_DIR ?? '/tmp/mostrador-e2e', 'mostrador-demo-recibidos.txt');

/** The product's stock in warehouse `cellarId`, as the stock list shows it. */
async function stockOf(page: Page, code: string, cellarId: number): Promise<string> {
  const list = await (await page.request.get(`/api/inventory/stock?search=${encodeURIComponent(code)}&cellarId=${cellarId}&limit=100`)).json();
  return (list.results as { code: string; quantity: string }[]).find((r) => r.code === code)?.quantity ?? '0';
}

test('import a received factura as a purchase: codes mapped, warehouse picked, stock in the kardex', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  const stamp = Date.now() % 1_000_000;
  const cellar = await (await apiPost(page, '/api/inventory/cellar/register', { name: `Bodega Lector ${stamp}`, active: true })).json();
  expect(cellar._id).toBeTruthy();
  const [arroz, azucar] = await scannableProducts(page);
  expect(azucar).toBeTruthy();
  // The report's first factura: 24 × ARZ-2 at 1.85 and 12 × AZU-1 at 1.10, IVA 15 % → 66.24.
  const [header, first] = readFileSync(REPORT, 'utf8').split('\n');
  const column = (name: string) => first.split('\t')[header.split('\t').indexOf(name)];
  const number = column('SERIE_COMPROBANTE');
  expect(column('IMPORTE_TOTAL')).toBe('66.24');

  await page.goto('/admin/herramientas/lector');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Lector .SRI' })).toBeVisible();
  await page.getByTestId('lector-file').setInputFiles(REPORT);
  await page.getByRole('button', { name: 'Leer' }).click();
  const result = page.getByTestId('lector-result');
  await expect(result).toContainText('3 comprobantes · 0 problemas');
  const row = result.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('DISTRIBUIDORA DEL PACÍFICO S.A.');
  await expect(row).toContainText('66.24');
  await row.getByRole('button', { name: 'Importar' }).click();
  const panel = page.getByTestId('lector-import');
  await expect(panel).toContainText('Arroz 2 kg');
  await panel.getByLabel('Bodega').selectOption(String(cellar._id));

  // Unmapped codes: refused, naming them; nothing typed is lost.
  await panel.getByLabel('Producto para ARZ-2').fill(arroz.code);
  await panel.getByRole('button', { name: 'Importar como mercadería' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Asocie a un producto los códigos del proveedor: AZU-1 (Azúcar 1 kg); o importe el comprobante como gasto');
  await expect(panel.getByLabel('Producto para ARZ-2')).toHaveValue(arroz.code);
  await expect(panel.getByLabel('Bodega')).toHaveValue(String(cellar._id));
  await panel.getByLabel('Producto para AZU-1').fill(azucar.code);
  await panel.getByRole('button', { name: 'Importar como mercadería' }).click();
  await expect(page.getByText(`Importada como compra de mercadería: ${number} por $ 66.24`)).toBeVisible();
  await expect(row).toContainText('Importado');
  await expect(row.getByRole('button', { name: 'Importar' })).toHaveCount(0);

  // The codes are remembered, listed on the page; one is deleted.
  const mappings = page.getByTestId('lector-mappings');
  const arzMapping = mappings.getByTestId('mapping-row').filter({ hasText: 'ARZ-2' });
  await expect(arzMapping).toContainText(arroz.code);
  await expect(arzMapping).toContainText('DISTRIBUIDORA DEL PACÍFICO S.A.');
  await mappings.getByRole('button', { name: 'Eliminar la asociación de AZU-1' }).click();
  await expectToast(page, 'Asociación eliminada', 'AZU-1');
  await expect(mappings.getByTestId('mapping-row').filter({ hasText: 'AZU-1' })).toHaveCount(0);
  await expect(arzMapping).toBeVisible();

  // The purchase, and the stock in the warehouse picked: 24 of ARZ-2's product, in its kardex.
  await page.goto('/admin/compras/mercaderia');
  await hydrated(page);
  await expect(page.getByTestId('purchases-list')).toContainText(number);
  expect(await stockOf(page, arroz.code, cellar._id)).toBe('24');
  expect(await stockOf(page, azucar.code, cellar._id)).toBe('12');
  await page.goto(`/admin/inventario/kardex?productId=${arroz._id}&cellarId=${cellar._id}&limit=100`);
  await hydrated(page);
  const purchase = page.getByTestId('kardex-row').filter({ hasText: number });
  await expect(purchase).toContainText('Compra');
  await expect(purchase.getByRole('cell', { name: '24', exact: true }).first()).toBeVisible();
  expect(unexpected(errors, 422)).toEqual([]);
});
