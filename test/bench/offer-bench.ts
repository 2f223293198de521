/**
 * The price sheet of a 2,000-line request (issue 29, ADR 117): writing it (XLSX and CSV, with a draft filled
 * in), and loading a priced sheet back: reading it in the parse sandbox's worker thread (as the import route
 * does: a fresh worker, then a warm one) and checking its 2,000 rows against the request.
 * In-process, with the request and the catalogue look-up in memory (no table, no search engine).
 * Wall time and the process's CPU time (all its threads) are printed: on a shared, loaded machine the CPU time is the steadier one.
 *
 * Then the editor in Chromium against the local server (offer-editor-bench.ts): open, type, load a sheet, send.
 *
 * Usage: npm run bench:offer   (RUNS=5 repetitions of each warm step; BROWSER=0 skips the Chromium part)
 */
import { loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import type { QuoteItem, QuoteRequest } from '@parts/shared/schemas';
import { PRICE_SHEET_COLUMNS } from '@parts/shared/price-sheet';
import { priceSheetCsv, priceSheetRows, priceSheetXlsx } from '../../functions/src/modules/quotes/price-sheet-export';
import { createPriceSheetService } from '../../functions/src/modules/quotes/price-sheet-service';
import { createParseSandbox, PARSE_SANDBOX_DEFAULTS } from '../../functions/src/lib/parse-sandbox';
import { benchOfferEditor } from './offer-editor-bench';

const LINES = 2000;
const runs = Number(process.env.RUNS ?? 5);

const items: QuoteItem[] = Array.from({ length: LINES }, (_, i) =>
  i % 2 === 0
    ? { id: i + 1, quantity: 10 + i, part: { id: 1000 + i, partNumber: `CAT-${100000 + i}`, name: `Catalogue part ${i + 1} with a longer name` } }
    : { id: i + 1, quantity: 5, freeText: { partNumber: `FREE-${i + 1}`, manufacturer: 'Acme', description: `Free line ${i + 1}, 24 V, 5 A` } },
);
const quote = {
  id: 1,
  customerName: 'Bench',
  customerEmail: 'b@example.com',
  status: 'pending',
  createdAt: '',
  items,
  attachments: [],
  history: [],
} as unknown as QuoteRequest;
const fills = items.map((item, i) => ({
  itemId: item.id,
  unitPrice: `${(i % 90) + 1}.25`,
  breaks: [{ quantity: '100', price: `${(i % 90) + 1}.00` }],
  moq: '1',
  leadTime: i % 3 === 0 ? 'in stock' : '14',
  note: 'Priced from the supplier list of 2026-11',
}));

async function measure<T>(label: string, work: () => Promise<T>, times = runs): Promise<T> {
  let result!: T;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < times; i++) {
    const cpu = cpuUsage();
    const start = performance.now();
    result = await work();
    walls.push(performance.now() - start);
    const used = cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `${label.padEnd(58)} median ${median(walls).toFixed(0).padStart(5)} ms wall, ${median(cpus).toFixed(0).padStart(5)} ms CPU (process) over ${times}`,
  );
  return result;
}

async function main() {
  console.log(
    `offer bench: ${LINES} lines, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows = priceSheetRows(items, fills);
  const xlsx = await measure('export: 2,000-line XLSX with the draft', () => priceSheetXlsx(priceSheetRows(items, fills)));
  const csv = await measure('export: 2,000-line CSV with the draft', async () => priceSheetCsv(priceSheetRows(items, fills)));
  console.log(
    `  sizes: XLSX ${(xlsx.length / 1024).toFixed(0)} KB, CSV ${(csv.length / 1024).toFixed(0)} KB, ${rows[0]!.length} columns (${PRICE_SHEET_COLUMNS.length})`,
  );

  const sandbox = createParseSandbox({ ...PARSE_SANDBOX_DEFAULTS, threads: 1 });
  const sheets = createPriceSheetService({
    quotes: { getQuoteRequest: async () => quote },
    search: { matchParts: async (lines) => lines.map(() => ({ confidence: 'none', candidates: [] })) },
  });
  try {
    await measure('load: read the priced XLSX in a fresh worker (first upload)', () => sandbox.run({ kind: 'bom-file', data: xlsx }), 1);
    const table = await measure('load: read the priced XLSX in the warm worker', () => sandbox.run({ kind: 'bom-file', data: xlsx }));
    await measure('load: read the priced CSV in the warm worker', () => sandbox.run({ kind: 'bom-file', data: csv }));
    const reading = await measure('load: check 2,000 rows against the request', () => sheets.readSheet(1, table));
    if (reading.lines.length !== LINES || reading.problemCount !== 0)
      throw new Error(`expected ${LINES} clean lines, got ${reading.lines.length} and ${reading.problemCount} problems`);
    console.log(
      `  ${reading.lines.length} lines read, ${reading.problemCount} problems; answer ${(JSON.stringify(reading).length / 1024).toFixed(0)} KB of JSON`,
    );
  } finally {
    await sandbox.close();
  }
}

await main();
if (process.env.BROWSER !== '0') await benchOfferEditor();
