/**
 * The restaurant's order screens in a real browser (issue 26). A waiter opens a table of a zone
 * made for this run and sends a round with a modifier and a note; a second browser (another user)
 * showing the kitchen screen gets the ticket without a reload and beeps; marking the item listo
 * there reaches the waiter's order panel and floor plan, again without a reload; a second round is
 * voided with a reason that the kitchen shows struck through. The waiter bills the table in cash
 * (on a shift of a register made for this run) and the table is libre again. At the counter, an
 * express order is paid first and shows its number big, and the kitchen gets that number.
 */
import { expect, test } from '@playwright/test';
import { apiPost, collectErrors, hydrated, scannableProducts, signIn } from './helpers';
import { addProduct, openShift, payCash, signedIn } from './restaurant-helpers';

/** This run's names (another run on the same database gets others). */
const stamp = Date.now().toString(36).slice(-5).toUpperCase();

test('a table order reaches the kitchen live, comes back listo, is billed and frees the table; an express order shows its number', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  await openShift(page, `R${stamp}`, `Caja restaurante ${stamp}`);

  // A zone and a table of this run, placed on the plan.
  const zone = await apiPost(page, '/api/restaurant/zone/register', { name: `Terraza ${stamp}` });
  expect(zone.status(), await zone.text()).toBe(201);
  const zoneId: number = (await zone.json())._id;
  const table = await apiPost(page, '/api/restaurant/table/register', { zoneId, name: `Mesa ${stamp}`, seats: 4, x: 100, y: 200 });
  expect(table.status(), await table.text()).toBe(201);
  const tableId: number = (await table.json())._id;
  const [dish, drink] = await scannableProducts(page);

  // The kitchen screen, in another browser, as another user (role user), connected to the feed.
  const kitchen = await signedIn(browser, 'vendedor@demo.ec');
  const kitchenErrors = collectErrors(kitchen);
  await kitchen.goto('/admin/restaurante/ordenes');
  await hydrated(kitchen);
  const screen = kitchen.getByTestId('kitchen');
  await expect(screen).toHaveAttribute('data-feed', 'online');
  await expect(kitchen.getByTestId('ticket-count')).not.toHaveText('');
  const beepsBefore = Number(await screen.getAttribute('data-beeps'));

  // The waiter opens the free table and sends a round.
  await page.goto('/admin/restaurante/tomar-orden');
  await hydrated(page);
  await expect(page.getByTestId('take-order')).toHaveAttribute('data-feed', 'online');
  await page.getByRole('tab', { name: `Terraza ${stamp}` }).click();
  const tile = page.getByTestId(`table-${tableId}`);
  await expect(tile).toHaveAttribute('data-state', 'libre');
  await expect(tile).toContainText('Libre');
  await tile.click();
  // A free table asks before it opens an order; the answer is «Abrir mesa».
  await expect(page.getByRole('dialog')).toContainText(`¿Abrir una orden en Mesa ${stamp}?`);
  await page.getByTestId('confirm-accept').click();
  const panel = page.getByTestId('order-panel');
  await expect(page.getByTestId('order-title')).toContainText(`Mesa ${stamp} · Orden N.º`);
  await expect(tile).toHaveAttribute('data-state', 'ocupada');
  await addProduct(page, dish.name);
  await page.getByRole('group', { name: `Modificadores de ${dish.name}` }).getByRole('button', { name: 'para llevar' }).click();
  await page.getByLabel(`Notas de ${dish.name}`).fill('bien caliente');
  await page.keyboard.press('F7');
  await expect(panel.getByTestId('sent-item')).toHaveCount(1);
  await expect(panel.getByTestId('sent-item').first()).toHaveAttribute('data-state', 'pendiente');
  const orderTitle = (await page.getByTestId('order-title').textContent()) ?? '';
  const number = /N\.º (\d+)/.exec(orderTitle)?.[1];
  expect(number).toBeTruthy();

  // The kitchen gets the ticket without a reload, with the modifier and the note, and beeps.
  const ticket = kitchen.getByTestId('ticket').filter({ hasText: `N.º ${number}` });
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText(`Mesa ${stamp}`);
  await expect(ticket).toContainText(dish.name);
  await expect(ticket).toContainText('para llevar');
  await expect(ticket).toContainText('bien caliente');
  await expect.poll(async () => Number(await screen.getAttribute('data-beeps'))).toBeGreaterThan(beepsBefore);

  // Two taps: preparando, then listo.
  const item = ticket.getByTestId('kitchen-item').filter({ hasText: dish.name });
  await item.click();
  await expect(item).toHaveAttribute('data-state', 'preparando');
  await item.click();
  await expect(item).toHaveAttribute('data-state', 'listo');

  // The waiter's panel and floor plan follow without a reload.
  await expect(panel.getByTestId('sent-item').first()).toHaveAttribute('data-state', 'listo');
  await expect(panel.getByTestId('item-state').first()).toHaveText('Listo');
  await expect(tile.getByTestId('table-ready')).toHaveText('1 listo');

  // A second round, voided with a reason: the kitchen shows it struck through with the reason.
  await addProduct(page, drink.name);
  await panel.getByRole('button', { name: 'Enviar a cocina (F7)' }).click();
  await expect(panel.getByTestId('sent-item')).toHaveCount(2);
  await expect(panel).toContainText('Ronda 2');
  await panel.getByRole('button', { name: `Anular ${drink.name}` }).click();
  const voidDialog = page.getByTestId('void-dialog');
  await voidDialog.getByRole('button', { name: 'Anular ítem' }).click();
  await expect(voidDialog).toContainText('Indique el motivo');
  await voidDialog.getByLabel('Motivo de la anulación').fill('El cliente cambió de opinión');
  await voidDialog.getByRole('button', { name: 'Anular ítem' }).click();
  await expect(panel.getByTestId('sent-item').filter({ hasText: drink.name })).toHaveAttribute('data-state', 'anulado');
  const voided = kitchen.getByTestId('kitchen-item').filter({ hasText: 'ANULADO: El cliente cambió de opinión' });
  await expect(voided).toBeVisible();
  await expect(voided).toContainText(drink.name);

  // Before «Cobrar» the panel shows each item's amount and the running total (the voided drink
  // is not in it), the same total the bill then asks for.
  await expect(panel.getByTestId('item-amount')).toHaveCount(1);
  await expect(panel.getByTestId('item-amount')).toHaveText(/^\$ \d/);
  const running = panel.getByTestId('order-running-total');
  await expect(running).toHaveText(/^\$ \d/);
  const runningTotal = await running.textContent();

  // The bill: a sales note paid in cash with change; the table is free again.
  await page.keyboard.press('F9');
  await expect(page.getByTestId('bill-options').getByTestId('bill-total')).toHaveText(runningTotal ?? '');
  await payCash(page);
  await expect(tile).toHaveAttribute('data-state', 'libre');
  await expect(tile).toContainText('Libre');

  // The counter: paid first, then the number to call, shown big; the kitchen gets it.
  await page.goto('/admin/restaurante/tomar-orden-express');
  await hydrated(page);
  await addProduct(page, dish.name);
  await expect(page.getByTestId('express-total')).not.toHaveText('$ 0.00');
  await page.keyboard.press('F9');
  const pay = page.getByTestId('pay-dialog');
  await pay.getByLabel('Recibido').fill('50.00');
  await pay.getByRole('button', { name: 'Registrar venta (Enter)' }).click();
  const called = page.getByTestId('express-number');
  await expect(called).toHaveText(/^\d+$/);
  const expressNumber = (await called.textContent()) ?? '';
  await expect(page.getByTestId('express-done')).toContainText('Nota de venta');
  const expressTicket = kitchen.getByTestId('ticket').filter({ hasText: `N.º ${expressNumber}` });
  await expect(expressTicket).toContainText('Mostrador');
  await expect(expressTicket).toContainText(dish.name);

  expect(errors).toEqual([]);
  expect(kitchenErrors).toEqual([]);
  await kitchen.context().close();
});
