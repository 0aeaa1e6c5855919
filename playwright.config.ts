import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = path.join(os.tmpdir(), `tandem-e2e-${process.pid}`);
const ci = !!process.env.CI;
// Same order as scripts/ensure-chromium.sh. The headless shell draws text a little differently, so its
// screenshots are kept apart from the full browser's (the project name is part of a snapshot's name).
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
const browserName = path.basename(executablePath) === 'chromium-headless-shell' ? 'headless-shell' : 'chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: ci,
  // A flaky test is a bug to find, not a retry to live with.
  retries: 0,
  workers: 2,
  // Two workers share the two cores and most tests drive two or more browsers: the budget of a test, and of
  // one wait, is its slowest honest run on a busy machine of that size (many tests take 20-30 s there; a lazy
  // chunk or a sync took over 5 s under full load), not a speed check (benchmarks measure speed). A passing
  // test never waits longer for a larger budget.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: ci ? [['list'], ['json', { outputFile: '.ci-out/playwright.json' }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test (kept only on failure) cost about 40% of the suite's time on two
    // cores: screencast frames and DOM snapshots at every step. A failure keeps a screenshot and the error
    // context; E2E_TRACE=1 records traces again when one must be read.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: browserName,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
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
    },
  ],
  webServer: {
    command: `rm -rf "${dataDir}" && node ${process.env.TANDEM_SERVER_OUT ?? 'dist-server/main.js'}`,
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      TANDEM_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TANDEM_UNLOAD_GRACE_MS: '200',
      // Lets a spec open a document id that does not exist with a token the server accepts.
      TANDEM_ADMIN_TOKEN: 'e2e-admin-token',
      // Remote-image specs serve their pictures from a local HTTP server; production refuses private hosts.
      TANDEM_FETCH_ALLOW_HOSTS: '127.0.0.1',
      // Every spec runs from 127.0.0.1: per-address limits would count the whole suite as one client.
      TANDEM_RATE_CREATE_PER_IP: '100000',
      TANDEM_RATE_UPLOAD_PER_IP: '100000',
      TANDEM_RATE_FETCH_PER_IP: '100000',
      TANDEM_RATE_SNAPSHOT_PER_IP: '100000',
      TANDEM_RATE_EXPORT_PER_IP: '100000',
      ...(process.env.TANDEM_BUILD_DIR ? { TANDEM_CLIENT_DIR: process.env.TANDEM_BUILD_DIR } : {}),
    },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
