/**
 * First visit to /catalog in Chromium: the gzipped JavaScript it loads and its largest contentful paint.
 * Starts the real local server (built SPA + API, fresh data dir) unless BENCH_URL points at a running one.
 * Usage: npm run bench:web   (RUNS=5 by default; SEED_PARTS=300 for the started server)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runs = Number(process.env.RUNS ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become healthy in time');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main() {
  let baseUrl = process.env.BENCH_URL;
  let server: ChildProcess | undefined;
  let dataDir: string | undefined;
  if (!baseUrl) {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'parts-bench-web-'));
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'functions/src/local/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_PARTS: process.env.SEED_PARTS ?? '300', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(baseUrl, server);
  }

  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
  try {
    const jsSizes: number[] = [];
    const lcps: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      // A fresh context each time: an empty cache, as on a first visit.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') {
          scripts.push(response.body().then((body) => gzipSync(body).length));
        }
      });
      await page.goto(`${baseUrl}/catalog`, { waitUntil: 'load' });
      await page.getByTestId('part-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]?.startTime ?? 0);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      jsSizes.push((await Promise.all(scripts)).reduce((a, b) => a + b, 0));
      lcps.push(lcp);
      await context.close();
    }
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(`First visit to /catalog in Chromium, ${runs} runs (fresh browser context each), ${baseUrl}`);
    console.log(`  JavaScript loaded, gzipped: ${kb(median(jsSizes))} KB (target <= 200 KB)`);
    console.log(`  Largest contentful paint: median ${median(lcps).toFixed(0)} ms, max ${Math.max(...lcps).toFixed(0)} ms (target <= 1500 ms)`);
  } finally {
    await browser.close();
    if (server) {
      server.kill('SIGINT');
      await new Promise((r) => server!.once('exit', r));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
