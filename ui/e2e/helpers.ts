/** Shared steps for the end-to-end specs. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** Waits until the client bundle has hydrated the server-rendered page. */
export async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** Collects console errors and uncaught exceptions of a page. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Polls the test SMTP server's folder until one message (newest first, raw text) satisfies
 * `found`; fails with «no llegó `what`» after `ms`.
 */
async function pollMail(found: (raw: string) => boolean, what: string, ms: number): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR no está definida: ejecute las pruebas con cargo test --release');
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .find(found);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no llegó ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The newest message the test SMTP server received for `to` (polls up to 15 s). */
export async function mailFor(to: string): Promise<string> {
  const mail = await pollMail((m) => m.split('\n')[0].includes(to), `el correo para ${to}`, 15_000);
  return mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

/** The path of the first link in `mail` that contains `needle`. */
export function linkPath(mail: string, needle: string): string {
  const url = mail.split(/[\s"<>]+/).find((w) => w.startsWith('http') && w.includes(needle));
  if (!url) throw new Error(`no hay enlace con ${needle}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Password of every demo user (`serve --demo`). */
export const DEMO_PASSWORD = 'demo12345';

/** Signs in through the login form and waits for the back office home. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Correo electrónico').first().fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('current-user')).toBeVisible();
}

/**
 * Expects a toast titled `title` (and `description` when given), then dismisses it, so a later
 * toast with the same title is told apart from this one.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (description !== undefined) await expect(toast).toContainText(description);
  await toast.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: title })).toHaveCount(0);
}

/**
 * Navigates client-side, as a link would: pushes `path` onto the history and lets the router
 * react to the `popstate` (the page is not reloaded).
 */
export async function clientNavigate(page: Page, path: string) {
  await page.evaluate((to) => {
    // The same entry shape react-router writes, so its back and forward keep working.
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    const state = { usr: null, key: `e2e${idx}`, idx };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
}

/** Errors other than the browser's notes about the HTTP statuses a test expects. */
export function unexpected(errors: string[], ...statuses: number[]): string[] {
  return errors.filter((e) => !statuses.some((s) => e.includes(`status of ${s}`)));
}

/** A demo certificate for the demo company (RUC 1790011224001), made by the binary under test. */
export function demoCertificate(password: string): string {
  const bin = process.env.MOSTRADOR_BIN ?? '../target/release/mostrador';
  const out = join(mkdtempSync(join(tmpdir(), 'mostrador-e2e-p12-')), 'demo.p12');
  execFileSync(bin, ['sri', 'demo-cert', '--out', out, '--password-env', 'P12'], {
    env: { ...process.env, P12: password },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}

/** The page's CSRF token, for API calls made next to the UI. */
export async function csrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'mostrador_csrf')?.value ?? '';
}

/** The API with the page's session and CSRF cookie, as the UI's own client sends it. */
export async function apiPost(page: Page, path: string, data: unknown) {
  return page.request.post(path, { data, headers: { 'X-CSRF-Token': await csrfToken(page) } });
}

/** The newest .eml for `to` that contains `needle` (polls up to 20 s), soft breaks and headers unfolded. */
export async function mailWith(to: string, needle: string): Promise<string> {
  const unfold = (m: string) => m.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
  const mail = await pollMail((m) => unfold(m).includes(to) && unfold(m).includes(needle), `el correo con ${needle} para ${to}`, 20_000);
  return unfold(mail);
}

/** A product of the demo catalogue as `GET /api/item` lists it. */
export interface DemoProduct {
  _id: number;
  code: string;
  name: string;
  kind: string;
  barcodes: string[];
}

/** The demo products that can be scanned (first page of the catalogue). */
export async function scannableProducts(page: Page): Promise<DemoProduct[]> {
  const list = await (await page.request.get('/api/item?limit=20')).json();
  return (list.results as DemoProduct[]).filter((p) => p.kind === 'product' && p.barcodes.length > 0);
}

/**
 * Scripts a printout must not carry: any but its «Imprimir» button's (`ui/src/print.ts`), which
 * only makes the button print and is not needed to show the document.
 */
export const NO_APP_SCRIPT = 'script[src]:not([src^="/assets/print-"]), script#__hydration';

/**
 * The room between the text of neighbouring cells of every row of `table`, in px, measured on the
 * rendered text itself (a column whose text touches the next reads as one word: «Cant.Descripción»).
 */
export async function cellTextGaps(table: Locator): Promise<{ pair: string; gap: number }[]> {
  return table.evaluate((element) =>
    [...element.querySelectorAll('tr')].flatMap((row) => {
      const texts = [...row.children].map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const box = range.getBoundingClientRect();
        return { text: (cell.textContent ?? '').trim(), left: box.left, right: box.right };
      });
      return texts.slice(1).flatMap((t, i) => (t.text && texts[i].text ? [{ pair: `${texts[i].text}|${t.text}`, gap: t.left - texts[i].right }] : []));
    }),
  );
}
