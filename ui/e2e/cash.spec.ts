/**
 * The cash drawer in a real browser: a cashier opens a shift, takes cash in, closes it counting
 * bills and coins blind (the expected cash and the difference only appear once it is closed), and
 * prints the arqueo ticket, which is complete without JavaScript; the owner finds the shift in the
 * history of the branch's shifts.
 */
import { expect, test } from '@playwright/test';
import { NO_APP_SCRIPT, collectErrors, expectToast, hydrated, signIn } from './helpers';

test('open a shift, cash in, close counting bills blind and print the arqueo ticket', async ({ page, browser }) => {
  const errors = collectErrors(page);
  await signIn(page, 'cajero@demo.ec');

  await page.goto('/admin/caja/abrirCerrarCaja');
  await hydrated(page);
  await page.getByLabel('Fondo inicial').fill('50.00');
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  await expectToast(page, 'Caja abierta');
  await expect(page.getByTestId('count-form')).toBeVisible();

  await page.goto('/admin/caja/Ingresar');
  await hydrated(page);
  await page.getByLabel('Monto').fill('25.50');
  await page.getByLabel('Motivo').fill('Cambio para el día');
  await page.getByRole('button', { name: 'Registrar' }).click();
  await expectToast(page, 'Ingreso registrado');
  // Blind count: the cashier is not told what the drawer should hold.
  await expect(page.getByTestId('expected')).toContainText('Turno #');
  await expect(page.getByTestId('expected')).not.toContainText('75.50');

  await page.goto('/admin/caja/abrirCerrarCaja');
  await hydrated(page);
  // Bills: 3 × $20, 1 × $10, 1 × $5; coins: 1 × $0.50. Enter moves to the next denomination.
  const first = page.locator('#count-0');
  await first.focus();
  await first.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1');
  await page.locator('#count-8').fill('1');
  await expect(page.getByTestId('counted')).toHaveText('$ 75.50');
  await page.locator('#count-12').fill('2');
  await expect(page.getByTestId('counted')).toHaveText('$ 75.52');
  await expect(page.getByTestId('blind')).toBeVisible();
  await expect(page.getByTestId('count-totals')).not.toContainText('Esperado');
  await expect(page.getByTestId('difference')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('75.50');
  await page.getByRole('button', { name: 'Cerrar caja' }).click();
  await expectToast(page, 'Caja cerrada');
  // Closed: now the cashier sees the difference.
  await expect(page.getByTestId('closed-difference')).toHaveText('$ 0.02');
  await expect(page.getByTestId('closed-totals')).toContainText('Sobrante');
  const href = await page.getByRole('link', { name: 'Imprimir arqueo' }).getAttribute('href');
  const id = /\/admin\/caja\/turno\/(\d+)\/ticketArqueo$/.exec(href ?? '')?.[1];
  expect(id).toBeTruthy();
  expect(errors).toEqual([]);

  // The ticket is complete HTML: printed with JavaScript disabled, from both addresses.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const ticket = await context.newPage();
  for (const path of [`/admin/caja/turno/${id}/ticketArqueo`, `/tickets/caja/ticketArqueo?turno=${id}`]) {
    const response = await ticket.goto(path);
    expect(response?.status()).toBe(200);
    const body = ticket.getByTestId('ticket');
    await expect(body).toContainText('ARQUEO DE CAJA');
    await expect(body).toContainText('Cajero Demo');
    await expect(body).toContainText('Fondo inicial$ 50.00');
    await expect(body).toContainText('Ingresos de efectivo$ 25.50');
    await expect(body).toContainText('3 x $ 20.00$ 60.00');
    await expect(body).toContainText('ESPERADO$ 75.50');
    await expect(body).toContainText('CONTADO$ 75.52');
    await expect(body).toContainText('SOBRANTE$ 0.02');
    expect(await ticket.locator(NO_APP_SCRIPT).count()).toBe(0);
  }
  await context.close();

  // The owner's history of the branch's shifts: the count, the difference and the arqueo.
  const owner = await browser.newContext();
  const admin = await owner.newPage();
  await signIn(admin, 'admin@demo.ec');
  await admin.goto('/admin/caja/historial');
  await hydrated(admin);
  const row = admin.getByTestId('turns').locator('tr', { hasText: `#${id}` });
  await expect(row).toContainText('Cajero Demo');
  await expect(row).toContainText('$ 75.52');
  await expect(row).toContainText('$ 0.02');
  await expect(row.getByRole('link', { name: 'Arqueo' })).toHaveAttribute('href', `/admin/caja/turno/${id}/ticketArqueo`);
  await owner.close();
});
