/**
 * The platform follow-ups in a real browser: a printable document opened signed out, and the
 * new-version notice after the server changes build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectErrors, DEMO_PASSWORD, hydrated, unexpected } from './helpers';

test('a printable opened signed out shows the 403 screen and signing in comes back to it (no JavaScript)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/tickets/prueba/A4');
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId('error-heading')).toHaveText('RECURSO LIMITADO_ACCESO CON USUARIO 403');
  await expect(page.getByTestId('error-message')).toHaveText('Debes iniciar sesión para acceder a esta página');
  await page.getByRole('link', { name: 'Iniciar Session' }).click();
  await expect(page).toHaveURL(/\/login\?volver=%2Ftickets%2Fprueba%2FA4$/);
  await page.getByLabel('Correo electrónico').first().fill('admin@demo.ec');
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/tickets\/prueba\/A4$/);
  await expect(page.getByText('DOCUMENTO DE PRUEBA')).toBeVisible();
  await context.close();
});

test('with JavaScript, signing in from the 403 screen of a printable also comes back to it', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/tickets/prueba/A4');
  await page.getByRole('link', { name: 'Iniciar Session' }).click();
  await expect(page).toHaveURL(/\/login\?volver=/);
  await hydrated(page);
  await page.getByLabel('Correo electrónico').first().fill('admin@demo.ec');
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/tickets\/prueba\/A4$/);
  await expect(page.getByText('DOCUMENTO DE PRUEBA')).toBeVisible();
  // The printable itself answered 403 before signing in.
  expect(unexpected(errors, 403)).toEqual([]);
});

/** A free TCP port on the loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}

/** Starts the release binary with `buildId` on `port` over `dbDir`, and waits until it answers. */
async function startServer(port: number, dbDir: string, buildId: string): Promise<ChildProcess> {
  const bin = process.env.MOSTRADOR_BIN ?? '../target/release/mostrador';
  const child = spawn(bin, ['serve', '--demo', '--port', String(port)], {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite://${dbDir}/version.db`,
      MOSTRADOR_BUILD_ID: buildId,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG: 'warn',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/build`);
      if (response.ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('el servidor no arrancó');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('after a new build is deployed the page offers to reload, and reloading works without errors', async ({ page }) => {
  const port = await freePort();
  const dbDir = mkdtempSync(join(tmpdir(), 'mostrador-version-'));
  let server = await startServer(port, dbDir, 'version-uno');
  try {
    const errors = collectErrors(page);
    await page.goto(`http://127.0.0.1:${port}/login`);
    await hydrated(page);
    await expect(page.locator('meta[name="mostrador-build"]')).toHaveAttribute('content', 'version-uno');
    // Same build: coming back to the tab says nothing.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(300);
    await expect(page.getByText('Hay una nueva versión de Mostrador')).toHaveCount(0);

    // Deploy: the same database, a new build.
    await stop(server);
    server = await startServer(port, dbDir, 'version-dos');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const notice = page.getByTestId('toast').filter({ hasText: 'Hay una nueva versión de Mostrador' });
    await expect(notice).toBeVisible();
    // Persistent: still there after the usual five seconds.
    await page.waitForTimeout(5_500);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Recargar' }).click();
    await hydrated(page);
    await expect(page.locator('meta[name="mostrador-build"]')).toHaveAttribute('content', 'version-dos');
    await expect(page.getByText('Hay una nueva versión de Mostrador')).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await stop(server);
  }
});
