/**
 * What the restaurant's browser tests share: a second signed-in browser (the kitchen screen's),
 * an open cash shift for billing, and picking a product in an order's search.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { apiPost, signIn } from './helpers';

/** A page of its own browser context signed in as `email`. */
export async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/**
 * The signed-in user's open shift: the one they hold, else a new one on a new register named
 * `name` with code `code` (unique per run).
 */
export async function openShift(page: Page, code: string, name: string) {
  const last = await (await page.request.get('/api/Turn/getMyLastTurn')).json();
  if (last?.state === 'open') return;
  const register = await apiPost(page, '/api/cashRegister/register', { code, name });
  expect(register.status(), await register.text()).toBe(201);
  const r = await apiPost(page, '/api/Turn/open', { cashRegisterId: (await register.json())._id, openingAmount: '20.00' });
  expect(r.status(), await r.text()).toBe(201);
}

/** Picks the first product the search inside `scope` (a page or a dialog) finds for `name`. */
export async function addProduct(scope: Page | Locator, name: string) {
  const search = scope.getByLabel('Buscar producto');
  await search.fill(name);
  await expect(scope.getByRole('listbox', { name: 'Productos encontrados' })).toContainText(name);
  await search.press('Enter');
  await expect(scope.getByTestId('draft')).toContainText(name);
}

/**
 * Bills the order whose bill options are open as one sales note paid in cash: receives 100.00 and
 * checks the note and its change are shown, then continues.
 */
export async function payCash(page: Page) {
  const options = page.getByTestId('bill-options');
  await expect(options.getByTestId('bill-total')).not.toHaveText('…');
  await options.getByRole('button', { name: 'Cobrar (Enter)' }).click();
  const pay = page.getByTestId('pay-dialog');
  await pay.getByLabel('Recibido').fill('100.00');
  await pay.getByRole('button', { name: 'Registrar venta (Enter)' }).click();
  const done = page.getByTestId('bill-done');
  await expect(done).toContainText('Nota de venta');
  await expect(done).toContainText('Cambio');
  await done.getByRole('button', { name: 'Continuar' }).click();
}
