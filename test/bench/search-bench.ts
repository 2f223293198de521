/**
 * npm run bench:search [-- --parts 1000000 --file .data/bench/search.sqlite] [--reuse yes] [--engine-only yes]
 * --reuse: open the file a previous run built with the same --parts instead of building it again (no build figure).
 * --engine-only: measure the engine alone and stop (no HTTP API or no-cache runs), for quick iterations.
 * Builds the embedded index from deterministic synthetic parts, then runs a fixed query mix against
 * the engine alone and through the HTTP API (@hono/node-server + the parts-search routes).
 */
import { existsSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { Agent, get } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { partsQuerySchema, type PartsQuery } from '@parts/shared/schemas';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { partSearchRoutes } from '@parts/functions/modules/search/routes/parts-search';
import { errorHandler } from '@parts/functions/http/errors';
import { silentLogger } from '@parts/functions/lib/logger';
import type { PartDocument, SearchIndex } from '@parts/functions/modules/search/ports/search-index';
import { mulberry32 } from '@parts/functions/local/seed';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const PARTS = Number(args.get('parts') ?? 1_000_000);
const FILE = args.get('file') ?? '.data/bench/search.sqlite';
const BATCH = 5000;
const REUSE = args.has('reuse') && args.get('reuse') !== 'no';
const ENGINE_ONLY = args.has('engine-only') && args.get('engine-only') !== 'no';

const rng = mulberry32;

const TOP = [
  'Hydraulic Components',
  'Pneumatic Systems',
  'Electrical Controls',
  'Automation Solutions',
  'Maintenance Products',
  'Bearings',
  'Seals',
  'Sensors',
];
const SUB = ['Cylinders', 'Valves', 'Pumps', 'Fittings', 'Relays', 'Controllers'];
const categories: { id: number; name: string; slug: string; path: number[] }[] = [];
TOP.forEach((name, i) => {
  const top = { id: i + 1, name, slug: slug(name), path: [i + 1] };
  categories.push(top);
  SUB.forEach((s, j) => {
    const id = 100 + i * 10 + j;
    categories.push({ id, name: `${s} (${name})`, slug: slug(`${name} ${s}`), path: [top.id, id] });
  });
});
const leafCategories = categories.filter((c) => c.path.length === 2);
const MAKERS = ['Festo', 'Siemens', 'Parker', 'Bosch Rexroth', 'SMC', 'Schneider', 'ABB', 'Omron', 'SKF', 'Eaton'];
const manufacturers = Array.from({ length: 200 }, (_, i) => {
  const name = `${MAKERS[i % MAKERS.length]}${i >= MAKERS.length ? ` ${Math.floor(i / MAKERS.length)}` : ''}`;
  return { id: i + 1, name, slug: slug(name) };
});
const ADJ = ['Compact', 'Heavy Duty', 'Miniature', 'Stainless', 'Double Acting', 'Single Acting', 'Precision', 'Industrial', 'Sealed', 'Modular'];
const NOUN = ['Cylinder', 'Valve', 'Pump', 'Fitting', 'Relay', 'Controller', 'Sensor', 'Bearing', 'Seal', 'Actuator', 'Regulator', 'Coupling'];
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

function slug(s: string) {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function makePart(i: number): PartDocument {
  const r = rng(i * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  const letters = (n: number) => Array.from({ length: n }, () => pick(LETTERS.split(''))).join('');
  const style = i % 4;
  const partNumber =
    style === 0
      ? `${digits(1)}${letters(2)}${digits(1)} ${digits(3)}-${digits(1)}${letters(2)}${digits(2)}-${digits(1)}${letters(2)}${digits(1)}`
      : style === 1
        ? `${letters(4)}-${digits(2)}-${digits(3)}-${letters(3)}-${i.toString(36).toUpperCase()}`
        : style === 2
          ? `${digits(1)}${letters(2)}${digits(1)}${letters(1)}/${digits(2)}${letters(2)}${digits(2)}-${i.toString(36).toUpperCase()}`
          : `${letters(2)}${digits(5)}.${i.toString(16).toUpperCase()}`;
  const category = pick(leafCategories);
  const maker = manufacturers[Math.floor(r() * r() * manufacturers.length)]!;
  const noun = pick(NOUN);
  const bore = [8, 10, 12, 16, 20, 25, 32, 40, 50, 63, 80, 100][Math.floor(r() * 12)]!;
  const stroke = Math.floor(r() * 50) * 10 + 10;
  const pressure = [6, 10, 16, 25, 40, 100, 160, 250][Math.floor(r() * 8)]!;
  const hasSpecs = r() < 0.7;
  return {
    id: i + 1,
    version: 1,
    name: `${pick(ADJ)} ${noun} ${bore}`,
    slug: `part-${i + 1}`,
    partNumber,
    description: `${pick(ADJ)} ${noun.toLowerCase()} for ${category.name.toLowerCase()}, rated ${pressure} bar.`,
    status: r() < 0.9 ? 'active' : r() < 0.5 ? 'discontinued' : 'coming_soon',
    price: Math.round(r() * 100000) / 100,
    categoryId: category.id,
    categoryPath: category.path,
    categoryName: category.name,
    categorySlug: category.slug,
    manufacturerId: maker.id,
    manufacturerName: maker.name,
    manufacturerSlug: maker.slug,
    specifications: hasSpecs ? { bore: `${bore} mm`, stroke: `${stroke} mm`, pressureRating: `${pressure} bar` } : {},
    specNumbers: hasSpecs ? { bore, stroke, pressureRating: pressure } : {},
  };
}

type Op = { kind: string; run: 'autocomplete'; q: string } | { kind: string; run: 'search'; query: PartsQuery; url: string };

function buildMix(samples: PartDocument[], seed = 42): Op[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const ops: Op[] = [];
  const list = (kind: string, params: Record<string, string | string[]>) => {
    const sp = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) sp.append(k, x);
    const query = partsQuerySchema.parse({
      page: params.page,
      pageSize: params.pageSize,
      q: params.q,
      categoryIds: [params.categoryId ?? []].flat(),
      manufacturerIds: [params.manufacturerId ?? []].flat(),
      specifications: params.specifications ? JSON.parse(params.specifications as string) : undefined,
      sortBy: params.sortBy,
      sortOrder: params.sortOrder,
    });
    ops.push({ kind, run: 'search', query, url: `/api/parts?${sp}` });
  };
  for (let i = 0; i < 200; i++) {
    const p = pick(samples);
    const len = 2 + Math.floor(r() * 6);
    ops.push({ kind: 'autocomplete: part-number prefix', run: 'autocomplete', q: p.partNumber.slice(0, len).toLowerCase() });
    const word = pick(p.name.split(' '));
    ops.push({ kind: 'autocomplete: word prefix', run: 'autocomplete', q: word.slice(0, Math.max(2, Math.floor(word.length * r()))) });
  }
  for (let i = 0; i < 150; i++) {
    const p = pick(samples);
    const start = Math.floor(r() * (p.partNumber.length - 5));
    list('listing: part-number fragment', { q: p.partNumber.slice(start, start + 5 + Math.floor(r() * 4)), pageSize: '9' });
    list('listing: exact part number typed loosely', { q: p.partNumber.toLowerCase().replace(/[-/.]/g, ' '), pageSize: '9' });
  }
  for (let i = 0; i < 150; i++) {
    const p = pick(samples);
    const sortBy = pick(['relevance', 'partNumber', 'manufacturer']);
    const sortOrder = pick(['asc', 'desc']);
    list('listing: text + filters + sort', {
      q: `${pick(ADJ).split(' ')[0]!.toLowerCase()} ${pick(NOUN).slice(0, 4).toLowerCase()}`,
      categoryId: String(pick(categories).id),
      ...(r() < 0.5 ? { manufacturerId: String(p.manufacturerId) } : {}),
      sortBy,
      sortOrder,
    });
    list('listing: filters only (category + spec range) + sort', {
      categoryId: String(pick(categories).id),
      specifications: JSON.stringify({ bore: { min: 20, max: 63 }, pressureRating: { min: 10 } }),
      sortBy,
      sortOrder,
    });
    list('listing: manufacturer filter + sort', { manufacturerId: [String(p.manufacturerId), String(pick(manufacturers).id)], sortBy, sortOrder });
  }
  // Mistyped words (one edit: a letter dropped or two neighbours swapped) and queries only a relaxation answers.
  const typo = (word: string) => {
    const w = word.toLowerCase();
    const at = 1 + Math.floor(r() * (w.length - 2));
    return r() < 0.5 ? w.slice(0, at) + w.slice(at + 1) : w.slice(0, at) + w[at + 1]! + w[at]! + w.slice(at + 2);
  };
  const longWords = (p: PartDocument) => p.name.split(' ').filter((w) => w.length >= 5);
  for (let i = 0; i < 100; i++) {
    const p = pick(samples);
    const word = typo(pick(longWords(p)));
    ops.push({ kind: 'autocomplete: mistyped word prefix', run: 'autocomplete', q: word.slice(0, Math.max(4, word.length - Math.floor(r() * 3))) });
    list('listing: typo in a word', { q: `${typo(pick(ADJ).split(' ')[0]!)} ${typo(pick(NOUN))}`, pageSize: '9' });
    const nothing = r() < 0.5 ? pick(['titanium', 'wireless', 'waterproof', 'explosion', 'graphite', 'quantum']) : String(900 + Math.floor(r() * 99));
    list('listing: relaxed (no part has every word)', { q: `${pick(ADJ).split(' ')[0]!.toLowerCase()} ${pick(NOUN).toLowerCase()} ${nothing}`, pageSize: '9' });
    list('listing: dimensions as typed', {
      q: pick([
        `${p.specNumbers.bore ?? 32}x${p.specNumbers.stroke ?? 100}`,
        `${pick(NOUN).toLowerCase()} ø${p.specNumbers.bore ?? 32}`,
        `${p.specNumbers.pressureRating ?? 10} bar`,
      ]),
      pageSize: '9',
    });
  }
  for (let i = 0; i < 60; i++) {
    list('listing: deep page', {
      categoryId: String(pick(TOP.map((_, j) => j + 1))),
      page: String(500 + Math.floor(r() * 4000)),
      pageSize: '9',
      sortBy: 'partNumber',
    });
  }
  list('listing: everything, no filter', {});
  return ops.sort(() => r() - 0.5);
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1]! };
}

function report(title: string, times: Map<string, number[]>) {
  console.log(`\n${title}`);
  console.log('| query kind | n | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const all: number[] = [];
  const listing: number[] = [];
  const auto: number[] = [];
  for (const [kind, xs] of [...times.entries()].sort()) {
    const s = stats(xs);
    all.push(...xs);
    (kind.startsWith('autocomplete') ? auto : listing).push(...xs);
    console.log(`| ${kind} | ${s.n} | ${s.p50.toFixed(2)} | ${s.p95.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.max.toFixed(2)} |`);
  }
  for (const [name, xs] of [
    ['all autocomplete', auto],
    ['all listings (total + facets)', listing],
    ['everything', all],
  ] as const) {
    const s = stats(xs);
    console.log(`| **${name}** | ${s.n} | ${s.p50.toFixed(2)} | ${s.p95.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.max.toFixed(2)} |`);
  }
  return { auto: stats(auto), listing: stats(listing), all: stats(all) };
}

async function main() {
  const reuse = REUSE && existsSync(FILE);
  if (!reuse) {
    rmSync(FILE, { force: true });
    rmSync(`${FILE}-wal`, { force: true });
    rmSync(`${FILE}-shm`, { force: true });
  }
  const index = createEmbeddedSearchIndex({ file: FILE });
  // As reindexAll does: a cleared index defers its part-number indexes to one pass after the load.
  if (!reuse) await index.clear();
  const samples: PartDocument[] = [];
  const t0 = performance.now();
  let generateMs = 0;
  if (reuse) {
    for (let i = 0; i < PARTS; i += 500) samples.push(makePart(i));
    if ((await index.count()) !== PARTS) throw new Error(`${FILE} does not hold ${PARTS} parts: build it without --reuse`);
  }
  for (let start = 0; start < (reuse ? 0 : PARTS); start += BATCH) {
    const g = performance.now();
    const docs = Array.from({ length: Math.min(BATCH, PARTS - start) }, (_, k) => makePart(start + k));
    generateMs += performance.now() - g;
    for (let k = 0; k < docs.length; k += 500) samples.push(docs[k]!);
    await index.upsert(docs);
    if ((start / BATCH) % 40 === 0) process.stderr.write(`  indexed ${start + docs.length} parts, ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  }
  // The first read builds the deferred indexes and the sort orders: part of the build.
  await index.search(partsQuerySchema.parse({ sortBy: 'partNumber' }));
  const buildSeconds = (performance.now() - t0 - generateMs) / 1000;
  console.log(
    `parts: ${await index.count()}  index build: ${buildSeconds.toFixed(1)} s (+ ${(generateMs / 1000).toFixed(1)} s generating documents)  rss after build: ${mb(process.memoryUsage().rss)} MB`,
  );

  const ops = buildMix(samples);
  // Warm the page cache and the statement cache once, as a running server would be, with other
  // queries than the measured ones (so the word-match cache holds none of them).
  for (const op of buildMix(samples, 7).slice(0, 100)) await runEngine(op);
  const engineTimes = new Map<string, number[]>();
  const engineCpu = new Map<string, number[]>();
  for (const op of ops) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    await runEngine(op);
    const used = process.cpuUsage(cpu);
    push(engineTimes, op.kind, performance.now() - t);
    push(engineCpu, op.kind, (used.user + used.system) / 1000);
  }
  const engine = report('Engine alone (in process), wall-clock', engineTimes);
  // CPU time leaves out the waits while other processes hold the 2 cores: the engine's own cost.
  const engineCpuStats = report('Engine alone, CPU time of the process (excludes time preempted by other load)', engineCpu);
  if (ENGINE_ONLY) {
    await index.close();
    console.log(
      `\nengine only${reuse ? ', reused file (no build figure)' : ''}: autocomplete p95 ${engine.auto.p95.toFixed(1)} ms, listing p95 ${engine.listing.p95.toFixed(1)} ms (CPU time ${engineCpuStats.auto.p95.toFixed(1)} / ${engineCpuStats.listing.p95.toFixed(1)} ms)`,
    );
    return;
  }

  const app = new Hono();
  app.onError(errorHandler(silentLogger));
  app.route('/api/parts', partSearchRoutes({ search: index }));
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const httpTimes = new Map<string, number[]>();
  for (const op of ops.slice(0, 50)) await runHttp(base, op);
  for (const op of ops) {
    const t = performance.now();
    await runHttp(base, op);
    push(httpTimes, op.kind, performance.now() - t);
  }
  const api = report('Through the HTTP API (@hono/node-server, keep-alive node:http client in the same process), wall-clock', httpTimes);
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await index.close();
  const peak = process.resourceUsage().maxRSS * 1024;

  // The same mix with no word match kept between queries (as right after a write): the cold cost.
  const cold = createEmbeddedSearchIndex({ file: FILE, wordMatchCacheIds: 0 });
  await cold.search(partsQuerySchema.parse({ sortBy: 'partNumber' }));
  for (const op of buildMix(samples, 7).slice(0, 100)) await runOn(cold, op);
  const coldTimes = new Map<string, number[]>();
  const coldCpu = new Map<string, number[]>();
  for (const op of ops) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    await runOn(cold, op);
    const used = process.cpuUsage(cpu);
    push(coldTimes, op.kind, performance.now() - t);
    push(coldCpu, op.kind, (used.user + used.system) / 1000);
  }
  const coldStats = report('Engine alone, no word-match cache (every text query reads its match from SQLite), wall-clock', coldTimes);
  const coldCpuStats = report('Engine alone, no word-match cache, CPU time of the process', coldCpu);
  await cold.close();

  console.log(`\nbuild: ${buildSeconds.toFixed(1)} s   peak RSS (generator + engine + server): ${mb(peak)} MB`);
  console.log(
    `API ÷ engine p50: everything ${(api.all.p50 / engine.all.p50).toFixed(2)}, autocomplete ${(api.auto.p50 / engine.auto.p50).toFixed(2)}, listings ${(api.listing.p50 / engine.listing.p50).toFixed(2)}`,
  );
  console.log(`API − engine p50 (HTTP + JSON overhead): ${(api.all.p50 - engine.all.p50).toFixed(2)} ms`);
  console.log(
    `targets (wall-clock): autocomplete p95 ${engine.auto.p95.toFixed(1)} ms (≤ 10), listing p95 ${engine.listing.p95.toFixed(1)} ms (≤ 40), build ${buildSeconds.toFixed(1)} s (≤ 60), peak ${mb(peak)} MB (≤ 1024)`,
  );
  console.log(`CPU time: autocomplete p95 ${engineCpuStats.auto.p95.toFixed(1)} ms, listing p95 ${engineCpuStats.listing.p95.toFixed(1)} ms`);
  console.log(
    `no word-match cache: autocomplete p95 ${coldStats.auto.p95.toFixed(1)} ms, listing p95 ${coldStats.listing.p95.toFixed(1)} ms (CPU time ${coldCpuStats.auto.p95.toFixed(1)} / ${coldCpuStats.listing.p95.toFixed(1)} ms)`,
  );
  console.log(
    `load average during the run (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${cpus().length} cores`,
  );

  async function runEngine(op: Op) {
    return runOn(index, op);
  }
}

async function runOn(index: SearchIndex, op: Op) {
  if (op.run === 'autocomplete') return (await index.autocomplete(op.q, 10)).suggestions;
  return index.search(op.query);
}

// A keep-alive node:http client: a browser reuses its connection too, and undici's fetch would add its own overhead.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function runHttp(base: string, op: Op): Promise<unknown> {
  const url = op.run === 'autocomplete' ? `${base}/api/parts/autocomplete?q=${encodeURIComponent(op.q)}` : `${base}${op.url}`;
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`${url} → ${res.statusCode} ${body}`));
        else resolve(JSON.parse(body));
      });
    }).on('error', reject);
  });
}

function push(m: Map<string, number[]>, k: string, v: number) {
  const xs = m.get(k) ?? [];
  xs.push(v);
  m.set(k, xs);
}

function mb(bytes: number) {
  return Math.round(bytes / 1024 / 1024);
}

await main();
