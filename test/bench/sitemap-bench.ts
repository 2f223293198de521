/**
 * npm run bench:sitemap [-- --parts 1000000]
 * Time and memory to generate the sitemap index and its 50,000-URL shards for a catalogue of
 * `parts` parts (the generator of functions/src/modules/catalog/sitemaps.ts, fed pages of 1000 parts as
 * scanParts serves them; the shards are written to a temp directory). Reading the table itself is
 * not included: see docs/benchmarks.md for the scan's share.
 */
import { mkdtempSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { generateSitemaps } from '@parts/functions/modules/catalog/sitemaps';
import type { StoredPart } from '@parts/functions/modules/catalog/ports/catalog-repository';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const PARTS = Number(args.get('parts') ?? 1_000_000);
const PAGE = 1000;

const makers = ['festo', 'parker-hannifin', 'smc', 'bosch-rexroth', 'enerpac', 'norgren'];
function page(from: number): StoredPart[] {
  const to = Math.min(PARTS, from + PAGE);
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k + 1;
    return {
      id: i,
      slug: `${makers[i % makers.length]}-tie-rod-hydraulic-cylinder-${20 + (i % 80)}x${100 + (i % 400)}-cr-${i}`,
      updatedAt: new Date(Date.UTC(2026, 0, 1) + (i % 86_400) * 1000).toISOString(),
    } as unknown as StoredPart;
  });
}

const catalog = {
  listCategories: () => Promise.resolve(Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `Category ${i}`, slug: `category-${i}` }))),
  listManufacturers: () => Promise.resolve(Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Maker ${i}`, slug: `maker-${i}` }))),
  scanParts: (cursor?: string) => {
    const from = Number(cursor ?? 0);
    const items = page(from);
    return Promise.resolve(from + PAGE < PARTS ? { items, cursor: String(from + PAGE) } : { items });
  },
};

const out = mkdtempSync(join(tmpdir(), 'sitemap-bench-'));
let peakRss = process.memoryUsage().rss;
const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
const baseRss = process.memoryUsage().rss;
try {
  const result = await generateSitemaps({
    catalog,
    siteUrl: 'https://parts.example.com',
    writer: {
      write: (name, body) => {
        const file = join(out, name);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, body);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        return Promise.resolve();
      },
    },
  });
  clearInterval(sample);
  const shardBytes = readdirSync(join(out, 'sitemaps')).reduce((sum, f) => sum + statSync(join(out, 'sitemaps', f)).size, 0);
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  process.stdout.write(
    `sitemaps for ${PARTS.toLocaleString('en-US')} parts: ${result.urls.toLocaleString('en-US')} URLs in ${result.shards} shards + index, ` +
      `${(result.ms / 1000).toFixed(1)} s, peak RSS ${mb(peakRss)} MB (at start ${mb(baseRss)} MB), shards ${mb(shardBytes)} MB on disk\n`,
  );
} finally {
  clearInterval(sample);
  rmSync(out, { recursive: true, force: true });
}
