/**
 * The delivery screen in a real browser (issue 26, `/admin/restaurante/tomar-pedido`): an order
 * with client, phone, address, reference and expected time is sent to the kitchen, whose screen
 * (another browser, another user) gets it without a reload; the client calls back and a second
 * round goes to the same order; on dispatch it is billed in cash through the tables' bill dialog
 * and the POS's payment dialog, and it leaves the list of open orders.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, hydrated, scannableProducts, signIn } from './helpers';
import { addProduct, openShift, payCash, signedIn } from './restaurant-helpers';

/** This run's names (another run on the same database gets others). */
const stamp = Date.now().toString(36).slice(-5).toUpperCase();

test('a delivery reaches the kitchen, takes a second round, and is billed on dispatch', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  await openShift(page, `D${stamp}`, `Caja domicilios ${stamp}`);
  const [dish, drink] = await scannableProducts(page);

  // The kitchen screen, in another browser, as another user, connected to the feed.
  const kitchen = await signedIn(browser, 'vendedor@demo.ec');
  const kitchenErrors = collectErrors(kitchen);
  await kitchen.goto('/admin/restaurante/ordenes');
  await hydrated(kitchen);
  await expect(kitchen.getByTestId('kitchen')).toHaveAttribute('data-feed', 'online');

  // The order: who receives it, where, and when.
  await page.goto('/admin/restaurante/tomar-pedido');
  await hydrated(page);
  const screen = page.getByTestId('delivery');
  await expect(screen).toHaveAttribute('data-feed', 'online');
  const form = page.getByTestId('delivery-form');
  await form.getByLabel('Cliente', { exact: true }).fill(`Cliente ${stamp}`);
  await form.getByLabel('Teléfono').fill('0991234567');
  await form.getByLabel('Dirección (vacía: para llevar)').fill('Av. Amazonas N34-120');
  await form.getByLabel('Referencia').fill('Casa azul junto a la farmacia');
  await form.getByLabel('Hora esperada').fill('20:30');
  await addProduct(form, dish.name);
  await form.getByRole('button', { name: 'Enviar a cocina (F7)' }).click();
  const card = page.getByTestId('delivery-order').filter({ hasText: `Cliente ${stamp}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0991234567');
  await expect(card).toContainText('Av. Amazonas N34-120');
  await expect(card).toContainText('Casa azul junto a la farmacia');
  await expect(card).toContainText('Para 20:30');
  await expect(card).toContainText(dish.name);
  // The form is ready for the next call.
  await expect(form.getByLabel('Cliente', { exact: true })).toHaveValue('');
  const number = /N\.º (\d+)/.exec((await card.getByRole('heading').first().textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();

  // The kitchen gets it without a reload, as a delivery.
  const tickets = kitchen.getByTestId('ticket').filter({ hasText: `N.º ${number}` });
  await expect(tickets).toHaveCount(1);
  await expect(tickets.first()).toContainText('Domicilio');
  await expect(tickets.first()).toContainText(dish.name);

  // The client calls back: a second round to the same order.
  await card.getByRole('button', { name: 'Agregar productos' }).click();
  const round = page.getByTestId('add-round');
  await round.getByRole('button', { name: 'Enviar ronda a cocina (F7)' }).click();
  await expect(round.getByRole('alert')).toHaveText('Agregue al menos un producto.');
  await addProduct(round, drink.name);
  await round.getByRole('button', { name: 'Enviar ronda a cocina (F7)' }).click();
  await expect(round).toHaveCount(0);
  await expect(card).toContainText(drink.name);
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(tickets).toHaveCount(2);
  await expect(tickets.filter({ hasText: drink.name })).toContainText('Domicilio');

  // Dispatched: billed whole, in cash with change; the order leaves the list.
  await card.getByRole('button', { name: 'Despachar y cobrar' }).click();
  await payCash(page);
  await expect(card).toHaveCount(0);
  const open = await (await page.request.get('/api/restaurant/order?kind=delivery&state=open&limit=100')).json();
  expect((open.results as { delivery?: { name: string } }[]).some((o) => o.delivery?.name === `Cliente ${stamp}`)).toBe(false);
  const billed = await (await page.request.get('/api/restaurant/order?kind=delivery&state=billed&limit=100')).json();
  const order = (billed.results as { number: number; items: { saleId: number | null }[] }[]).find((o) => String(o.number) === number);
  expect(order?.items).toHaveLength(2);
  expect(order?.items.every((i) => i.saleId !== null)).toBe(true);

  expect(errors).toEqual([]);
  expect(kitchenErrors).toEqual([]);
  await kitchen.context().close();
});
