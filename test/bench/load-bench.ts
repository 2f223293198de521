/**
 * The part page against the listing under load (issue 18, ADR 086): in one run, 50 concurrent
 * connections for DURATION seconds each at the listing API, the part API (random seeded slugs), and
 * the server-rendered /catalog and /part/:slug pages; req/s, p50, p99 and non-2xx for each.
 * Starts the real local server (built SPA + SSR + API, its own DynamoDB Local, fresh data dir, seeded
 * parts, embedded index; NODE_ENV=production as on AWS) unless BENCH_URL points at a running one.
 * Compare figures within one run: the machine is shared.
 * Usage: npm run bench:load   (DURATION=10, CONNECTIONS=50, WARMUP=3 seconds, SEED_PARTS=2000)
 * Between targets it waits until the server answers promptly again (see drain).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startBenchServer } from './local-server';

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const warmup = Number(process.env.WARMUP ?? 3);

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
}

function drive(baseUrl: string, target: Target, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: target.path() }) }],
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
    },
  });
  try {
    const slugs = await seededSlugs(baseUrl);
    if (slugs.length === 0) throw new Error('no parts to load: seed some (SEED_PARTS)');
    const randomSlug = () => encodeURIComponent(slugs[Math.floor(Math.random() * slugs.length)]!);
    const targets: Target[] = [
      { name: 'GET /api/parts (listing)', path: () => '/api/parts' },
      { name: 'GET /api/parts/:slug', path: () => `/api/parts/${randomSlug()}` },
      { name: 'GET /catalog (server-rendered)', path: () => '/catalog' },
      { name: 'GET /part/:slug (server-rendered)', path: () => `/part/${randomSlug()}` },
    ];
    const load = () =>
      loadavg()
        .map((v) => v.toFixed(2))
        .join(', ');
    console.log(`${baseUrl}: ${slugs.length} parts; ${connections} connections, ${duration} s each after a ${warmup} s warm-up; load average ${load()}`);
    for (const target of targets) {
      await drain(baseUrl);
      if (warmup > 0) await drive(baseUrl, target, warmup);
      await drain(baseUrl);
      const result = await drive(baseUrl, target, duration);
      console.log(
        `  ${target.name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  ` +
          `p99 ${String(result.latency.p99).padStart(4)} ms  non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}`,
      );
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
