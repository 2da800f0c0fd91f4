/**
 * The dated tax table in a real browser: the rates in force on the chosen day, a refused form that
 * keeps what was typed, a new code, and a later rate of that code that ends the previous one.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, expectToast, hydrated, signIn, unexpected } from './helpers';

test('taxes: rates by date, a new code and its later rate', async ({ page }) => {
  const errors = collectErrors(page);
  // A code of this run only (codes are letters and digits, up to 10).
  const code = `E${String(Date.now()).slice(-8)}`;
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin/configAdmin/impuestos?date=2026-02-28');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Impuestos', level: 1 })).toBeVisible();

  // Res. NAC-DGERCGC26-00000009: goods (312) from 1.75 % to 2 % on 2026-03-01.
  const goods = page.getByTestId('tax-renta').filter({ has: page.getByText('312', { exact: true }) });
  await expect(goods.getByTestId('tax-percent')).toHaveText('1.75');
  await expect(goods).toContainText('28/02/2026');
  await page.getByTestId('tax-date').fill('2026-03-01');
  await expect(page).toHaveURL(/date=2026-03-01/);
  await expect(goods.getByTestId('tax-percent')).toHaveText('2.00');
  // The IVA rates of sales have their own table.
  const fifteen = page.getByTestId('tax-tarifa_iva').filter({ has: page.getByText('4', { exact: true }) });
  await expect(fifteen.getByTestId('tax-percent')).toHaveText('15.00');

  // A new code: the server's refusals are shown under their fields; what was typed stays.
  await page.getByRole('button', { name: 'Nueva tarifa' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Código del SRI').fill(code);
  await dialog.getByLabel('Porcentaje').fill('150');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const fieldError = (name: string) => dialog.locator(`[data-field-error="${name}"]`);
  await expect(fieldError('percent')).toHaveText('El porcentaje debe estar entre 0 y 100');
  await expect(fieldError('validFrom')).toHaveText('La fecha desde la que rige es obligatoria');
  await expect(dialog.getByLabel('Código del SRI')).toHaveValue(code);
  await dialog.getByLabel('Porcentaje').fill('1,5');
  await dialog.getByLabel('Rige desde').fill('2026-01-01');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(fieldError('description')).toHaveText('La descripción es obligatoria para un código nuevo');
  await dialog.getByLabel('Descripción').fill('Concepto de prueba');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Tarifa registrada', `${code}: 1.50 %`);
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('tax-renta').filter({ has: page.getByText(code, { exact: true }) });
  await expect(row.getByTestId('tax-percent')).toHaveText('1.50');
  await expect(row).toContainText('Empresa');

  // A later rate of the code ends the first one the day before.
  await page.getByTestId(`change-renta-${code}`).click();
  await expect(dialog.getByRole('heading', { name: `Cambiar la tarifa del código ${code}` })).toBeVisible();
  await dialog.getByLabel('Porcentaje').fill('2');
  await dialog.getByLabel('Rige desde').fill('2026-04-01');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Tarifa registrada', `${code}: 2.00 %`);
  await expect(row.getByTestId('tax-percent')).toHaveText('1.50');
  await expect(row).toContainText('01/01/2026 – 31/03/2026');
  await page.getByTestId('tax-date').fill('2026-04-01');
  await expect(row.getByTestId('tax-percent')).toHaveText('2.00');
  await page.getByText(/Historial de cambios/).click();
  await expect(page.getByTestId('tax-history').filter({ hasText: code })).toHaveCount(2);
  expect(unexpected(errors, 400)).toEqual([]);
});
