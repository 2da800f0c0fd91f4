/**
 * The screens a phone opens, at 375 px: the waiter's floor plan (three tables placed close on the
 * plan overlapped and Mesa 2 could not be tapped) and the POS (the page scrolled sideways to
 * 388 px, cutting «Subtotal» and the user button). Screenshots go to `test-results/` to be looked
 * at.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, collectErrors, hydrated, scannableProducts, signIn, unexpected } from './helpers';
import { openShift } from './restaurant-helpers';

const PHONE = { width: 375, height: 812 };
const stamp = Date.now().toString(36).slice(-5).toUpperCase();

/** The page does not scroll sideways. */
async function noSidewaysScroll(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll, `el ancho de la página (${scroll}) supera la pantalla (${inner})`).toBeLessThanOrEqual(inner);
}

/** `locator` lies inside the screen's width. */
async function withinScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('the waiter plan on a phone: no table covers another and each one answers a tap', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin@demo.ec');
  const zone = await apiPost(page, '/api/restaurant/zone/register', { name: `Salón ${stamp}` });
  expect(zone.status(), await zone.text()).toBe(201);
  const zoneId: number = (await zone.json())._id;
  // Placed as in the report: three tables in a row and two bar seats side by side.
  const places: [string, number, number][] = [
    [`Mesa 1 ${stamp}`, 0, 0],
    [`Mesa 2 ${stamp}`, 150, 0],
    [`Mesa 3 ${stamp}`, 300, 0],
    [`Barra 1 ${stamp}`, 0, 600],
    [`Barra 2 ${stamp}`, 120, 600],
  ];
  const ids: number[] = [];
  for (const [name, x, y] of places) {
    const r = await apiPost(page, '/api/restaurant/table/register', { zoneId, name, seats: 2, x, y });
    expect(r.status(), await r.text()).toBe(201);
    ids.push((await r.json())._id);
  }

  await page.goto('/admin/restaurante/tomar-orden');
  await hydrated(page);
  await page.getByRole('tab', { name: `Salón ${stamp}` }).click();
  const tiles = ids.map((id) => page.getByTestId(`table-${id}`));
  const boxes = [];
  for (const tile of tiles) {
    await expect(tile).toBeVisible();
    await withinScreen(tile);
    boxes.push((await tile.boundingBox())!);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `${places[i][0]} y ${places[j][0]} se superponen`).toBe(false);
    }
  }
  // What a finger at each tile's centre touches is that tile.
  for (const [i, box] of boxes.entries()) {
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid^="table-"]')?.getAttribute('data-testid'), [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit, places[i][0]).toBe(`table-${ids[i]}`);
  }
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('plan-375.png'), fullPage: true });

  // Mesa 2 answers a tap: it asks before opening an order, and «Cancelar» opens nothing.
  await tiles[1].click();
  await expect(page.getByRole('dialog')).toContainText(`¿Abrir una orden en Mesa 2 ${stamp}?`);
  await page.getByTestId('confirm-cancel').click();
  await expect(tiles[1]).toHaveAttribute('data-state', 'libre');

  // From the `sm` width up the tables are at their places again.
  await page.setViewportSize({ width: 1366, height: 900 });
  const wide = [(await tiles[0].boundingBox())!, (await tiles[1].boundingBox())!];
  expect(wide[1].x).toBeGreaterThan(wide[0].x);
  expect(Math.abs(wide[1].y - wide[0].y)).toBeLessThan(1);
  expect(unexpected(errors)).toEqual([]);
});

test('the POS on a phone: no sideways scroll, the subtotal and the user button in view', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin@demo.ec');
  await openShift(page, `F${stamp}`, `Caja teléfono ${stamp}`);
  const [product] = await scannableProducts(page);
  await page.goto('/admin/ventas/notaventa');
  await hydrated(page);
  const scan = page.getByLabel('Código de barras');
  await scan.fill(product.barcodes[0]);
  await scan.press('Enter');
  await expect(page.getByTestId('cart')).toContainText(product.name);
  await noSidewaysScroll(page);
  await withinScreen(page.getByTestId('current-user'));
  // The totals panel goes below the cart on a phone: its «Subtotal» row is as wide as the screen
  // allows (the price preview re-renders it, so it is looked up again when measured).
  const subtotal = page.getByTestId('pos-subtotal').first();
  await expect(subtotal).not.toHaveText('$ 0.00');
  await expect(subtotal).toBeVisible();
  await withinScreen(subtotal);
  await withinScreen(page.locator('dt', { hasText: 'Subtotal' }).first());
  await page.screenshot({ path: test.info().outputPath('pos-375.png'), fullPage: true });
  expect(unexpected(errors)).toEqual([]);
});
