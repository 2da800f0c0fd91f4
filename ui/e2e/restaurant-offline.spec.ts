/**
 * The kitchen screen on a flaky Wi-Fi (issue 26): when the browser loses the network the screen
 * says «Sin conexión — reconectando…»; an order sent meanwhile (by a waiter still online) shows up
 * once the network is back, without a reload, and the banner goes away.
 */
import { expect, test } from '@playwright/test';
import { apiPost, collectErrors, hydrated, scannableProducts, signIn } from './helpers';

test('the kitchen screen says «sin conexión» while offline and catches up when back', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin@demo.ec');
  const [dish] = await scannableProducts(page);

  const context = await browser.newContext();
  const kitchen = await context.newPage();
  const errors = collectErrors(kitchen);
  await signIn(kitchen, 'vendedor@demo.ec');
  await kitchen.goto('/admin/restaurante/ordenes');
  await hydrated(kitchen);
  const screen = kitchen.getByTestId('kitchen');
  await expect(screen).toHaveAttribute('data-feed', 'online');
  await expect(kitchen.getByTestId('feed-offline')).toHaveCount(0);

  await context.setOffline(true);
  await expect(kitchen.getByTestId('feed-offline')).toHaveText('Sin conexión — reconectando…', { timeout: 10_000 });
  await expect(screen).toHaveAttribute('data-feed', 'offline');

  // Meanwhile a waiter (online) sends an express order to the kitchen.
  const opened = await apiPost(page, '/api/restaurant/order/open', { kind: 'express' });
  expect(opened.status(), await opened.text()).toBe(201);
  const orderId: number = (await opened.json())._id;
  const sent = await apiPost(page, `/api/restaurant/order/${orderId}/items`, {
    items: [{ productId: dish._id, quantity: '1', notes: 'mientras no había red' }],
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(kitchen.locator(`[data-testid="ticket"][data-order="${orderId}"]`)).toHaveCount(0);

  // Back online: the screen reconnects on its own and shows the ticket, no reload.
  await context.setOffline(false);
  await expect(screen).toHaveAttribute('data-feed', 'online', { timeout: 20_000 });
  await expect(kitchen.getByTestId('feed-offline')).toHaveCount(0);
  const ticket = kitchen.locator(`[data-testid="ticket"][data-order="${orderId}"]`);
  await expect(ticket).toContainText(dish.name);
  await expect(ticket).toContainText('mientras no había red');
  // The failed reconnections while offline are the browser's own network errors, nothing else.
  expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
  await context.close();
});
