/**
 * npm run bench:bom [-- --parts 1000000 --lines 2000 --runs 7 --file .data/bench/bom.sqlite]
 * Builds the embedded index from deterministic synthetic parts, then matches a 2,000-line parts list
 * (exact, loosely typed, packaging-suffixed, unknown, description-only and repeated lines) through
 * the HTTP API (POST /api/bom/match on @hono/node-server), several times, and reports the wall-clock.
 */
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import type { BomMatchLine, BomMatchResponse, MatchConfidence } from '@parts/shared/bom';
import { partsQuerySchema } from '@parts/shared/schemas';
import { loadEnv } from '@parts/functions/config/env';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { bomRoutes } from '@parts/functions/modules/bom/routes/bom';
import { errorHandler } from '@parts/functions/http/errors';
import { silentLogger } from '@parts/functions/lib/logger';
import type { PartDocument } from '@parts/functions/modules/search/ports/search-index';
import { mulberry32 } from '@parts/functions/local/seed';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const PARTS = Number(args.get('parts') ?? 1_000_000);
const LINES = Number(args.get('lines') ?? 2000);
const RUNS = Number(args.get('runs') ?? 7);
const FILE = args.get('file') ?? '.data/bench/bom.sqlite';
const BATCH = 5000;

const MAKERS = ['Festo', 'Siemens', 'Parker', 'Bosch Rexroth', 'SMC', 'Schneider', 'ABB', 'Omron', 'SKF', 'Eaton'];
const ADJ = ['Compact', 'Heavy Duty', 'Miniature', 'Stainless', 'Double Acting', 'Precision', 'Industrial', 'Sealed', 'Modular'];
const NOUN = ['Cylinder', 'Valve', 'Pump', 'Fitting', 'Relay', 'Controller', 'Sensor', 'Bearing', 'Seal', 'Actuator', 'Regulator', 'Coupling'];
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function makePart(i: number): PartDocument {
  const r = mulberry32(i * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const letters = (n: number) => Array.from({ length: n }, () => pick(LETTERS.split(''))).join('');
  const style = i % 3;
  const partNumber =
    style === 0
      ? `${digits(1)}${letters(2)}${digits(1)}${digits(3)}-${digits(1)}${letters(2)}${digits(2)}-${i.toString(36).toUpperCase()}`
      : style === 1
        ? `${letters(4)}-${digits(2)}-${letters(3)}-${i.toString(36).toUpperCase()}`
        : `${letters(2)}${digits(5)}.${i.toString(16).toUpperCase()}`;
  const makerIndex = Math.floor(r() * r() * 200);
  const maker = `${MAKERS[makerIndex % MAKERS.length]}${makerIndex >= MAKERS.length ? ` ${Math.floor(makerIndex / MAKERS.length)}` : ''}`;
  const noun = pick(NOUN);
  const size = [8, 10, 12, 16, 20, 25, 32, 40, 50, 63, 80, 100][Math.floor(r() * 12)]!;
  return {
    id: i + 1,
    version: 1,
    name: `${pick(ADJ)} ${noun} ${size}`,
    slug: `part-${i + 1}`,
    partNumber,
    description: `${pick(ADJ)} ${noun.toLowerCase()}, size ${size}.`,
    status: 'active',
    price: null,
    categoryId: 1,
    categoryPath: [1],
    categoryName: 'Components',
    categorySlug: 'components',
    manufacturerId: makerIndex + 1,
    manufacturerName: maker,
    manufacturerSlug: slug(maker),
    specifications: {},
    specNumbers: {},
  };
}

/** The list: 45 % exact, 20 % typed loosely, 15 % with a packaging suffix, 8 % unknown, 7 % description only, 5 % repeats. */
function buildList(samples: PartDocument[]): BomMatchLine[] {
  const r = mulberry32(2024);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const lines: BomMatchLine[] = [];
  while (lines.length < LINES) {
    const p = pick(samples);
    const roll = r();
    if (roll < 0.45) lines.push({ partNumber: p.partNumber, manufacturer: p.manufacturerName! });
    else if (roll < 0.65) lines.push({ partNumber: p.partNumber.toLowerCase().replace(/[-.]/g, ' ') });
    else if (roll < 0.8) lines.push({ partNumber: `${p.partNumber}${pick(['-TR', '/NOPB', '#PBF', ' (REEL)'])}` });
    else if (roll < 0.88) lines.push({ partNumber: `QX${Math.floor(r() * 1e9)}-ZZ`, manufacturer: 'Unknown Works', description: 'Custom part' });
    else if (roll < 0.95) lines.push({ manufacturer: p.manufacturerName!, description: p.name });
    else if (lines.length > 0) lines.push({ ...lines[Math.floor(r() * lines.length)]! });
  }
  return lines;
}

async function main() {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${FILE}${suffix}`, { force: true });
  const index = createEmbeddedSearchIndex({ file: FILE });
  await index.clear();
  const samples: PartDocument[] = [];
  const t0 = performance.now();
  for (let start = 0; start < PARTS; start += BATCH) {
    const docs = Array.from({ length: Math.min(BATCH, PARTS - start) }, (_, k) => makePart(start + k));
    for (let k = 0; k < docs.length; k += 97) samples.push(docs[k]!);
    await index.upsert(docs);
    if ((start / BATCH) % 40 === 0) process.stderr.write(`  indexed ${start + docs.length} parts, ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  await index.search(partsQuerySchema.parse({ sortBy: 'partNumber' }));
  console.log(`parts: ${await index.count()}  index build: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = new Hono();
  app.onError(errorHandler(silentLogger));
  app.route(
    '/api/bom',
    bomRoutes({
      env: loadEnv(),
      search: index,
      users: { getBomMapping: () => Promise.resolve(undefined), saveBomMapping: () => Promise.resolve() },
      logger: silentLogger,
      // The benchmark measures matching, not the rate limit: a store that never counts past one.
      rateLimits: { addToWindow: async () => 1, addToStreak: async (_key, now) => ({ count: 1, since: now }), clearStreak: async () => undefined },
    }),
  );
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/bom/match`;

  const lines = buildList(samples);
  const body = JSON.stringify({ lines });
  const times: number[] = [];
  let last: BomMatchResponse | undefined;
  // One warm-up run (statement cache, page cache), then the measured runs.
  for (let run = 0; run <= RUNS; run++) {
    const t = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const json = (await res.json()) as BomMatchResponse;
    if (!res.ok) throw new Error(`match answered ${res.status}: ${JSON.stringify(json)}`);
    if (run > 0) times.push(performance.now() - t);
    last = json;
  }
  const counts: Record<MatchConfidence, number> = { exact: 0, likely: 0, choose: 0, none: 0 };
  for (const l of last!.lines) counts[l.confidence]++;
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`list: ${lines.length} lines, ${(body.length / 1024).toFixed(0)} KB of JSON; answers: ${JSON.stringify(counts)}`);
  console.log(
    `POST /api/bom/match, ${RUNS} runs: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, best ${sorted[0]!.toFixed(0)} ms, worst ${sorted[sorted.length - 1]!.toFixed(0)} ms (target ≤ 3000 ms)`,
  );
  console.log(
    `peak RSS: ${Math.round((process.resourceUsage().maxRSS * 1024) / 1024 / 1024)} MB; load average (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${cpus().length} cores`,
  );
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await index.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
