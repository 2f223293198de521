/**
 * The part page against the listing under load (issue 18, ADR 086): in one run, 50 concurrent
 * connections for DURATION seconds each at the listing API, the part API (random seeded slugs), and
 * the server-rendered /catalog and /part/:slug pages; req/s, p50, p99 and non-2xx for each. The pages twice (issue 34,
 * ADR 135): first renders (an Authorization header keeps every request out of the page cache) and page-cache hits
 * (/catalog, and 200 part pages rendered in the warm-up), the hits also as a browser asks (Accept-Encoding: gzip, the
 * kept compressed copies). The API targets and the hostile mix bypass the cache too.
 * Starts the real local server (built SPA + SSR + API, its own DynamoDB Local, fresh data dir, seeded
 * parts, embedded index; NODE_ENV=production as on AWS) unless BENCH_URL points at a running one.
 * Compare figures within one run: the machine is shared.
 * Usage: npm run bench:load   (DURATION=10, CONNECTIONS=50, WARMUP=3 seconds, SEED_PARTS=2000)
 * Between targets it waits until the server answers promptly again (see drain).
 *
 * Then "hostile uploads + normal traffic" (issue 26): normal reads (listing and part API, half each) for
 * DURATION seconds on a quiet server, then the same reads while HOSTILE_UPLOADERS (8) clients post hostile
 * files to /api/bom/parse back to back (the 21 KB workbook with a 20 MB cell, a 5 MB media entry, a 40,000-row
 * workbook, a 4 MB one-line CSV, a truncated zip) from a process of their own under `nice -n 19`
 * (test/bench/hostile-uploader.ts: an attacker's CPU is elsewhere, and the measuring client must not be slowed by its
 * own uploads); HOSTILE_ROUNDS (3) such pairs, one after the other. The reads come at a steady NORMAL_RATE (300 req/s,
 * open loop: steady-reads.ts; normal traffic, not the server's limit); NORMAL_RATE=0 floods over CONNECTIONS instead.
 * The parts-list rate limit is lifted for the run (an attacker with many addresses); what keeps reads fast is the
 * parse sandbox (ADR 094). Prints each window's p50/p99 and the ratio of the rounds' median p99s (issue 26 asks
 * hostile ≤ 2× quiet), and the uploads' answers.
 * HOSTILE_ONLY=1 runs only this mix; HOSTILE=0 skips it; ONLY=<regex> measures only the matching targets.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startBenchServer } from './local-server';
import { steadyReads, type SteadyResult } from './steady-reads';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const warmup = Number(process.env.WARMUP ?? 3);
const hostileUploaderCount = Number(process.env.HOSTILE_UPLOADERS ?? 8);
const rounds = Number(process.env.HOSTILE_ROUNDS ?? 3);
/**
 * Normal traffic in the hostile mix: a steady, open-loop rate of reads (steady-reads.ts), not a flood (a flood's p99
 * is its own queue, and any other work on two cores lengthens it). 300 req/s is about a fifth of what the API answers
 * flooded (1,200–1,600 req/s on 2026-11-27; docs/benchmarks.md). NORMAL_RATE=0 floods with autocannon instead.
 */
const normalRate = Number(process.env.NORMAL_RATE ?? 300);

/** Every seeded part's slug, read through the listing (the slugs a visitor can reach). */
async function seededSlugs(baseUrl: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = (await (await fetch(`${baseUrl}/api/parts?pageSize=100&page=${page}`)).json()) as { data: { slug: string }[]; totalPages: number };
    slugs.push(...res.data.map((p) => p.slug));
    if (page >= res.totalPages) return slugs;
  }
}

interface Target {
  name: string;
  /** The path of each request (called per request, so a target can spread over the catalogue). */
  path: () => string;
  /** Extra request headers (an Authorization header keeps a request out of the page cache: a first render each time). */
  headers?: Record<string, string>;
  /** Run before the warm-up (the page-cache target renders all its pages once here). */
  prepare?: () => Promise<void>;
}

/** Any Authorization header makes the local page cache pass a request to the origin (ADR 135): every page is rendered. */
const BYPASS_CACHE = { authorization: 'Bearer bench-first-render' };
/** What a browser sends: the page cache answers with its gzipped copy (ADR 151). */
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
/** Part pages the page-cache target spreads over (each rendered once before its warm-up). */
const CACHED_PART_PAGES = 100;

function drive(baseUrl: string, target: Target, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: target.path(), ...(target.headers ? { headers: { ...request.headers, ...target.headers } } : {}) }),
      },
    ],
  });
}

/**
 * Requests a target left queued when its time was up (timed out at the client) still run on the
 * server: wait until it answers a cheap request promptly three times running, so they are not
 * counted against the next target.
 */
async function drain(baseUrl: string) {
  let prompt = 0;
  for (let tries = 0; prompt < 3 && tries < 240; tries += 1) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/robots.txt`)).arrayBuffer();
    prompt = performance.now() - started < 100 ? prompt + 1 : 0;
    if (prompt < 3) await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  const { baseUrl, stop } = await startBenchServer({
    name: 'load',
    defaultSeedParts: 2000,
    env: {
      // As the API and renderer Lambdas run (infra): React's production build renders the pages
      // (its development build, what `npm start` loads, is several times slower and not what is served).
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      // The hostile mix sends hundreds of lists from one address: lift the per-address limit (ADR 097) so the
      // uploads reach the reader, as from an attacker with many addresses.
      RATE_LIMIT_BOM_READS_PER_10_MINUTES: '1000000',
    },
  });
  try {
    const slugs = await seededSlugs(baseUrl);
    if (slugs.length === 0) throw new Error('no parts to load: seed some (SEED_PARTS)');
    const randomSlug = () => encodeURIComponent(slugs[Math.floor(Math.random() * slugs.length)]!);
    let turn = 0;
    const cachedSlug = () => encodeURIComponent(slugs[(turn += 1) % Math.min(CACHED_PART_PAGES, slugs.length)]!);
    // Server-rendered pages measured twice (issue 34): every request a first render (the page cache bypassed), and
    // as a returning visitor meets them (page-cache hits: /catalog, and 200 part pages all rendered in the warm-up).
    const targets: Target[] = [
      { name: 'GET /api/parts (listing)', path: () => '/api/parts', headers: BYPASS_CACHE },
      { name: 'GET /api/parts/:slug', path: () => `/api/parts/${randomSlug()}`, headers: BYPASS_CACHE },
      { name: 'GET /catalog (first render)', path: () => '/catalog', headers: BYPASS_CACHE },
      { name: 'GET /catalog (page cache)', path: () => '/catalog' },
      { name: 'GET /part/:slug (first render)', path: () => `/part/${randomSlug()}`, headers: BYPASS_CACHE },
      {
        name: 'GET /part/:slug (page cache)',
        path: () => `/part/${cachedSlug()}`,
        prepare: async () => {
          for (const slug of slugs.slice(0, CACHED_PART_PAGES)) await (await fetch(`${baseUrl}/part/${encodeURIComponent(slug)}`)).arrayBuffer();
        },
      },
      // As a browser asks (autocannon sends no Accept-Encoding otherwise): the cache's kept gzipped copies (ADR 151).
      { name: 'GET /catalog (page cache, gzip)', path: () => '/catalog', headers: GZIP },
      { name: 'GET /part/:slug (page cache, gzip)', path: () => `/part/${cachedSlug()}`, headers: GZIP },
    ];
    const load = () =>
      loadavg()
        .map((v) => v.toFixed(2))
        .join(', ');
    console.log(`${baseUrl}: ${slugs.length} parts; ${connections} connections, ${duration} s each after a ${warmup} s warm-up; load average ${load()}`);
    // HOSTILE_ONLY=1 runs only the hostile mix below.
    // ONLY=<regex> measures only the targets whose name matches.
    const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
    for (const target of process.env.HOSTILE_ONLY === '1' ? [] : targets.filter((t) => !only || only.test(t.name))) {
      await drain(baseUrl);
      await target.prepare?.();
      if (warmup > 0) await drive(baseUrl, target, warmup);
      await drain(baseUrl);
      const result = await drive(baseUrl, target, duration);
      console.log(
        `  ${target.name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  ` +
          `p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}`,
      );
    }
    if (process.env.HOSTILE !== '0') await hostileMix(baseUrl, randomSlug);
    console.log(`load average after: ${load()}`);
  } finally {
    await stop();
  }
}

/** The hostile uploaders' process (hostile-uploader.ts), started once and switched on and off between windows. */
interface HostileUploaders {
  start(): void;
  pause(): void;
  /** Ends the process: the answers by status over the whole run. */
  stop(): Promise<Map<string, number>>;
}

/**
 * Hostile uploaders in a process of their own, under `nice -n 19` from its first instruction (an attacker's CPU is not
 * the server's, and sending 4 MB bodies must not slow the client that measures the reads). Resolves once the
 * process has built its files and waits, paused, for `start()`.
 */
async function hostileUploaders(baseUrl: string): Promise<HostileUploaders> {
  const script = new URL('./hostile-uploader.ts', import.meta.url).pathname;
  const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', script, baseUrl, String(hostileUploaderCount)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('ready\n')) resolve();
    });
    void exited.then(() => reject(new Error('the hostile uploaders stopped before they were ready')));
  });
  return {
    start: () => child.kill('SIGUSR1'),
    pause: () => child.kill('SIGUSR2'),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      const answers = out.split('\n').filter(Boolean).at(-1) ?? '{}';
      return new Map(Object.entries(JSON.parse(answers.startsWith('{') ? answers : '{}') as Record<string, number>));
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Normal reads on a quiet server, then the same reads while hostile uploads run (issue 26), in HOSTILE_ROUNDS (3)
 * pairs of windows one after the other, so a change in the machine's other load falls on both sides alike. The ratio
 * is taken between the medians of the rounds' p99s.
 */
async function hostileMix(baseUrl: string, randomSlug: () => string) {
  let turn = 0;
  const path = () => ((turn += 1) % 2 === 0 ? '/api/parts' : `/api/parts/${randomSlug()}`);
  // Past the page cache, as before it existed: the reads measure the API under the uploads' load (issue 26).
  const reads: Target = { name: 'normal reads', path, headers: BYPASS_CACHE };
  type Figures = Pick<SteadyResult, 'p50' | 'p99' | 'non2xx' | 'errors'> & { perSecond: number; extra: string };
  const run = async (seconds: number): Promise<Figures> => {
    if (normalRate > 0) {
      const r = await steadyReads(baseUrl, path, normalRate, seconds, BYPASS_CACHE);
      return { ...r, perSecond: r.answered / seconds, extra: `max ${r.max} ms` };
    }
    const r = await drive(baseUrl, reads, seconds);
    return { p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, perSecond: r.requests.average, extra: `timeouts ${r.timeouts}` };
  };
  const line = (name: string, r: Figures) =>
    `  ${name.padEnd(36)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(5)} ms  ` +
    `p99 ${String(r.p99).padStart(6)} ms  non-2xx ${r.non2xx}  errors ${r.errors}  ${r.extra}`;
  console.log(
    `hostile uploads + normal traffic: normal reads (listing and part API) ` +
      `${normalRate > 0 ? `at a steady ${normalRate} req/s (open loop)` : `flooding over ${connections} connections`}, ` +
      `${hostileUploaderCount} hostile uploaders in their own process at nice 19; ${rounds} rounds of ${duration} s quiet, ${duration} s hostile`,
  );
  const uploads = await hostileUploaders(baseUrl);
  const quiet: number[] = [];
  const hostile: number[] = [];
  try {
    await drain(baseUrl);
    if (warmup > 0) await run(warmup);
    for (let round = 1; round <= rounds; round += 1) {
      await drain(baseUrl);
      const calm = await run(duration);
      console.log(line(`round ${round}: quiet`, calm));
      // The uploads start first, so the readers meet a server already busy with them.
      uploads.start();
      await new Promise((r) => setTimeout(r, 1000));
      const busy = await run(duration);
      uploads.pause();
      console.log(line(`round ${round}: hostile uploads running`, busy));
      quiet.push(calm.p99);
      hostile.push(busy.p99);
    }
  } finally {
    const answers = await uploads.stop();
    console.log(`  hostile uploads answered: ${[...answers].map(([status, n]) => `${n} × ${status}`).join(', ') || 'none'}`);
  }
  console.log(
    `  p99, median of the rounds: quiet ${median(quiet)} ms, hostile ${median(hostile)} ms; ` +
      `hostile / quiet = ${(median(hostile) / Math.max(1, median(quiet))).toFixed(2)} (issue 26: ≤ 2)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
