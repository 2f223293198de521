/**
 * First visits to /catalog and /part/:slug in Chromium, server-rendered and as the SPA shell (the
 * same URL answered with index.html alone): time to first byte, largest contentful paint and the
 * gzipped JavaScript loaded. Then the JavaScript a first visit to each server-rendered public page
 * loads; the run fails (exit code 1) when a page loads more than JS_BUDGET_KB (issue 18: 170 KB gzipped).
 * Starts the real local server (built SPA + API, fresh data dir) unless BENCH_URL points at a running one.
 * Usage: npm run bench:web   (RUNS=5 by default; SEED_PARTS=300 for the started server)
 */
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startBenchServer } from './local-server';

const runs = Number(process.env.RUNS ?? 5);
const JS_BUDGET_KB = 170;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Gzipped bytes of every script a fresh browser context loads for `url`, once the page is hydrated and the network idle. */
async function firstVisitJs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((body) => gzipSync(body).length));
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    return (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  } finally {
    await context.close();
  }
}

async function main() {
  const { baseUrl, stop } = await startBenchServer({ name: 'web', defaultSeedParts: 300 });

  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
  });
  try {
    // A part with specifications, and the SPA shell (what every page was before server rendering).
    const list = (await (await fetch(`${baseUrl}/api/parts?pageSize=1`)).json()) as { data: { slug: string; partNumber: string }[] };
    const part = list.data[0]!;
    const shellHtml = await (await fetch(`${baseUrl}/auth`)).text();
    const targets = [
      { path: '/catalog', ready: (page: Page) => page.getByTestId('part-card').first().waitFor() },
      { path: `/part/${part.slug}`, ready: (page: Page) => page.getByText(`Part # ${part.partNumber}`).waitFor() },
    ];
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(`First visits in Chromium, ${runs} runs each (fresh browser context each), ${baseUrl}`);
    for (const target of targets) {
      for (const mode of ['server-rendered', 'shell'] as const) {
        const jsSizes: number[] = [];
        const lcps: number[] = [];
        const ttfbs: number[] = [];
        for (let run = 0; run < runs; run += 1) {
          // Time to the first byte of the document, from Node (no browser cache, no rendering).
          const t0 = performance.now();
          const response = await fetch(`${baseUrl}${mode === 'shell' ? '/auth' : target.path}`);
          ttfbs.push(performance.now() - t0);
          await response.arrayBuffer();
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          const page = await context.newPage();
          // The shell: the same URL answered with index.html alone, so the SPA renders it in the browser.
          if (mode === 'shell')
            await page.route(`${baseUrl}${target.path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: shellHtml }));
          const scripts: Promise<number>[] = [];
          page.on('response', (res) => {
            if (res.request().resourceType() === 'script') scripts.push(res.body().then((body) => gzipSync(body).length));
          });
          await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'load' });
          await target.ready(page);
          await page.waitForLoadState('networkidle');
          const lcp = await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                new PerformanceObserver((entries) => {
                  const all = entries.getEntries();
                  resolve(all[all.length - 1]?.startTime ?? 0);
                }).observe({ type: 'largest-contentful-paint', buffered: true });
              }),
          );
          jsSizes.push((await Promise.all(scripts)).reduce((a, b) => a + b, 0));
          lcps.push(lcp);
          await context.close();
        }
        console.log(
          `  ${target.path.startsWith('/part/') ? '/part/:slug' : target.path} ${mode}: TTFB median ${median(ttfbs).toFixed(0)} ms; ` +
            `LCP median ${median(lcps).toFixed(0)} ms, max ${Math.max(...lcps).toFixed(0)} ms; JS ${kb(median(jsSizes))} KB gzipped (target <= 170 KB)`,
        );
      }
    }

    // Every server-rendered public page: the JavaScript of a first visit against the budget.
    const [category] = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { slug: string }[];
    const [manufacturer] = (await (await fetch(`${baseUrl}/api/manufacturers`)).json()) as { slug: string }[];
    const pages: [label: string, path: string][] = [
      ['/', '/'],
      ['/catalog', '/catalog'],
      ['/catalog/:slug', `/catalog/${category!.slug}`],
      ['/manufacturer/:slug', `/manufacturer/${manufacturer!.slug}`],
      ['/manufacturers', '/manufacturers'],
      ['/part/:slug', `/part/${part.slug}`],
      ['/support', '/support'],
      ['/contact', '/contact'],
      ['/privacy', '/privacy'],
      ['/terms', '/terms'],
      ['/cookies', '/cookies'],
    ];
    console.log(`JavaScript of a first visit per public page, gzipped (budget ${JS_BUDGET_KB} KB):`);
    for (const [label, pagePath] of pages) {
      const bytes = await firstVisitJs(browser, `${baseUrl}${pagePath}`);
      const over = bytes > JS_BUDGET_KB * 1024;
      if (over) process.exitCode = 1;
      console.log(`  ${label.padEnd(20)} ${kb(bytes).padStart(6)} KB${over ? '  OVER BUDGET' : ''}`);
    }
  } finally {
    await browser.close();
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
