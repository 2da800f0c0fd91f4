/** Shared steps for the end-to-end specs. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

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

/** The newest message the test SMTP server received for `to` (polls up to 15 s). */
export async function mailFor(to: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR no está definida: ejecute las pruebas con cargo test --release');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .find((m) => m.split('\n')[0].includes(to));
    if (found) return found.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (Date.now() > deadline) throw new Error(`no llegó el correo para ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The path of the first link in `mail` that contains `needle`. */
export function linkPath(mail: string, needle: string): string {
  const url = mail.split(/[\s"<>]+/).find((w) => w.startsWith('http') && w.includes(needle));
  if (!url) throw new Error(`no hay enlace con ${needle}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}
