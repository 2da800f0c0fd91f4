/**
 * The owner's reports in a real browser on the demo data (a few weeks of demo sales): the admin
 * opens Reportes from the menu, groups the sales by product, downloads the CSV and the Excel file,
 * and opens the printable A4; the cashier is not offered the reports.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, hydrated, signIn, unexpected } from './helpers';

test('sales report by product, CSV and XLSX export, printable A4', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin/reportes');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Reportes' })).toBeVisible();
  // The demo history: this month has sales.
  await expect(page.getByTestId('report-row').first()).toBeVisible();

  await page.getByTestId('report-group').selectOption('product');
  await page.getByTestId('report-submit').click();
  await expect(page).toHaveURL(/groupBy=product/);
  await expect(page.getByRole('heading', { name: /Ventas por producto/ })).toBeVisible();
  const totals = page.getByTestId('report-totals');
  await expect(totals).toContainText('Total');

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/^ventas-product-.*\.csv$/);
  const text = await (await import('node:fs/promises')).readFile((await csv.path())!, 'utf8');
  expect(text).toContain('Producto;Ventas;Base;IVA;Total;Costo;Margen');
  expect(text).toMatch(/\r\nTotal;\d+;/);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);

  const href = await page.getByTestId('report-print').getAttribute('href');
  await page.goto(href!);
  await expect(page.getByTestId('print-title')).toHaveText('REPORTE DE VENTAS POR PRODUCTO');
  await expect(page.getByTestId('print-report').getByTestId('report-row').first()).toBeVisible();
  expect(unexpected(errors)).toEqual([]);
});

test('the cashier has no reports', async ({ page }) => {
  await signIn(page, 'cajero@demo.ec');
  await expect(page.getByRole('link', { name: 'Ventas y stock' })).toHaveCount(0);
  const r = await page.request.get('/api/reports/sales');
  expect(r.status()).toBe(403);
});
