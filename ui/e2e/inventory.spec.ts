/**
 * Inventory in a real browser on the demo data: create a product, give it a picture, find it by
 * barcode in an adjustment (a repeated scan adds 1), see its kardex line (found by name, with its warehouse and the
 * document in Spanish), and import a file with a bad row. Prices and costs are typed with a decimal comma (issue 24).
 */
import { expect, test } from '@playwright/test';
import { apiPost, collectErrors, expectToast, hydrated, signIn, unexpected } from './helpers';

/** A 1×1 PNG. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test('product, adjustment by barcode, kardex line and import errors', async ({ page }) => {
  const errors = collectErrors(page);
  const stamp = String(Date.now()).slice(-8);
  const code = `E2E-${stamp}`;
  const barcode = `99${stamp}000`;
  await signIn(page, 'admin@demo.ec');

  // Create the product.
  await page.goto('/admin/inventario/productos');
  await hydrated(page);
  await page.getByRole('button', { name: 'Nuevo producto' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Código', { exact: true }).fill(code);
  await form.getByLabel('Nombre').fill(`Galletas de prueba ${stamp}`);
  await form.getByLabel('Códigos de barras (separados por coma)').fill(barcode);
  await form.getByLabel('Precio sin IVA').fill('1,25');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expectToast(page, 'Registro guardado');

  // A picture for it from the edit modal; the list then shows it as a thumbnail.
  await page.getByTestId('list-search').fill(code);
  const listed = page.locator('tbody tr', { hasText: code });
  await expect(listed).toHaveCount(1);
  await listed.getByTestId('row-edit').click();
  const picture = page.getByRole('dialog').getByTestId('product-image');
  await picture.locator('input[type=file]').setInputFiles({ name: 'galletas.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
  await picture.getByRole('button', { name: 'Subir imagen' }).click();
  await expectToast(page, 'Imagen del producto actualizada');
  const preview = picture.getByRole('img');
  await expect(preview).toHaveAttribute('src', /\/api\/item\/\d+\/image\?v=/);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
  await expect(listed.locator('img')).toHaveAttribute('src', /\/api\/item\/\d+\/image\?v=\d+/);

  // Adjustment: scan it, scan it again (+1), give a cost, register.
  await page.goto('/admin/inventario/ajusteInventario');
  await hydrated(page);
  const scan = page.getByTestId('scan-input');
  await scan.fill(barcode);
  await scan.press('Enter');
  const line = page.getByTestId('adjustment-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByLabel(/^Cantidad de/)).toHaveValue('1');
  await scan.fill(barcode);
  await scan.press('Enter');
  await expect(line.getByLabel(/^Cantidad de/)).toHaveValue('2');
  await line.getByLabel(/^Costo de/).fill('0,80');
  await page.getByLabel('Motivo').fill('Ingreso de mercadería');
  await page.getByRole('button', { name: 'Registrar ajuste' }).click();
  await expectToast(page, 'Ajuste registrado');

  // Its kardex line.
  await page.goto('/admin/inventario/kardex');
  await hydrated(page);
  await page.getByTestId('kardex-search').fill(`galletas de prueba ${stamp}`);
  await page.getByTestId('kardex-search').press('Enter');
  await expect(page.getByTestId('kardex-product')).toContainText(code);
  const row = page.getByTestId('kardex-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ajuste (entrada)');
  await expect(row).toContainText(/Ajuste \d+/);
  await expect(row).toContainText('Bodega principal');
  await expect(row).not.toContainText('adjustment');
  await expect(row).toContainText('$ 1.60');

  // Import a file with one bad row: the error names the row and the column.
  await page.goto('/admin/inventario/subida');
  await hydrated(page);
  const csv = `codigo;nombre;precio\nI${stamp}A;Importado A;1.00\nI${stamp}B;Importado B;uno\n`;
  await page.getByTestId('upload-file').setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByTestId('upload-status')).toContainText('Importación terminada');
  await expect(page.getByTestId('upload-status')).toContainText('1 creados');
  const bad = page.getByTestId('upload-errors').locator('tbody tr');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('3');
  await expect(bad).toContainText('precio');
  expect(unexpected(errors)).toEqual([]);
});

test('a recipe shows its ingredients by name and unit in the product editor', async ({ page }) => {
  const errors = collectErrors(page);
  const stamp = String(Date.now()).slice(-8);
  await signIn(page, 'admin@demo.ec');
  const rice = await apiPost(page, '/api/item/register', { code: `ARZ${stamp}`, name: `Arroz ${stamp}`, price: '1.00', ivaCode: '0', unit: 'kg' });
  expect(rice.status()).toBe(201);
  const riceId = (await rice.json())._id as number;
  const dish = await apiPost(page, '/api/item/register', {
    code: `PLT${stamp}`,
    name: `Plato ${stamp}`,
    price: '4.00',
    ivaCode: '0',
    kind: 'recipe',
    recipe: [{ ingredientId: riceId, quantity: '0.25' }],
  });
  expect(dish.status()).toBe(201);

  await page.goto('/admin/inventario/productos');
  await hydrated(page);
  await page.getByTestId('list-search').fill(`PLT${stamp}`);
  const listed = page.locator('tbody tr', { hasText: `PLT${stamp}` });
  await expect(listed).toHaveCount(1);
  await listed.getByTestId('row-edit').click();
  const form = page.getByRole('dialog');
  // It showed «#76 0.25»: the ingredient's code and name, its quantity and unit.
  await expect(form.getByText(`ARZ${stamp} · Arroz ${stamp}`)).toBeVisible();
  await expect(form.getByLabel(`Cantidad de ARZ${stamp} · Arroz ${stamp}`)).toHaveValue('0.25');
  await expect(form.getByRole('group', { name: 'Ingredientes de la receta' }).getByText('kg', { exact: true })).toBeVisible();
  await expect(form).not.toContainText(`#${riceId}`);
  expect(unexpected(errors)).toEqual([]);
});
