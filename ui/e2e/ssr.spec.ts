/** Server rendering and hydration: no console errors, and the sign-in page without JavaScript. */
import { expect, test } from '@playwright/test';
import { collectErrors, hydrated } from './helpers';

test('pages hydrate without console errors', async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of ['/', '/login', '/register', '/verify-email?token=nada', '/no/existe']) {
    await page.goto(path);
    await hydrated(page);
  }
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Correo electrónico').first().fill('admin@demo.ec');
  await page.getByLabel('Contraseña').fill('demo12345');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('current-user')).toHaveText('Administradora Demo');
  // The 404 page answers 404 on purpose; nothing else may fail.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('the sign-in page works with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').first().fill('cajero@demo.ec');
  await page.getByLabel('Contraseña').fill('equivocada');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');
  await expect(page.getByLabel('Correo electrónico').first()).toHaveValue('cajero@demo.ec');
  await page.getByLabel('Contraseña').fill('demo12345');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('current-user')).toHaveText('Cajero Demo');
  await page.goto('/tickets/prueba/A4');
  await expect(page.getByTestId('lines').locator('tbody tr')).toHaveCount(150);
  await context.close();
});
