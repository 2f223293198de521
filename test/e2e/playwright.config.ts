import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free port, chosen synchronously so the config can be evaluated as a plain module. */
function freePortSync(): number {
  const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

// Workers re-evaluate this file: the main process picks the port and data dir once and hands them down.
process.env.E2E_PORT ??= String(freePortSync());
// The local SMTP catcher's web inbox, on a port of the run's own so a spec can read the mails it caused.
process.env.E2E_MAIL_WEB_PORT ??= String(freePortSync());
// The seeded catalogue's size: specs read it as the floor of the all-parts count (support/e2e-helpers.ts).
process.env.E2E_SEED_PARTS ??= '300';
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parts-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // The server is stopped by then; the run leaves no data behind.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);

/**
 * Debian's old-headless shell when it is there (`.ci/run` installs it): the same Blink and V8 without the
 * full browser's UI layer, which spent about half of the browser's CPU in each test (docs/testing.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per run, so two engineers' runs in one checkout never delete each other's artifacts.
  outputDir: path.join(repoRoot, 'test-results', `e2e-${port}`),
  fullyParallel: true,
  // Four at a time (E2E_WORKERS to change it): with two, a quiet run kept the machine's two cores less than half busy,
  // as each test mostly waits on the page, the server or DynamoDB Local (docs/testing.md).
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  forbidOnly: true,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs a third of the suite's CPU (screencast and snapshots of every action), and a CI run's
    // traces are read by nobody: recorded locally only, kept for a failed test (docs/testing.md).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real product as `npm start` runs it (the web is built by `npm run test:e2e` first).
    command: 'node --import tsx functions/src/local/start.ts',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_PARTS: process.env.E2E_SEED_PARTS,
      LOG_LEVEL: 'warn',
      // As the API and renderer Lambdas run: React's production build renders the pages (its development
      // build, which plain `npm start` loads, is several times slower and not what is served).
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The admin's webhook endpoints name this secret (admin-webhooks.spec.ts, ADR 123).
      WEBHOOK_SECRETS: JSON.stringify({ erp: randomBytes(16).toString('hex') }),
      MAIL_CATCHER_WEB_PORT: process.env.E2E_MAIL_WEB_PORT,
      MAIL_CATCHER_SMTP_PORT: '0',
      // Every spec registers and submits from 127.0.0.1; the limits themselves are tested in functions/test/security.
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: '10000',
      RATE_LIMIT_QUOTES_PER_HOUR: '10000',
    },
  },
});
