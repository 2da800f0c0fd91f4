/** The account path in a real browser: sign-up, e-mail, verification, sign-in, sign-out. */
import { expect, test } from '@playwright/test';
import { collectErrors, hydrated, linkPath, mailFor } from './helpers';

test('sign-up, verify by e-mail, sign in and out', async ({ page }) => {
  const errors = collectErrors(page);
  const email = `nueva${Date.now()}@tienda.ec`;
  await page.goto('/register');
  await hydrated(page);
  await page.getByLabel('Nombre').fill('Nueva Usuaria');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('corta');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.locator('[data-field-error=password]')).toHaveText('La contraseña debe tener al menos 8 caracteres');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);

  await page.getByLabel('Contraseña').fill('una-clave-segura');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByTestId('signup-done')).toContainText(email);

  const mail = await mailFor(email);
  await page.goto(linkPath(mail, '/verify-email'));
  await expect(page.getByTestId('verify-result')).toContainText('Su correo fue verificado');

  await page.getByRole('link', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Correo electrónico').first().fill(email);
  await page.getByLabel('Contraseña').fill('una-clave-segura');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('current-user')).toHaveText('Nueva Usuaria');
  await expect(page.getByTestId('session-info')).toContainText(email);

  await page.getByTestId('current-user').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?motivo=sesion$/);
  await expect(page.getByTestId('toast')).toContainText('No autorizado');
  await expect(page.getByTestId('toast')).toContainText('Debes iniciar sesión para acceder a esta página');
  // The only errors allowed are the browser's notes about the answers this path expects: the 400
  // of the refused short password and the 401 of /api/user once signed out.
  expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
});

test('wrong credentials keep the e-mail and say so', async ({ page }) => {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Correo electrónico').first().fill('admin@demo.ec');
  await page.getByLabel('Contraseña').fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');
  await expect(page.getByLabel('Correo electrónico').first()).toHaveValue('admin@demo.ec');
});
