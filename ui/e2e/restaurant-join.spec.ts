/**
 * Joining tables on the waiter's screen (issue 26, `/admin/restaurante/tomar-orden`): two tables
 * of a zone made for this run have orders; from the first one, «Unir mesa» lists the other
 * occupied table, and picking it brings its items over and leaves it libre on the floor plan.
 */
import { expect, test } from '@playwright/test';
import { apiPost, collectErrors, hydrated, scannableProducts, signIn } from './helpers';

const stamp = Date.now().toString(36).slice(-5).toUpperCase();

test('«Unir mesa» brings another table’s order over and frees that table', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  const [dish, drink] = await scannableProducts(page);

  const zone = await apiPost(page, '/api/restaurant/zone/register', { name: `Patio ${stamp}` });
  expect(zone.status(), await zone.text()).toBe(201);
  const zoneId: number = (await zone.json())._id;
  const tableIds: number[] = [];
  for (const [name, x] of [[`Mesa A${stamp}`, 100], [`Mesa B${stamp}`, 500]] as const) {
    const r = await apiPost(page, '/api/restaurant/table/register', { zoneId, name, seats: 4, x, y: 200 });
    expect(r.status(), await r.text()).toBe(201);
    tableIds.push((await r.json())._id);
  }
  // Each table has an order with a round.
  for (const [tableId, product] of [[tableIds[0], dish], [tableIds[1], drink]] as const) {
    const opened = await apiPost(page, '/api/restaurant/order/open', { kind: 'table', tableId });
    expect(opened.status(), await opened.text()).toBe(201);
    const sent = await apiPost(page, `/api/restaurant/order/${(await opened.json())._id}/items`, { items: [{ productId: product._id, quantity: '1' }] });
    expect(sent.status(), await sent.text()).toBe(200);
  }

  await page.goto('/admin/restaurante/tomar-orden');
  await hydrated(page);
  await expect(page.getByTestId('take-order')).toHaveAttribute('data-feed', 'online');
  await page.getByRole('tab', { name: `Patio ${stamp}` }).click();
  const [first, second] = tableIds.map((id) => page.getByTestId(`table-${id}`));
  await expect(second).toHaveAttribute('data-state', 'ocupada');
  await first.click();
  const panel = page.getByTestId('order-panel');
  await expect(page.getByTestId('order-title')).toContainText(`Mesa A${stamp}`);
  await expect(panel.getByTestId('sent-item')).toHaveCount(1);

  await panel.getByRole('button', { name: 'Unir mesa' }).click();
  const dialog = page.getByTestId('join-dialog');
  await expect(dialog.getByRole('button', { name: new RegExp(`Mesa A${stamp}`) })).toHaveCount(0);
  await dialog.getByRole('button', { name: new RegExp(`Mesa B${stamp}`) }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('sent-item')).toHaveCount(2);
  await expect(panel).toContainText(drink.name);
  await expect(second).toHaveAttribute('data-state', 'libre');
  await expect(first).toHaveAttribute('data-state', 'ocupada');

  expect(errors).toEqual([]);
});
