/**
 * npm run bench:demand [-- --rows 1000000 --terms 40000 --parts 100000 --runs 20 --requests 400 --data-dir DIR]
 *
 * Demand signals (issue 31, ADR 129) against DynamoDB Local started here:
 * 1. Seeds `rows` daily signal counters (term × day) over the last 395 days, Zipf-like: a few terms asked for
 *    most days, a long tail asked for once or twice. They are written as the design stores them — the term item
 *    with one attribute per day and its lifetime total, and its ranking items per window (ADR 138, `rankItem`, as
 *    the write path builds them) — by parallel BatchWriteItem (not through the recorder: a million signals one
 *    update each would take hours on DynamoDB Local). With `--data-dir DIR` DynamoDB Local keeps its data there and a
 *    later run with the same arguments reuses it instead of seeding again.
 * 2. Times the admin's ranking (the demand service, as GET /api/admin/demand runs it): the top 100 of the year and
 *    of the last 90, 30 and 7 days, p50 / p95 over `runs` runs, each listing checked against the true top 100 of the
 *    generated signals (exit code 1 when a listing is not exact). `--requests 0` skips step 3; `--rank-only 1` seeds the
 *    ranking items only (the timed listings never read the term items, which take most of the seeding time).
 * 3. Times the search listing (embedded engine, `parts` documents) with and without recording, interleaved in one
 *    session: a third of the queries find nothing (each records a zero-result term); the recorder flushes to
 *    DynamoDB Local every second while the listing runs.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Hono } from 'hono';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PartDocument } from '@parts/functions/modules/search/ports/search-index';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { partSearchRoutes } from '@parts/functions/modules/search/routes/parts-search';
import { errorHandler } from '@parts/functions/http/errors';
import { silentLogger } from '@parts/functions/lib/logger';
import { mulberry32 } from '@parts/functions/local/seed';
import { LOCAL_CREDENTIALS, startDynamoLocal } from '@parts/functions/local/aws-local';
import { createDocumentClient } from '@parts/functions/adapters/dynamodb/client';
import { ensureTable } from '@parts/functions/adapters/dynamodb/table';
import { createDemandRepository, createDemandRecorder } from '@parts/functions/modules/demand/index';
import { createDemandService } from '@parts/functions/modules/demand/demand-service';
import { demandKeys, rankItem, statusPk, termDayAttr, toStoredTerm } from '@parts/functions/modules/demand/adapters/demand-items';
import { mapLimit } from '@parts/functions/lib/map-limit';
import { RANK_WINDOWS } from '@parts/functions/modules/demand/demand-rules';
import type { DemandRow } from '@parts/shared/schemas';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const ROWS = Number(args.get('rows') ?? 1_000_000);
const TERMS = Number(args.get('terms') ?? 40_000);
const PARTS = Number(args.get('parts') ?? 100_000);
const RUNS = Number(args.get('runs') ?? 20);
const REQUESTS = Number(args.get('requests') ?? 400);
const DATA_DIR = args.get('data-dir');
/** Seeds the ranking items only, not the term items (~5 KB, one attribute per day): the timed listings never read them. */
const RANK_ONLY = args.get('rank-only') === '1';
const SPAN_DAYS = 395;
const DAY_MS = 86_400_000;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const fmt = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(1)} ms  p95 ${quantile(xs, 0.95).toFixed(1)} ms`;
const dayString = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Days active per term, Zipf-like (term i: c / (i+1)^0.9, at most SPAN_DAYS), scaled so they sum to ROWS. */
function activeDays(): number[] {
  const raw = Array.from({ length: TERMS }, (_, i) => 1 / (i + 1) ** 0.9);
  let lo = 0;
  let hi = 1e7;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    const total = raw.reduce((s, r) => s + Math.min(SPAN_DAYS, Math.max(1, Math.round(mid * r))), 0);
    if (total < ROWS) lo = mid;
    else hi = mid;
  }
  return raw.map((r) => Math.min(SPAN_DAYS, Math.max(1, Math.round(lo * r))));
}

/** The seeded terms, generated the same way on every run with the same arguments (so a reused data dir has them too). */
function* generatedTerms(today: number): Generator<{ key: string; start: number; counts: number[] }> {
  const rng = mulberry32(31);
  const days = activeDays();
  const first = today - (SPAN_DAYS - 1) * DAY_MS;
  for (let i = 0; i < TERMS; i++) {
    const n = days[i]!;
    const start = first + Math.floor(rng() * (SPAN_DAYS - n + 1)) * DAY_MS;
    const counts = Array.from({ length: n }, () => 1 + Math.floor(rng() * rng() * 5));
    yield { key: `PN${String(i).padStart(6, '0')}X`, start, counts };
  }
}

/** The true top `n` counts of a period (from its first day to today), from the generated terms: what a listing must show. */
function trueTop(today: number, from: number, n: number): Map<string, number> {
  const all: [string, number][] = [];
  for (const { key, start, counts } of generatedTerms(today)) {
    let sum = 0;
    counts.forEach((c, d) => {
      if (start + d * DAY_MS >= from) sum += c;
    });
    if (sum > 0) all.push([key, sum]);
  }
  return new Map(all.sort((a, b) => b[1] - a[1]).slice(0, n));
}

async function seed(client: ReturnType<typeof createDocumentClient>['doc'], table: string, today: number): Promise<{ rows: number; items: number }> {
  let rows = 0;
  const items: Record<string, unknown>[] = [];
  let written = 0;
  const put = async (batch: Record<string, unknown>[]) => {
    await mapLimit(
      Array.from({ length: Math.ceil(batch.length / 25) }, (_, i) => batch.slice(i * 25, i * 25 + 25)),
      16,
      async (group) => {
        let request: Record<string, unknown[]> | undefined = { [table]: group.map((Item) => ({ PutRequest: { Item } })) };
        while (request && Object.keys(request).length > 0) {
          const res = await client.send(new BatchWriteCommand({ RequestItems: request as never }));
          request = res.UnprocessedItems as typeof request;
        }
      },
    );
    written += batch.length;
  };
  for (const { key, start, counts: dayCounts } of generatedTerms(today)) {
    const n = dayCounts.length;
    const counters: Record<string, number> = {};
    let count = 0;
    dayCounts.forEach((c, d) => {
      counters[termDayAttr(dayString(start + d * DAY_MS))] = c;
      count += c;
      rows++;
    });
    const term = {
      ...demandKeys.term('missing', key),
      type: 'demand-term',
      kind: 'missing',
      key,
      count,
      ...counters,
      expiresAt: Math.floor((start + (n - 1) * DAY_MS) / 1000) + 400 * 86_400,
      firstSeen: new Date(start).toISOString(),
      lastSeen: new Date(start + (n - 1) * DAY_MS + 3_600_000).toISOString(),
      forms: { [key.toLowerCase()]: count },
      requests: [],
      status: 'open',
    };
    if (!RANK_ONLY) items.push(term);
    // Its ranking items as the write path builds them from the term as written (ADR 138, 147).
    const stored = toStoredTerm(term);
    for (const w of RANK_WINDOWS) {
      items.push({ ...demandKeys.rank('missing', key, w), ...rankItem(stored, w), status: 'open', gsi2pk: statusPk('missing', 'open', w) });
    }
    if (items.length >= 5000) {
      await put(items.splice(0));
      if (written % 50_000 < 5000) process.stderr.write(`  seeded ${written} items (${rows} signal rows)\n`);
    }
  }
  await put(items.splice(0));
  return { rows, items: written };
}

function makePart(i: number): PartDocument {
  const r = mulberry32(i * 7919 + 17);
  const n = ['Cylinder', 'Valve', 'Pump', 'Relay', 'Sensor', 'Bearing'][Math.floor(r() * 6)]!;
  return {
    id: i + 1,
    version: 1,
    name: `Compact ${n} ${i % 97}`,
    slug: `part-${i + 1}`,
    partNumber: `AB${String(i).padStart(6, '0')}-${Math.floor(r() * 90 + 10)}`,
    description: `A ${n.toLowerCase()} rated ${Math.floor(r() * 200)} bar.`,
    status: 'active',
    price: Math.round(r() * 10000) / 100,
    categoryId: 1,
    categoryPath: [1],
    categoryName: 'Parts',
    categorySlug: 'parts',
    manufacturerId: 1,
    manufacturerName: 'Acme',
    manufacturerSlug: 'acme',
    specifications: {},
    specNumbers: {},
  } as PartDocument;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'demand-bench-'));
  const dynamo = await startDynamoLocal(DATA_DIR ? { dataDir: DATA_DIR } : {});
  const { raw, doc } = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint, credentials: LOCAL_CREDENTIALS });
  const table = 'demand-bench';
  try {
    await ensureTable(raw, table);
    const now = new Date();
    const today = Date.parse(`${dayString(now.getTime())}T00:00:00Z`);
    // A data dir seeded with the same arguments on the same day is reused (the periods are relative to today).
    const marker = DATA_DIR ? join(DATA_DIR, 'demand-bench.json') : undefined;
    const seedOf = JSON.stringify({ ROWS, TERMS, today: dayString(today), layout: 'rank-items-by-bucket', RANK_ONLY });
    if (marker && existsSync(marker) && readFileSync(marker, 'utf8') === seedOf) {
      console.log(`reusing the data seeded in ${DATA_DIR} (${seedOf})`);
    } else {
      const t0 = performance.now();
      const seeded = await seed(doc, table, today);
      const seedSeconds = (performance.now() - t0) / 1000;
      console.log(`seeded ${seeded.rows} signal rows (${TERMS} terms) as ${seeded.items} items in ${seedSeconds.toFixed(1)} s`);
      if (marker) writeFileSync(marker, seedOf);
    }

    const ctx = { client: doc, tableName: table, now: () => new Date() };
    const repo = createDemandRepository(ctx);
    // Counts the ranking's GSI Query pages, terms and time spent in them (where a listing's time goes).
    const walk = { pages: 0, terms: 0, ms: 0 };
    const counted: typeof repo = {
      ...repo,
      async termsByCount(...a) {
        const t = performance.now();
        const page = await repo.termsByCount(...a);
        walk.ms += performance.now() - t;
        walk.pages++;
        walk.terms += page.terms.length;
        return page;
      },
    };
    const service = createDemandService({ demand: counted, partNumberOf: async () => undefined, requestStatusOf: async () => undefined });
    const to = dayString(today);
    const periods = [
      ['year (365 days)', dayString(today - 364 * DAY_MS)],
      ['last 90 days', dayString(today - 89 * DAY_MS)],
      ['last 30 days', dayString(today - 29 * DAY_MS)],
      ['last 7 days', dayString(today - 6 * DAY_MS)],
    ] as const;
    for (const [name, from] of periods) {
      const times: number[] = [];
      let rows = 0;
      let listed: DemandRow[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        if (i === 2) Object.assign(walk, { pages: 0, terms: 0, ms: 0 });
        const t = performance.now();
        const page = await service.list({ kind: 'missing', from, to, sort: 'count', order: 'desc', status: 'open', limit: 100 });
        if (i >= 2) times.push(performance.now() - t);
        rows = page.items.length;
        listed = page.items;
      }
      // Exact: every row counts what the term truly counts in the period, and the counts are the true top 100's
      // (terms tied at the 100th count may differ).
      const truth = trueTop(today, Date.parse(`${from}T00:00:00Z`), 100);
      const wrong = listed.filter((r) => truth.has(r.key) && truth.get(r.key) !== r.count).length;
      const exact = wrong === 0 && listed.map((r) => r.count).join() === [...truth.values()].join();
      if (!exact) process.exitCode = 1;
      console.log(`top 100, ${name}: ${fmt(times)}  (${rows} rows, ${exact ? 'exact' : 'NOT the true top 100'}, ${RUNS} runs after 2 warm-up)`);
      console.log(
        `  per listing: ${(walk.pages / RUNS).toFixed(1)} Query pages, ${(walk.terms / RUNS).toFixed(0)} terms read, ${(walk.ms / RUNS).toFixed(1)} ms in Query (load ${loadavg()[0]!.toFixed(2)})`,
      );
    }

    if (REQUESTS === 0) return;
    // Recording overhead on the listing: the same index, one app recording and one not, requests interleaved.
    const index = createEmbeddedSearchIndex({ file: join(dir, 'search.sqlite') });
    await index.clear();
    for (let s = 0; s < PARTS; s += 5000) await index.upsert(Array.from({ length: Math.min(5000, PARTS - s) }, (_, k) => makePart(s + k)));
    const recorder = createDemandRecorder({ repository: repo, logger: silentLogger });
    // The listing records nothing itself since the page's beacon counts searches (docs/demand.md): "with recording"
    // is the listing plus the beacon's work (recorder.searched with its answer), as the server pays it per search.
    const appOf = (withRecorder: boolean) => {
      const app = new Hono();
      app.onError(errorHandler(silentLogger));
      if (withRecorder) {
        app.use('/api/parts', async (c, next) => {
          await next();
          const body = (await c.res.clone().json()) as { total: number; data: unknown[] };
          recorder.searched({ q: c.req.query('q') ?? '', total: body.total, shown: body.data.length });
        });
      }
      app.route('/api/parts', partSearchRoutes({ search: index }));
      return app;
    };
    const [plain, recording] = [appOf(false), appOf(true)];
    const rng = mulberry32(7);
    const query = (i: number) =>
      i % 3 === 0 ? `zz${Math.floor(rng() * 5000)} missing` : i % 3 === 1 ? `AB${String(Math.floor(rng() * PARTS)).padStart(6, '0')}` : 'compact valve';
    const time = async (app: Hono, q: string) => {
      const t = performance.now();
      const res = await app.request(`/api/parts?q=${encodeURIComponent(q)}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      return performance.now() - t;
    };
    for (let i = 0; i < 30; i++) await Promise.all([time(plain, query(i)), time(recording, query(i))]);
    const without: number[] = [];
    const withRec: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const q = query(i);
      if (i % 2 === 0) {
        without.push(await time(plain, q));
        withRec.push(await time(recording, q));
      } else {
        withRec.push(await time(recording, q));
        without.push(await time(plain, q));
      }
    }
    await recorder.flush();
    console.log(`listing at ${PARTS} parts, ${REQUESTS} requests each, interleaved (a third zero-result):`);
    console.log(`  without recording  ${fmt(without)}`);
    console.log(`  with recording     ${fmt(withRec)}`);
    await index.close();
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${new Date().toISOString()})`,
    );
  } finally {
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
