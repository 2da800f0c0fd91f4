/**
 * A split bill in a real browser: a coffee of a bar category is offered the bar's modifiers (never
 * «término medio»); a line of two coffees is split 1/1 in «Por ítems»; each guest pays their
 * unit and the two notes add up to the whole bill to the cent ($ 1.03 + 15 % IVA: alone $ 1.18,
 * two together $ 2.37, so the second guest pays $ 1.19). At 1366 and at 375 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, collectErrors, hydrated, signIn } from './helpers';
import { addProduct, openShift, payCash } from './restaurant-helpers';

const stamp = Date.now().toString(36).slice(-5).toUpperCase();

/** Bills the items checked in the open bill options (or everything) in cash; the note's total. */
async function billChecked(page: Page): Promise<string> {
  const total = (await page.getByTestId('bill-options').getByTestId('bill-total').textContent()) ?? '';
  await payCash(page);
  return total;
}

for (const [width, height] of [
  [1366, 768],
  [375, 740],
]) {
  test(`a line of two is split one and one, and the parts add up to the whole (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    const errors = collectErrors(page);
    await signIn(page, 'admin@demo.ec');
    await openShift(page, `S${stamp}`, `Caja split ${stamp}`);
    const run = `${stamp}${width}`;

    // A bar category of this run, a coffee in it, a zone and a table.
    const category = await apiPost(page, '/api/item/category/register', { name: `Cafetería ${run}`, station: 'bar' });
    expect(category.status(), await category.text()).toBe(201);
    const coffee = `Café pasado ${run}`;
    const product = await apiPost(page, '/api/item/register', {
      code: `CF${run}`,
      name: coffee,
      price: '1.03',
      ivaCode: '4',
      unit: 'unidad',
      kind: 'service',
      categoryId: (await category.json())._id,
    });
    expect(product.status(), await product.text()).toBe(201);
    const zone = await apiPost(page, '/api/restaurant/zone/register', { name: `Patio ${run}` });
    expect(zone.status(), await zone.text()).toBe(201);
    const table = await apiPost(page, '/api/restaurant/table/register', { zoneId: (await zone.json())._id, name: `Mesa ${run}`, seats: 2, x: 40, y: 40 });
    expect(table.status(), await table.text()).toBe(201);
    const tableId: number = (await table.json())._id;

    await page.goto('/admin/restaurante/tomar-orden');
    await hydrated(page);
    await page.getByRole('tab', { name: `Patio ${run}` }).click();
    await page.getByTestId(`table-${tableId}`).click();
    await page.getByTestId('confirm-accept').click();
    await addProduct(page, coffee);

    // The bar's modifiers for a coffee.
    const modifiers = page.getByRole('group', { name: `Modificadores de ${coffee}` });
    await expect(modifiers.getByRole('button', { name: 'sin azúcar' })).toBeVisible();
    await expect(modifiers.getByRole('button', { name: 'término medio' })).toHaveCount(0);
    await page.getByLabel(`Cantidad de ${coffee}`).fill('2');
    await page.getByRole('button', { name: 'Enviar a cocina (F7)' }).click();
    const panel = page.getByTestId('order-panel');
    await expect(panel.getByTestId('sent-item')).toHaveCount(1);
    await expect(panel.getByTestId('order-running-total')).toHaveText('$ 2.37');

    // «Por ítems»: one coffee split off and checked for the first guest, who pays $ 1.18.
    await page.keyboard.press('F9');
    const options = page.getByTestId('bill-options');
    await expect(options.getByTestId('bill-total')).toHaveText('$ 2.37');
    await options.getByLabel('Por ítems').check();
    await options.getByRole('button', { name: `Separar 1 de ${coffee}` }).click();
    const rows = options.getByTestId('split-item');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`1 × ${coffee}`);
    await expect(rows.nth(1)).toContainText(`1 × ${coffee}`);
    await expect(options.getByTestId('bill-total')).toHaveText('$ 1.18');
    const first = await billChecked(page);
    expect(first).toBe('$ 1.18');

    // The rest, for the second guest: the remainder of the whole, $ 1.19.
    await expect(panel.getByTestId('order-running-total')).toHaveText('$ 1.19');
    await page.keyboard.press('F9');
    await expect(options.getByTestId('bill-total')).toHaveText('$ 1.19');
    const second = await billChecked(page);
    expect(second).toBe('$ 1.19');
    await expect(page.getByTestId(`table-${tableId}`)).toHaveAttribute('data-state', 'libre');
    // Nothing scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
  });
}
