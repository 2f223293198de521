/**
 * The quote PDF's cost in the API Lambda (ADR 098): what it adds to the deployed asset, and the time of a
 * document in a fresh process (the first PDF of a container: loading the PDF chunk, reading and subsetting
 * the fonts) and in a warm one, for a Latin-only document and for one with Greek, Cyrillic, Chinese,
 * Japanese and Korean text.
 *
 * Bundles functions/src/lambda/api.ts as `cdk synth` does (`bundleLambda`, with the font files beside it)
 * and imports the PDF chunk from there, so the fonts are found as in Lambda. Wall time and CPU time
 * (user + system of the child) are both printed: on a shared, loaded machine the CPU time is the steadier
 * figure.
 *
 * Usage: npm run bench:pdf   (RUNS=5 fresh processes per document, WARM=5 renders after the first;
 * BUNDLE_DIR=<dir with index.mjs and index.meta.json> measures a given bundle, e.g. one made from another
 * commit with `node --import tsx infra/scripts/bundle-lambda.ts api <dir>`)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { zipSync } from 'fflate';
import { bundleLambda } from '../../infra/src/lambda-bundle';

const runs = Number(process.env.RUNS ?? 5);
const warm = Number(process.env.WARM ?? 5);

const line = (itemId: number, partNumber: string, name: string) => ({
  itemId,
  partNumber,
  name,
  requestedQuantity: 10,
  status: 'offered',
  quantity: 10,
  unitPriceMicros: 12_000_000,
  priceBreaks: [{ minQuantity: 50, unitPriceMicros: 9_900_000 }],
  appliedUnitPriceMicros: 12_000_000,
  lineTotalCents: 12000,
  leadTime: 14,
  minimumOrderQuantity: 1,
});
const site = {
  companyName: 'Industrial Parts Hub',
  addressLines: ['1250 Foundry Road, Suite 400', 'Cleveland, OH 44114', 'United States'],
  phone: '+1 (216) 555-0142',
  email: 'info@industrialpartshub.example',
  quotesEmail: 'quotes@industrialpartshub.example',
  siteUrl: 'https://parts.example.com',
  quoteTerms: ['Prices are in US dollars, excluding taxes and shipping.', 'The warranty is 1 year.'],
};
const quote = (customerName: string) => ({
  id: 7,
  customerName,
  customerEmail: 'buyer@example.com',
  status: 'quoted',
  createdAt: '2026-11-20T10:00:00.000Z',
  items: [],
  attachments: [],
  history: [],
});
const offer = (names: string[], message: string) => ({
  quoteId: 7,
  version: 1,
  sentAt: '2026-11-21T09:00:00.000Z',
  sentBy: 'admin',
  validUntil: '2026-12-21',
  state: 'open',
  totalCents: 12000 * names.length,
  lines: names.map((name, i) => line(i + 1, `HX-M8-${i + 1}`, name)),
  message,
});
const DOCUMENTS = {
  latin: { site, quote: quote('Ada Lovelace'), offer: offer(['Hex bolt M8 x 40', 'Washer M8', 'Nut M8'], 'Thank you for asking.\nDelivery in two weeks.') },
  international: {
    site,
    quote: quote('Zoë 北京 Łódź Αθήνα Москва 서울'),
    offer: offer(['六角螺栓 M8 × 40 (不锈钢)', 'Шайба M8', 'ナット M8', '볼트 세트'], 'Здравствуйте! お見積りありがとうございます。감사합니다. Ευχαριστούμε.'),
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

interface ChildResult {
  loadWall: number;
  loadCpu: number;
  firstWall: number;
  firstCpu: number;
  warmWall: number[];
  warmCpu: number[];
  bytes: number;
}

function child(chunk: string, document: unknown): Promise<ChildResult> {
  const script = `
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const input = ${JSON.stringify(document)};
    let w = performance.now(), c = cpu();
    const { renderOfferPdf } = await import(${JSON.stringify(chunk)});
    const r = { loadWall: performance.now() - w, loadCpu: cpu() - c, warmWall: [], warmCpu: [] };
    w = performance.now(); c = cpu();
    let pdf = await renderOfferPdf(input);
    r.firstWall = performance.now() - w; r.firstCpu = cpu() - c; r.bytes = pdf.length;
    for (let i = 0; i < ${warm}; i++) {
      w = performance.now(); c = cpu();
      pdf = await renderOfferPdf(input);
      r.warmWall.push(performance.now() - w); r.warmCpu.push(cpu() - c);
    }
    process.stdout.write(JSON.stringify(r));`;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (data: Buffer) => (out += data.toString()));
    proc.once('error', reject);
    proc.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as ChildResult) : reject(new Error(`child exited ${code}: ${out}`))));
  });
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main() {
  let dir = process.env.BUNDLE_DIR;
  let temp: string | undefined;
  if (!dir) {
    temp = mkdtempSync(join(tmpdir(), 'parts-bench-pdf-'));
    dir = temp;
    bundleLambda('api', dir);
  }
  try {
    const meta = JSON.parse(readFileSync(join(dir, 'index.meta.json'), 'utf8')) as Metafile;
    const [chunkOut, chunk] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.endsWith('functions/src/modules/quotes/quote-pdf.ts'))!;
    const all = files(dir);
    const runtime = all.filter((f) => relative(dir, f).startsWith('node_modules'));
    const zipped = zipSync(Object.fromEntries(all.map((f) => [relative(dir, f), readFileSync(f)])), { level: 6 }).length;
    console.log(`PDF chunk ${chunkOut.replace(/.*\/chunks\//, 'chunks/')}: ${kb(chunk.bytes)} of JavaScript (loaded on the first PDF)`);
    console.log(`Runtime files beside the bundle (fonts, HarfBuzz WebAssembly): ${runtime.length}, ${kb(runtime.reduce((s, f) => s + statSync(f).size, 0))}`);
    for (const f of runtime) console.log(`  ${relative(dir, f)}  ${kb(statSync(f).size)}`);
    console.log(`Whole asset: ${kb(all.reduce((s, f) => s + statSync(f).size, 0))} unzipped, ${kb(zipped)} zipped (deflate level 6)`);
    const chunkPath = join(dir, 'chunks', chunkOut.replace(/.*\/chunks\//, ''));
    for (const [name, document] of Object.entries(DOCUMENTS)) {
      const results: ChildResult[] = [];
      for (let i = 0; i < runs; i++) results.push(await child(chunkPath, document));
      const m = (pick: (r: ChildResult) => number) => median(results.map(pick));
      console.log(
        `${name} document, ${runs} fresh processes: load chunk ${ms(m((r) => r.loadWall))} (CPU ${ms(m((r) => r.loadCpu))}); ` +
          `first PDF ${ms(m((r) => r.firstWall))} (CPU ${ms(m((r) => r.firstCpu))}); ` +
          `warm PDF ${ms(m((r) => median(r.warmWall)))} (CPU ${ms(m((r) => median(r.warmCpu)))}); ${kb(results[0]!.bytes)} PDF`,
      );
    }
    console.log(
      `Load average (1, 5, 15 min): ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
