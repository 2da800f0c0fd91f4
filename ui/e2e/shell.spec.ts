/**
 * The back-office frame in a real browser: the access guard, the menu by role, the error screen,
 * the sidebar at both sides of the 768 px breakpoint and the branch selector of the top bar.
 */
import { expect, test } from '@playwright/test';
import { clientNavigate, collectErrors, expectToast, hydrated, signIn, unexpected } from './helpers';

test('signed out, a guarded page sends to the sign-in page with the toast', async ({ page }) => {
  const errors = collectErrors(page);
  // A full load: the server answers with the redirect.
  await page.goto('/admin/categorias');
  await expect(page).toHaveURL(/\/login\?motivo=sesion$/);
  await hydrated(page);
  await expectToast(page, 'No autorizado', 'Debes iniciar sesión para acceder a esta página');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

  // A session that ended while the page was open: the next click in the menu is a client-side
  // navigation, and the browser's guard does the same (without an error modal).
  await signIn(page, 'admin@demo.ec');
  await page.context().clearCookies();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Categorías' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'No autorizado' })).toContainText(
    'Debes iniciar sesión para acceder a esta página',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // /api/user answers 401 to nobody: expected.
  expect(unexpected(errors, 401)).toEqual([]);
});

test('a cashier sees only the cashier entries and gets the 403 screen on configuration', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'cajero@demo.ec');
  await expect(page.getByTestId('current-user')).toHaveText('Cajero Demo');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(sidebar.getByText('Configuración')).toHaveCount(0);
  await expect(sidebar.getByText('Usuarios')).toHaveCount(0);
  await expect(sidebar.getByText('Categorías')).toHaveCount(0);

  // Typing the URL: the server renders the 403 screen with its status.
  const response = await page.goto('/admin/configAdmin/usuarios');
  expect(response?.status()).toBe(403);
  await hydrated(page);
  await expect(page.getByTestId('error-heading')).toHaveText('RECURSO LIMITADO_ACCESO CON USUARIO 403');
  await expect(page.getByTestId('error-message')).toHaveText('No tienes permisos para acceder a esta página');
  await expect(page.getByRole('img', { name: 'Ilustración 403' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ir atrás' })).toBeVisible();
  // Signed in: no 'Iniciar Session', and the denial toast.
  await expect(page.getByText('Iniciar Session')).toHaveCount(0);
  await expectToast(page, 'No autorizado', 'No tienes permisos para acceder a esta página');
  // The error screen replaces the app.
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  // 'Ir atrás' goes back one step: the home page again.
  await page.getByRole('button', { name: 'Ir atrás' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await hydrated(page);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Inicio' })).toBeVisible();

  // A client-side navigation to a page of another role: toast and the same 403 screen.
  await clientNavigate(page, '/admin/categorias');
  await expect(page.getByTestId('error-heading')).toHaveText('RECURSO LIMITADO_ACCESO CON USUARIO 403');
  await expect(page.getByTestId('error-message')).toHaveText('No tienes permisos para acceder a esta página');
  // Soft, so that a run reports both of them.
  await expect.soft(page.getByText('Iniciar Session')).toHaveCount(0);
  await expect.soft(page.getByTestId('toast').filter({ hasText: 'No autorizado' })).toContainText(
    'No tienes permisos para acceder a esta página',
  );
  // The 403 of the page typed in is expected.
  expect(unexpected(errors, 403)).toEqual([]);
});

test('a user (seller) sees categories but not the configuration', async ({ page }) => {
  await signIn(page, 'vendedor@demo.ec');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Categorías' })).toBeVisible();
  await expect(sidebar.getByText('Configuración')).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Categorías' }).click();
  await expect(page).toHaveURL(/\/admin\/categorias$/);
  await expect(page.getByRole('heading', { name: 'Categorías', level: 1 })).toBeVisible();
});

test('the user menu shows who is signed in and signs out', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'vendedor@demo.ec');
  await expect(page.getByTestId('current-user')).toHaveText('Vendedor Demo');
  await page.getByTestId('current-user').click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('vendedor@demo.ec');
  await expect(menu).toContainText('Usuario');
  await menu.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
  // Signed out for real: the back office sends to the sign-in page again.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?motivo=sesion$/);
  expect(unexpected(errors, 401)).toEqual([]);
});

test('an unknown admin URL shows the 404 screen', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  const response = await page.goto('/admin/no-existe');
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page.getByTestId('error-heading')).toHaveText('Página no encontrada 404');
  await expect(page.getByTestId('error-message')).toContainText('/admin/no-existe');
  await expect(page.getByRole('img', { name: 'Ilustración 404' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ir atrás' })).toBeVisible();
  await expect(page.getByText('Iniciar Session')).toHaveCount(0);

  // The same screen after a client-side navigation.
  await page.getByRole('button', { name: 'Ir atrás' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await hydrated(page);
  await clientNavigate(page, '/admin/tampoco-existe');
  await expect(page.getByTestId('error-heading')).toHaveText('Página no encontrada 404');
  await expect(page.getByTestId('error-message')).toContainText('/admin/tampoco-existe');
  expect(unexpected(errors, 404)).toEqual([]);
});

test('the sidebar starts hidden at 768 px and opens as an overlay', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 768, height: 900 });
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin');
  await hydrated(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeHidden();
  await page.getByTestId('menu-button').click();
  await expect(sidebar).toBeVisible();
  // Above the page, not beside it.
  expect(await sidebar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  const main = await page.locator('main').boundingBox();
  expect(main?.x).toBeLessThan(10);
  // Choosing an entry goes there and closes the menu.
  await sidebar.getByRole('link', { name: 'Categorías' }).click();
  await expect(page).toHaveURL(/\/admin\/categorias$/);
  await expect(page.getByRole('heading', { name: 'Categorías', level: 1 })).toBeVisible();
  await expect(sidebar).toBeHidden();
  expect(errors).toEqual([]);
});

test('the sidebar is beside the page at 1280 px', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin');
  await hydrated(page);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  expect(await sidebar.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed');
  const aside = await sidebar.boundingBox();
  const main = await page.locator('main').boundingBox();
  expect(main!.x).toBeGreaterThanOrEqual(aside!.x + aside!.width - 1);
  // Choosing an entry keeps it there.
  await sidebar.getByRole('link', { name: 'Categorías' }).click();
  await expect(page).toHaveURL(/\/admin\/categorias$/);
  await expect(page.getByRole('heading', { name: 'Categorías', level: 1 })).toBeVisible();
  await expect(sidebar).toBeVisible();
  // The menu button folds it away.
  await page.getByTestId('menu-button').click();
  await expect(sidebar).toBeHidden();
  expect(errors).toEqual([]);
});

test('changing branch updates the top bar without a reload and is kept by the server', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin');
  await hydrated(page);
  const current = page.getByTestId('current-branch');
  const selector = page.getByTestId('branch-selector');
  await expect(page.getByTestId('company-name')).toHaveText('Tienda Demo');
  await expect(current).toHaveText('001 · Matriz');
  await expect(selector.locator('option:checked')).toHaveText('001 · Matriz');
  await page.evaluate(() => {
    (window as unknown as { __sinRecarga?: boolean }).__sinRecarga = true;
  });

  await selector.selectOption({ label: '002 · Sucursal Norte' });
  await expectToast(page, 'Sucursal cambiada', 'Ahora trabaja en 002 · Sucursal Norte');
  await expect(current).toHaveText('002 · Sucursal Norte');
  await expect(selector.locator('option:checked')).toHaveText('002 · Sucursal Norte');
  // The home page's summary follows the selected branch too.
  await expect(page.getByTestId('session-info')).toContainText('002 · Sucursal Norte');
  expect(await page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga)).toBe(true);

  // Stored on the server: a full reload keeps it.
  await page.reload();
  await hydrated(page);
  expect(await page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga)).toBeUndefined();
  await expect(current).toHaveText('002 · Sucursal Norte');
  await expect(selector.locator('option:checked')).toHaveText('002 · Sucursal Norte');

  // Back to the main branch, for the other tests.
  await selector.selectOption({ label: '001 · Matriz' });
  await expectToast(page, 'Sucursal cambiada', 'Ahora trabaja en 001 · Matriz');
  await expect(current).toHaveText('001 · Matriz');
  expect(errors).toEqual([]);
});
