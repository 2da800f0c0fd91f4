/**
 * The generic list screen in a real browser, on categories and users: create, validate, edit,
 * copy, lock, delete with confirmation, search, and the 'Error Api' modal of a refused call.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, expectToast, hydrated, signIn, unexpected } from './helpers';

/** The row whose first column is exactly `text` (a child category names its parent too). */
const rowOf = (page: Page, text: string) =>
  page.getByTestId('list-row').filter({ has: page.locator('td:first-child').getByText(text, { exact: true }) });
/** The row of the user with e-mail `email`. */
const userRow = (page: Page, email: string) => page.getByTestId('list-row').filter({ hasText: email });
const dialog = (page: Page) => page.getByRole('dialog');

/** Opens 'Nueva categoría', fills the form and saves it. */
async function createCategory(page: Page, name: string, parent?: string) {
  await page.getByRole('button', { name: 'Nueva categoría' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Nueva categoría' })).toBeVisible();
  await dialog(page).getByLabel('Nombre').fill(name);
  if (parent) await dialog(page).getByLabel('Categoría padre').selectOption({ label: parent });
  await dialog(page).getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Registro guardado');
  await expect(dialog(page)).toHaveCount(0);
  await expect(rowOf(page, name)).toHaveCount(1);
}

/** Deletes the row named `name`, accepting the confirmation. */
async function deleteCategory(page: Page, name: string) {
  await rowOf(page, name).getByTestId('row-delete').click();
  await expect(dialog(page).getByRole('heading', { name: 'Confirmar Acción' })).toBeVisible();
  await page.getByTestId('confirm-accept').click();
  await expectToast(page, 'Registro eliminado');
  await expect(rowOf(page, name)).toHaveCount(0);
}

test('categories: create, validate, search, edit, copy, lock, unlock and delete', async ({ page }) => {
  const errors = collectErrors(page);
  const stamp = `e2e${Date.now()}`;
  const first = `Bebidas ${stamp}`;
  const edited = `Refrescos ${stamp}`;
  const copy = `Jugos ${stamp}`;
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin/categorias');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Categorías', level: 1 })).toBeVisible();

  // Search waits 500 ms after the last keystroke, then puts the text in the URL (this run's
  // records only, whatever other tests left).
  await page.getByTestId('list-search').fill(stamp);
  expect(page.url()).not.toContain('search=');
  await expect(page).toHaveURL(new RegExp(`[?&]search=${stamp}`));
  await expect(page.getByTestId('list-empty')).toHaveText(`No hay resultados para «${stamp}».`);
  await expect(page.getByTestId('list-count')).toHaveText('Sin registros');

  // Server-side validation: an empty name is refused under the field; the rest of the form stays.
  await page.getByRole('button', { name: 'Nueva categoría' }).click();
  const form = dialog(page);
  await expect(form.getByRole('heading', { name: 'Nueva categoría' })).toBeVisible();
  await expect(form.getByLabel('Nombre')).toHaveValue('');
  await expect(form.getByLabel('Activa')).toBeChecked();
  await form.getByLabel('Activa').uncheck();
  await form.getByLabel('Nombre').fill('   ');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.locator('[data-field-error=name]')).toHaveText('El nombre es obligatorio');
  await expect(form.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Activa')).not.toBeChecked();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await form.getByLabel('Activa').check();
  await form.getByLabel('Nombre').fill(first);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Registro guardado');
  await expect(dialog(page)).toHaveCount(0);
  await expect(rowOf(page, first)).toContainText('Activa');

  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-count')).toHaveText('1–1 de 1');

  // Edit.
  await rowOf(page, first).getByTestId('row-edit').click();
  await expect(form.getByRole('heading', { name: 'Editar categoría' })).toBeVisible();
  await expect(form.getByLabel('Nombre')).toHaveValue(first);
  await form.getByLabel('Nombre').fill(edited);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Registro guardado');
  await expect(rowOf(page, edited)).toHaveCount(1);
  await expect(rowOf(page, first)).toHaveCount(0);
  await expect(page.getByTestId('list-row')).toHaveCount(1);

  // Copy: the form opens pre-filled as a new record; the same name under the same parent is refused.
  await rowOf(page, edited).getByTestId('row-copy').click();
  await expect(form.getByRole('heading', { name: 'Copiar categoría' })).toBeVisible();
  await expect(form.getByLabel('Nombre')).toHaveValue(edited);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.locator('[data-field-error=name]')).toHaveText('Ya existe una categoría con ese nombre en el mismo nivel');
  await form.getByLabel('Nombre').fill(copy);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Registro guardado');
  await expect(page.getByTestId('list-row')).toHaveCount(2);
  await expect(rowOf(page, edited)).toHaveCount(1);
  await expect(rowOf(page, copy)).toHaveCount(1);
  await expect(page.getByTestId('list-count')).toHaveText('1–2 de 2');

  // Closing the form clears the selected record and the copy flag: 'Nueva categoría' is empty.
  await rowOf(page, edited).getByTestId('row-copy').click();
  await expect(form.getByLabel('Nombre')).toHaveValue(edited);
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Nueva categoría' }).click();
  await expect(form.getByRole('heading', { name: 'Nueva categoría' })).toBeVisible();
  await expect(form.getByLabel('Nombre')).toHaveValue('');
  await expect(form.getByLabel('Categoría padre')).toHaveValue('');
  await expect(form.getByLabel('Activa')).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);

  // Lock: edit and delete are disabled while locked.
  const locked = rowOf(page, edited);
  await locked.getByTestId('row-lock').click();
  await expectToast(page, 'Registro bloqueado');
  await expect(locked).toContainText('Bloqueada');
  await expect(locked.getByTestId('row-edit')).toBeDisabled();
  await expect(locked.getByTestId('row-delete')).toBeDisabled();
  await expect(locked.getByTestId('row-lock')).toHaveAccessibleName('Desbloquear');
  await expect(rowOf(page, copy).getByTestId('row-edit')).toBeEnabled();

  // Unlock.
  await locked.getByTestId('row-lock').click();
  await expectToast(page, 'Registro desbloqueado');
  await expect(locked).not.toContainText('Bloqueada');
  await expect(locked.getByTestId('row-edit')).toBeEnabled();
  await expect(locked.getByTestId('row-delete')).toBeEnabled();
  await expect(locked.getByTestId('row-lock')).toHaveAccessibleName('Bloquear');

  // Delete asks first; 'Cancelar' keeps the record.
  await rowOf(page, edited).getByTestId('row-delete').click();
  const confirm = dialog(page);
  await expect(confirm.getByRole('heading', { name: 'Confirmar Acción' })).toBeVisible();
  await expect(confirm).toContainText('¿Está seguro de eliminar el registro?');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(rowOf(page, edited)).toHaveCount(1);
  await deleteCategory(page, edited);
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await expect(page.getByTestId('list-count')).toHaveText('1–1 de 1');

  await deleteCategory(page, copy);
  await expect(page.getByTestId('list-empty')).toHaveText(`No hay resultados para «${stamp}».`);
  await expect(page.getByTestId('list-count')).toHaveText('Sin registros');

  // Gone on the server too: a full reload with the search in the URL finds nothing.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('list-search')).toHaveValue(stamp);
  await expect(page.getByTestId('list-empty')).toBeVisible();
  // The refused empty name (400) and duplicate (409) are expected.
  expect(unexpected(errors, 400, 409)).toEqual([]);
});

test("a refused call shows the 'Error Api' modal with the server's message", async ({ page }) => {
  const errors = collectErrors(page);
  const stamp = `e2e${Date.now()}`;
  const parent = `Padre ${stamp}`;
  const child = `Hijo ${stamp}`;
  await signIn(page, 'admin@demo.ec');
  await page.goto(`/admin/categorias?search=${stamp}`);
  await hydrated(page);
  await createCategory(page, parent);
  await createCategory(page, child, parent);
  await expect(rowOf(page, child)).toContainText(parent);

  // Deleting a category that has subcategories is refused by the server (409).
  await rowOf(page, parent).getByTestId('row-delete').click();
  await expect(dialog(page).getByRole('heading', { name: 'Confirmar Acción' })).toBeVisible();
  await page.getByTestId('confirm-accept').click();
  const modal = page.getByRole('alertdialog');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading')).toHaveText('Error Api');
  await expect(page.getByTestId('error-modal-message')).toHaveText(
    'No se puede eliminar: la categoría tiene subcategorías. Muévalas o elimínelas primero.',
  );
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(rowOf(page, parent)).toHaveCount(1);
  await expect(page.getByTestId('toast').filter({ hasText: 'Registro eliminado' })).toHaveCount(0);

  // Child first, then the parent: both go.
  await deleteCategory(page, child);
  await deleteCategory(page, parent);
  await expect(page.getByTestId('list-empty')).toBeVisible();
  expect(unexpected(errors, 409)).toEqual([]);
});

test('users: the demo users are listed and the e-mail verification toggles', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, 'admin@demo.ec');
  await page.goto('/admin/configAdmin/usuarios');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
  for (const [email, name, role] of [
    ['admin@demo.ec', 'Administradora Demo', 'Administrador'],
    ['vendedor@demo.ec', 'Vendedor Demo', 'Usuario'],
    ['cajero@demo.ec', 'Cajero Demo', 'Cajero'],
  ]) {
    const row = userRow(page, email);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(row).toContainText(role);
  }

  const toggle = userRow(page, 'cajero@demo.ec').getByTestId('verify-toggle');
  const before = (await toggle.textContent())?.trim();
  expect(['Verificado', 'Sin verificar']).toContain(before);
  const after = before === 'Verificado' ? 'Sin verificar' : 'Verificado';
  await toggle.click();
  await expect(toggle).toHaveText(after);
  // Stored: a reload shows the same.
  await page.reload();
  await hydrated(page);
  await expect(toggle).toHaveText(after);
  await toggle.click();
  await expect(toggle).toHaveText(before!);
  // The other users did not change.
  await expect(userRow(page, 'admin@demo.ec').getByTestId('verify-toggle')).toHaveText('Verificado');
  expect(errors).toEqual([]);
});
