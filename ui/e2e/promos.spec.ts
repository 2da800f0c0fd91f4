/**
 * Promotions in a real browser on the demo data: a "lleve 2 pague 1" on a product picked by
 * search, shown in the list; the server's field error when no product is chosen.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, expectToast, hydrated, signIn, unexpected } from './helpers';

test('promotion with a product picked by search', async ({ page }) => {
  const errors = collectErrors(page);
  const stamp = String(Date.now()).slice(-6);
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin/ventas/promos');
  await hydrated(page);

  await page.getByRole('button', { name: 'Nueva promoción' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Nombre (se muestra en la línea de la venta)').fill(`2x1 Arroz ${stamp}`);
  await form.getByLabel('Tipo').selectOption('buy_n_pay_m');
  await expect(form.getByLabel('Lleve')).toHaveValue('2');
  await expect(form.getByLabel('Pague')).toHaveValue('1');

  // Without products the server names the field.
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.locator('[data-field-error="productIds"]')).toHaveText('Elija al menos un producto');

  await form.getByPlaceholder('Buscar por nombre, código o código de barras').fill('arroz flor');
  await form.getByRole('button', { name: /Arroz Flor 2 kg/ }).click();
  await expect(form.getByTestId('promo-products')).toContainText('Arroz Flor 2 kg');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Registro guardado');

  const row = page.locator('tr', { hasText: `2x1 Arroz ${stamp}` });
  await expect(row).toContainText('Lleve 2 pague 1');
  await expect(row).toContainText('Arroz Flor 2 kg');
  // The refused save (400) is the only console error.
  expect(unexpected(errors, 400)).toEqual([]);
});
