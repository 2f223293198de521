/**
 * The offer editor of a 2,000-line request in Chromium (issue 29, ADR 125), against the real local server:
 * opening the admin's quote view, opening the editor (until a line can be typed in), a keystroke in a line,
 * loading a priced 2,000-line sheet (until the preview shows), applying it, and sending the offer (until the
 * sent version shows). Each step is timed from the click to what the admin sees. Run by `npm run bench:offer`
 * after the server-side steps; BENCH_URL points it at a running server.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { chromium, request as http, type Locator, type Page } from '@playwright/test';
import type { QuoteItem, QuoteRequest } from '@parts/shared/schemas';
import { priceSheetRows, priceSheetXlsx } from '../../functions/src/modules/quotes/price-sheet-export';
import { startBenchServer } from './local-server';

const LINES = 2000;

/** The page's main-thread busy time so far (Chromium's TaskDuration), in ms: steadier than wall time on a loaded machine. */
let busy: () => Promise<number> = () => Promise.resolve(0);

async function watch(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  busy = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  };
}

async function timed(label: string, work: () => Promise<unknown>): Promise<number> {
  const before = await busy();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const cpu = (await busy()) - before;
  console.log(`  ${label.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms wall, ${cpu.toFixed(0).padStart(5)} ms page main thread busy`);
  return ms;
}

/** A buyer's 2,000-line request, every other line a catalogue part, sent through the API as a signed-in buyer. */
async function seedRequest(baseUrl: string): Promise<QuoteRequest> {
  const buyer = await http.newContext({ baseURL: baseUrl });
  try {
    const username = `bench${Date.now()}`;
    const registered = await buyer.post('/api/auth/register', { data: { username, password: 'secret-pass-1', isAdmin: false } });
    if (!registered.ok()) throw new Error(`registering the buyer answered ${registered.status()}`);
    const parts = (await (await buyer.get('/api/parts?pageSize=100&sortBy=partNumber')).json()) as { data: { id: number }[] };
    const items = Array.from({ length: LINES }, (_, i) =>
      i % 2 === 0 && parts.data.length > 0
        ? { partId: parts.data[(i / 2) % parts.data.length]!.id, quantity: 10 + i, reference: `REF-${i + 1}` }
        : { freeText: { partNumber: `FREE-${i + 1}`, manufacturer: 'Acme', description: `Free line ${i + 1}, 24 V, 5 A` }, quantity: 10 },
    );
    const response = await buyer.post('/api/quote-requests', { data: { customerName: 'Bench buyer', customerEmail: 'bench@example.com', items } });
    if (response.status() !== 201) throw new Error(`seeding the request answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as QuoteRequest;
  } finally {
    await buyer.dispose();
  }
}

/** A priced sheet of every line: $n.25 with a break at 100, in stock or 14 days. */
async function pricedSheet(items: QuoteItem[]): Promise<Buffer> {
  const fills = items.map((item, i) => ({
    itemId: item.id,
    unitPrice: `${(i % 90) + 1}.25`,
    breaks: [{ quantity: '100', price: `${(i % 90) + 1}.00` }],
    moq: '1',
    leadTime: i % 3 === 0 ? 'in stock' : '14',
  }));
  return Buffer.from(await priceSheetXlsx(priceSheetRows(items, fills)));
}

async function openDialog(page: Page, baseUrl: string, id: number): Promise<Locator> {
  await watch(page);
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('tab', { name: 'Quote Requests' }).click();
  const row = page.locator(`[data-testid="quote-row"][data-quote-id="${id}"]`).getByRole('button', { name: `View quote request #${id}` });
  await row.waitFor();
  const dialog = page.getByRole('dialog', { name: `Quote Request #${id}` });
  await timed("open the admin's quote view (until its lines show)", async () => {
    await row.click();
    await dialog.getByTestId('quote-line').first().waitFor();
  });
  return dialog;
}

export async function benchOfferEditor(): Promise<void> {
  const { baseUrl, stop } = await startBenchServer({ name: 'offer', defaultSeedParts: 300 });
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const request = await seedRequest(baseUrl);
    const sheet = await pricedSheet(request.items);
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const login = await context.request.post('/api/auth/login', { data: { username: 'admin', password: process.env.ADMIN_PASSWORD ?? 'admin123' } });
    if (!login.ok()) throw new Error(`admin login answered ${login.status()}`);
    const page = await context.newPage();
    console.log(`offer editor in Chromium: a ${LINES}-line request (#${request.id}), ${baseUrl}, load average ${loadavg()[0]!.toFixed(2)}`);
    const dialog = await openDialog(page, baseUrl, request.id);

    const firstPrice = dialog.locator('[data-testid="offer-line-editor"]').first().getByLabel('Unit price (USD)').first();
    await timed('open the offer editor (until a line can be typed in)', async () => {
      await dialog.getByRole('button', { name: 'Create offer' }).click();
      await firstPrice.waitFor();
    });
    await timed('a keystroke in a line (until the field shows it)', async () => {
      await firstPrice.press('9');
      await dialog
        .locator('[data-testid="offer-line-editor"]')
        .first()
        .getByText(/Line total: \$/)
        .waitFor();
    });

    const bulk = dialog.getByTestId('bulk-panel');
    await bulk.getByLabel('Set').selectOption('moq');
    await bulk.getByLabel('Value').fill('5');
    await timed(`apply a bulk rule to all ${LINES} lines (MOQ 5)`, async () => {
      await bulk.getByRole('button', { name: 'Apply' }).click();
      await bulk.getByText(`${LINES.toLocaleString('en-US')} lines changed.`).waitFor();
    });
    await bulk.getByLabel('Set').selectOption('catalogPrice');
    await bulk.getByLabel('Percent (+ or −)').fill('12.5');
    await timed(`apply catalogue price + 12.5 % to all ${LINES} lines`, async () => {
      await bulk.getByRole('button', { name: 'Apply' }).click();
      await bulk.getByText(/lines changed/).waitFor();
    });

    const panel = dialog.getByTestId('price-sheet-panel');
    const preview = dialog.getByTestId('price-sheet-preview');
    await timed(`load a priced ${LINES}-line sheet (until the preview shows)`, async () => {
      await panel.getByTestId('price-sheet-file').setInputFiles({ name: 'priced.xlsx', mimeType: 'application/octet-stream', buffer: sheet });
      await preview.getByText(`${LINES.toLocaleString('en-US')} rows read`).waitFor({ timeout: 120_000 });
    });
    await timed('apply the sheet to the draft', async () => {
      await preview.getByRole('button', { name: 'Apply to the draft' }).click();
      await panel.getByTestId('price-sheet-applied').waitFor();
    });
    await timed('send the offer (until the sent version shows)', async () => {
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await dialog.getByTestId('offer-view').getByTestId('offer-total').waitFor({ timeout: 120_000 });
    });
    await page.close();

    // The quote view again, now with a 2,000-line offer under it.
    const again = await context.newPage();
    const reopened = await openDialog(again, baseUrl, request.id);
    await timed('the sent offer in the quote view (until its lines show)', () => reopened.getByTestId('offer-line').first().waitFor());
    await context.close();
  } finally {
    await browser.close();
    await stop();
  }
}
