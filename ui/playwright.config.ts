/**
 * End-to-end tests in a real browser (Debian's Chromium driven by playwright-core) against the
 * real release binary on a random port with a fresh SQLite database and the demo data.
 *
 * Normally started by `cargo test --release` (server/tests/e2e.rs), which sets:
 *   MOSTRADOR_BIN  the binary to test          E2E_PORT      a free port
 *   E2E_DB_DIR     folder for the database     E2E_SMTP_URL  the test SMTP server
 *   E2E_MAIL_DIR   where that server stores each received message as an .eml file
 */
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const bin = process.env.MOSTRADOR_BIN ?? '../target/release/mostrador';
const dbDir = process.env.E2E_DB_DIR ?? '/tmp/mostrador-e2e';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'es-EC',
    timezoneId: 'America/Guayaquil',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine's network is closed: keep Chromium from trying to reach Google's services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dbDir} && mkdir -p ${dbDir} && ${bin} serve --demo --port ${port}`,
    url: `${baseURL}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATABASE_URL: `sqlite://${dbDir}/e2e.db`,
      PUBLIC_URL: baseURL,
      SMTP_URL: process.env.E2E_SMTP_URL ?? '',
      MAIL_POLL_MS: '100',
      LOG: 'warn',
    },
  },
});
