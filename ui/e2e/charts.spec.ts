/**
 * The dashboard's charts in a real browser: drawn by the server as SVG inside the page's HTML (so
 * they are there before any JavaScript runs, and print), scaled to the card at 1366 and at 375 px
 * without scrolling sideways, each with its figures in a table. A cashier gets none.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, hydrated, signIn } from './helpers';

for (const [width, height] of [
  [1366, 768],
  [375, 740],
]) {
  test(`the dashboard shows its charts as server-drawn SVG with their figures (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const errors = collectErrors(page);
    await signIn(page, 'admin@demo.ec');

    // In the HTML the server sends, before hydration: four labelled SVG charts.
    const html = await (await page.request.get('/admin')).text();
    for (const title of ['Ventas por día', 'Ventas de hoy por hora', 'Formas de pago', 'Productos más vendidos']) {
      expect(html).toContain(`<svg width="100%" role="img" aria-label="${title}`);
    }

    await page.goto('/admin');
    await hydrated(page);
    const charts = page.getByTestId('charts');
    await expect(charts.locator('figure')).toHaveCount(4);
    // The demo's weeks of sales: the daily chart's two lines and 30 days of figures.
    const daily = page.getByTestId('chart-daily');
    await expect(daily.getByRole('img', { name: /Ventas por día/ })).toBeVisible();
    await expect(daily.locator('svg polyline').first()).toBeAttached();
    await expect(daily.locator('tbody tr')).toHaveCount(30);
    await expect(daily.locator('tbody tr').first().locator('td').nth(1)).toHaveText(/^\$ \d/);
    const top = page.getByTestId('chart-top');
    await expect(top.locator('svg rect').first()).toBeAttached();
    await expect(top.locator('tbody tr').first().locator('td').nth(2)).toHaveText(/^\d+ %$/);
    // Each chart fits its card: no sideways scroll.
    for (const figure of await charts.locator('figure').all()) {
      const [svgWidth, cardWidth] = await figure.evaluate((f) => [f.querySelector('svg')?.getBoundingClientRect().width ?? 0, f.getBoundingClientRect().width]);
      if (svgWidth > 0) expect(svgWidth).toBeLessThanOrEqual(cardWidth);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
  });
}

test('a cashier gets no charts', async ({ page }) => {
  await signIn(page, 'cajero@demo.ec');
  await page.goto('/admin');
  await hydrated(page);
  await expect(page.getByTestId('owner-dashboard')).toBeVisible();
  await expect(page.getByTestId('charts')).toHaveCount(0);
});
