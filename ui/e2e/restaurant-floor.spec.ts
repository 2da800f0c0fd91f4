/**
 * The restaurant's floor in a real browser (issue 26): a zone and its tables created on
 * «Mesas y zonas» (with the form's Spanish message), a table dragged on the floor plan and another
 * moved with the arrow keys, both places still there after a reload; then a reservation on
 * «Reservas», an overlapping one refused with the server's message while the form keeps what was
 * typed, and the state buttons. Names carry this run's stamp, so the spec depends on no other.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, expectToast, hydrated, signIn, unexpected } from './helpers';

const stamp = Date.now().toString(36).slice(-5).toUpperCase();

const dialog = (page: Page) => page.getByRole('dialog');
const planTable = (page: Page, name: string) => page.locator(`[data-testid="plan-table"][data-table="${name}"]`);

async function place(page: Page, name: string): Promise<[number, number]> {
  const t = planTable(page, name);
  return [Number(await t.getAttribute('data-x')), Number(await t.getAttribute('data-y'))];
}

test('zones and tables on the floor plan, dragged and moved by keyboard; reservations refuse an overlap', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin/restaurante/configMesas');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Mesas y zonas' })).toBeVisible();

  // A zone.
  const zone = `Patio ${stamp}`;
  await page.getByRole('button', { name: 'Nueva zona' }).click();
  await dialog(page).getByLabel('Nombre').fill(zone);
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Zona guardada');
  await expect(page.getByRole('tab', { name: new RegExp(zone) })).toHaveAttribute('aria-selected', 'true');

  // Two tables: the form's message first.
  const [t1, t2] = [`P${stamp}-1`, `P${stamp}-2`];
  await page.getByRole('button', { name: 'Nueva mesa' }).click();
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog(page).locator('[data-field-error="name"]')).toHaveText('El nombre es obligatorio');
  await dialog(page).getByLabel('Nombre').fill(t1);
  await dialog(page).getByLabel('Puestos').fill('4');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Mesa guardada');
  await page.getByRole('button', { name: 'Nueva mesa' }).click();
  await dialog(page).getByLabel('Nombre').fill(t2);
  await dialog(page).getByLabel('Puestos').fill('2');
  await dialog(page).getByLabel('Forma').selectOption('round');
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Mesa guardada');
  await expect(page.getByTestId('plan-table')).toHaveCount(2);
  // A new table goes to the first free place of the plan, never under another one.
  expect(await place(page, t1)).toEqual([0, 0]);
  expect(await place(page, t2)).toEqual([160, 0]);

  // Drag the first table across the plan: saved on drop.
  const box = await planTable(page, t1).boundingBox();
  if (!box) throw new Error('la mesa no está en el plano');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 80, { steps: 10 });
  await page.mouse.move(box.x + box.width / 2 + 240, box.y + box.height / 2 + 160, { steps: 10 });
  await page.mouse.up();
  await expectToast(page, 'Posición guardada');
  const [x1, y1] = await place(page, t1);
  expect(x1).toBeGreaterThan(100);
  expect(y1).toBeGreaterThan(50);

  // The second one with the keyboard: three steps right, one down.
  await planTable(page, t2).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expectToast(page, 'Posición guardada', `${t2}: 190, 10`);

  // Both places persisted.
  await page.reload();
  await hydrated(page);
  await page.getByRole('tab', { name: new RegExp(zone) }).click();
  expect(await place(page, t1)).toEqual([x1, y1]);
  expect(await place(page, t2)).toEqual([190, 10]);

  // A zone with tables cannot be deleted.
  await page.getByRole('button', { name: 'Eliminar zona' }).click();
  await dialog(page).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`No se puede eliminar la zona «${zone}»: tiene 2 mesas`);
  await page.keyboard.press('Escape');

  // Reservations: one at 20:00 on the first table.
  const day = `2031-0${1 + (Date.now() % 9)}-1${Date.now() % 9}`;
  await page.goto(`/admin/restaurante/reservas?date=${day}`);
  await hydrated(page);
  await expect(page.getByText('No hay reservas para este día.')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva reserva' }).click();
  const form = dialog(page);
  await form.getByLabel('Cliente').fill(`Ana ${stamp}`);
  await form.getByLabel('Teléfono').fill('0991234567');
  await form.getByLabel('Fecha').fill(day);
  await form.getByLabel('Hora').fill('20:00');
  await form.getByLabel('Personas').fill('4');
  await form.getByRole('checkbox', { name: `${t1} (4 p.)` }).check();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Reserva guardada');
  await expect(page.getByTestId('reservation-row')).toHaveCount(1);
  await expect(page.getByTestId('reservation-row')).toContainText(`Ana ${stamp}`);
  await expect(page.getByTestId('reservation-row')).toContainText(t1);

  // An overlapping one on the same table: refused, the form keeps its values.
  await page.getByRole('button', { name: 'Nueva reserva' }).click();
  await form.getByLabel('Cliente').fill(`Luis ${stamp}`);
  await form.getByLabel('Teléfono').fill('0987654321');
  await form.getByLabel('Fecha').fill(day);
  await form.getByLabel('Hora').fill('21:00');
  await form.getByLabel('Personas').fill('2');
  await form.getByRole('checkbox', { name: `${t1} (4 p.)` }).check();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('alert')).toContainText(`La mesa «${t1}» ya está reservada de 20:00 a 22:00`);
  await expect(form.locator('[data-field-error="tableIds"]')).toContainText(`«${t1}»`);
  await expect(form.getByLabel('Cliente')).toHaveValue(`Luis ${stamp}`);
  await expect(form.getByLabel('Hora')).toHaveValue('21:00');
  // Another table is free at that time.
  await form.getByRole('checkbox', { name: `${t1} (4 p.)` }).uncheck();
  await form.getByRole('checkbox', { name: `${t2} (2 p.)` }).check();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Reserva guardada');
  await expect(page.getByTestId('reservation-row')).toHaveCount(2);

  // States: Ana arrived.
  const ana = page.getByTestId('reservation-row').filter({ hasText: `Ana ${stamp}` });
  await ana.getByRole('button', { name: 'Llegó', exact: true }).click();
  await expect(ana).toContainText('Llegó');
  await expect(ana.getByRole('button', { name: 'Finalizar' })).toBeVisible();
  expect(unexpected(errors, 409, 400)).toEqual([]);
});
