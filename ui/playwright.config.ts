/**
 * End-to-end tests in a real browser (Debian's Chromium driven by playwright-core) against the
 * real release binary on a random port with a fresh SQLite database and the demo data.
 *
 * Normally started by `cargo test --release` (server/tests/e2e.rs), which sets:
 *   MOSTRADOR_BIN  the binary to test          E2E_PORT      a free port
 *   E2E_DB_DIR     folder for the database     E2E_SMTP_URL  the test SMTP server
 *   E2E_MAIL_DIR   where that server stores each received message as an .eml file
 * Next to the app, the SRI simulator (`mostrador sri simulator`) on E2E_PORT + 1, the app's SRI_URL.
 */
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const bin = process.env.MOSTRADOR_BIN ?? '../target/release/mostrador';
const dbDir = process.env.E2E_DB_DIR ?? '/tmp/mostrador-e2e';
/** The local SRI stand-in (`mostrador sri simulator`) listens on the next port. */
const sriPort = port + 1;
/** Fixed test secret (the certificates' encryption and the RIDE links' signature derive from it). */
const secret = 'e2e-secret-not-for-production-0123456789';

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
  webServer: [
    {
      // Started first: the app's SRI worker sends the facturas here (ebilling.spec.ts).
      command: `${bin} sri simulator --port ${sriPort} --delay-ms 200`,
      port: sriPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { LOG: 'warn' },
    },
    {
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
        SRI_URL: `http://127.0.0.1:${sriPort}`,
        MOSTRADOR_SECRET: secret,
        SRI_AUTH_DELAY_MS: '200',
        SRI_POLL_MS: '100',
      },
    },
  ],
});
