/**
 * CPU of one server render (issue 34): the built renderer (web/dist-ssr/entry-server.js, React's production build)
 * rendering /catalog, /part/:slug and /contact (no API call: the fixed cost of a render) in this process, its API
 * answers recorded once from a seeded local server and replayed, so only the render is measured (prefetch plumbing,
 * React's renderToString, dehydration, the HTML's bytes).
 * Prints the median, mean (with the garbage collections) and p90 CPU ms per render over RENDERS renders (default 200,
 * after WARMUP warm-up ones, default 20) and the HTML size. PROFILE=1 also writes a V8 CPU profile of the measured loop per page
 * (render-<page>.cpuprofile in the system's temporary directory, for Chrome DevTools; PROFILE_INTERVAL_US its sampling
 * interval, default 1000) and prints the functions with the most self time; HEAP_PROFILE=1 with it also writes an
 * allocation profile (heap-<page>.heapprofile, collected objects included).
 * Usage: npm run bench:render   (RENDERS=200, WARMUP=20, SEED_PARTS=2000; BENCH_URL=… uses a running server instead;
 * PAGES=part, catalog or contact, comma-separated, renders those pages only)
 * Two builds compared: `WEB_BUILDS=/a,/b npx tsx test/bench/render-bench.ts`, each folder holding a `dist` and a
 * `dist-ssr` (copies of web/dist and web/dist-ssr; put them inside the repository, so their imports find its
 * node_modules), measured in the same process against the same answers, interleaved render by render (a, b, a, b, …):
 * a loaded machine's swings then fall on every build alike. Each later build's median and mean are also given as a
 * share of the first's. PROFILE=1 profiles the interleaved loop of each page (all builds in one profile: give one build).
 * Interleaved in one process, the builds also share one heap: the garbage one build leaves is collected during either
 * build's renders, so the means (which count the collections) come out closer together than they are. ROUNDS=n
 * measures each build in a process of its own instead, the builds in turn (a, b, then b, a, …) for n rounds against
 * one server, and prints every round's shares and their median: each build pays its own collections.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { templateStylesheets } from '@parts/functions/http/pages';
import { startBenchServer } from './local-server';

/** A whole number from the environment, or the default when unset; anything else stops the bench with a message. */
function countFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number, not "${raw}"`);
    process.exit(2);
  }
  return value;
}

const renders = countFromEnv('RENDERS', 200);
const rounds = countFromEnv('ROUNDS', 0);
/** Set by a ROUNDS run for the process it starts per build: print the figures as one line of JSON as well. */
const RESULT_PREFIX = 'RENDER_RESULT ';
/**
 * Renders before the measured ones (WARMUP, default 20). V8 keeps optimising a render's code for thousands of renders
 * (a part page's mean fell from 0.55 ms over its first 1,000 renders to 0.20 ms over renders 9,000–10,000, Node 22):
 * WARMUP=5000 measures a server that has been running a while, the default one that has just started.
 */
const warmupRenders = countFromEnv('WARMUP', 20);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface RendererModule {
  createRenderer(options: {
    template: string;
    api: (request: Request) => Promise<Response>;
    siteUrl?: string;
    manifest?: Record<string, { file: string; imports?: string[] }>;
    stylesheets?: Record<string, string>;
  }): (request: Request) => Promise<Response | null>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** The functions with the most self time in a V8 CPU profile. */
function topSelfTime(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, count: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

async function main() {
  const { baseUrl, stop } = await startBenchServer({ name: 'render', defaultSeedParts: 2000 });
  // React's production build, as the renderer Lambda runs it (set before React loads).
  process.env.NODE_ENV = 'production';
  try {
    const builds = process.env.WEB_BUILDS?.split(',') ?? [path.join(repoRoot, 'web')];
    if (rounds > 0 && builds.length > 1) {
      inSeparateProcesses(baseUrl, builds);
      return;
    }
    const recorded = new Map<string, { status: number; body: string; contentType: string }>();
    let replay = false;
    const api = async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      const key = url.pathname + url.search;
      let answer = recorded.get(key);
      if (!answer) {
        if (replay) throw new Error(`not recorded: ${key}`);
        const res = await fetch(baseUrl + key);
        answer = { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') ?? 'application/json' };
        recorded.set(key, answer);
      }
      return new Response(answer.body, { status: answer.status, headers: { 'content-type': answer.contentType } });
    };
    const renderers = await Promise.all(
      builds.map(async (build) => {
        const dist = path.join(build, 'dist');
        const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
        const { createRenderer } = (await import(pathToFileURL(path.join(build, 'dist-ssr/entry-server.js')).href)) as RendererModule;
        const stylesheets = templateStylesheets(template, dist);
        return { build, render: createRenderer({ template, api, manifest, stylesheets, siteUrl: 'https://parts.example.com' }) };
      }),
    );
    const slug = ((await (await fetch(`${baseUrl}/api/parts?pageSize=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
    const pages = [
      { name: '/catalog', url: 'https://parts.example.com/catalog' },
      { name: '/part/:slug', url: `https://parts.example.com/part/${slug}` },
      { name: '/contact', url: 'https://parts.example.com/contact' },
    ].filter((page) => !process.env.PAGES || process.env.PAGES.split(',').some((name) => page.name.includes(name)));
    for (const { render } of renderers) for (const page of pages) await (await render(new Request(page.url)))!.text();
    replay = true;
    console.log(`API answers a render reads: ${[...recorded].map(([key, a]) => `${key} ${(a.body.length / 1024).toFixed(1)} KB`).join(', ')}`);
    console.log(
      `load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(', ')}; ${renders} renders each after ${warmupRenders} warm-up ones`,
    );
    const figures = await measure(renderers, pages);
    if (process.env.RENDER_RESULT === '1') console.log(RESULT_PREFIX + JSON.stringify(figures));
    console.log(
      `load average at the end ${loadavg()
        .map((v) => v.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await stop();
  }
}

/**
 * Renders each page RENDERS times per build (after the warm-up), the builds in turn render by render, and prints the
 * CPU per render of each build; PROFILE=1 also profiles each page's loop.
 */
async function measure(
  renderers: { build: string; render: (request: Request) => Promise<Response | null> }[],
  pages: { name: string; url: string }[],
): Promise<Record<string, { median: number; mean: number }[]>> {
  const figures: Record<string, { median: number; mean: number }[]> = {};
  for (const page of pages) {
    for (const { render } of renderers) for (let i = 0; i < warmupRenders; i += 1) await (await render(new Request(page.url)))!.arrayBuffer();
    const session = process.env.PROFILE === '1' ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROFILE_INTERVAL_US ?? 1000) });
      await session.post('Profiler.start');
      if (process.env.HEAP_PROFILE === '1')
        await session.post('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
    }
    const cpu = renderers.map((): number[] => []);
    const bytes = renderers.map(() => 0);
    for (let i = 0; i < renders; i += 1) {
      for (const [b, { render }] of renderers.entries()) {
        const before = process.cpuUsage();
        // The bytes a server sends (the local server and the page cache read them so): no decoding back to a string.
        const html = await (await render(new Request(page.url)))!.arrayBuffer();
        const used = process.cpuUsage(before);
        cpu[b]!.push((used.user + used.system) / 1000);
        bytes[b] = html.byteLength;
      }
    }
    const medians: number[] = [];
    const means: number[] = [];
    for (const [b, { build }] of renderers.entries()) {
      const sorted = cpu[b]!.sort((x, y) => x - y);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      // The mean counts the garbage collections a render's allocations cause (most fall on a few renders: the p90):
      // it is what a render costs the server's throughput. The median is a render without them.
      const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
      medians.push(at(0.5));
      means.push(mean);
      (figures[page.name] ??= []).push({ median: at(0.5), mean });
      const share =
        b > 0 ? `   ${((at(0.5) / medians[0]!) * 100).toFixed(0)} % / ${((mean / means[0]!) * 100).toFixed(0)} % of the first build's median / mean` : '';
      const name = renderers.length > 1 ? `  [${path.basename(build)}]` : '';
      console.log(
        `  ${page.name.padEnd(12)} CPU per render: median ${at(0.5).toFixed(2)} ms  mean ${mean.toFixed(2)} ms  p90 ${at(0.9).toFixed(2)} ms   HTML ${(bytes[b]! / 1024).toFixed(1)} KB${name}${share}`,
      );
    }
    if (session) {
      if (process.env.HEAP_PROFILE === '1') {
        const { profile: heap } = (await session.post('HeapProfiler.stopSampling')) as { profile: unknown };
        writeFileSync(path.join(tmpdir(), `heap-${page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}.heapprofile`), JSON.stringify(heap));
      }
      const { profile } = (await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
      const file = path.join(tmpdir(), `render-${page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`    profile: ${file}; most self time:\n      ${topSelfTime(profile, 15).join('\n      ')}`);
      session.disconnect();
    }
  }
  return figures;
}

/**
 * ROUNDS=n: each build measured in a process of its own (this script, one build, the same server), the builds in
 * turn and the order swapped every round, so a machine's swings fall on both alike and each build's means count only
 * its own garbage collections. Prints each round's figures as shares of the first build's and the median share.
 */
function inSeparateProcesses(baseUrl: string, builds: string[]) {
  const script = fileURLToPath(import.meta.url);
  const shares: Record<string, { median: number[]; mean: number[] }[]> = {};
  console.log(
    `${rounds} rounds, each build in a process of its own, ${renders} renders each after ${warmupRenders} warm-up ones; load average ${loadavg()[0]!.toFixed(2)}`,
  );
  for (let round = 0; round < rounds; round += 1) {
    const order = builds.map((_, b) => b);
    if (round % 2 === 1) order.reverse();
    const results: Record<string, { median: number; mean: number }>[] = [];
    for (const b of order) {
      let output: string;
      try {
        output = execFileSync(process.execPath, [...process.execArgv, script], {
          env: { ...process.env, WEB_BUILDS: builds[b], BENCH_URL: baseUrl, ROUNDS: '', RENDER_RESULT: '1', PROFILE: '' },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        throw new Error(`the process for ${builds[b]} failed:\n${(error as { stderr?: string }).stderr ?? String(error)}`, { cause: error });
      }
      const line = output.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (!line) throw new Error(`no figures from the process for ${builds[b]}:\n${output}`);
      const figures = JSON.parse(line.slice(RESULT_PREFIX.length)) as Record<string, { median: number; mean: number }[]>;
      results[b] = Object.fromEntries(Object.entries(figures).map(([page, [only]]) => [page, only!]));
    }
    for (const page of Object.keys(results[0]!)) {
      const first = results[0]![page]!;
      const cells = builds.map((build, b) => {
        const { median, mean } = results[b]![page]!;
        if (b > 0) {
          const list = ((shares[page] ??= [])[b] ??= { median: [], mean: [] });
          list.median.push(median / first.median);
          list.mean.push(mean / first.mean);
        }
        const share = b > 0 ? ` (${((median / first.median) * 100).toFixed(0)} % / ${((mean / first.mean) * 100).toFixed(0)} %)` : '';
        return `[${path.basename(build)}] ${median.toFixed(2)} / ${mean.toFixed(2)} ms${share}`;
      });
      console.log(`  round ${round + 1} ${page.padEnd(12)} median / mean: ${cells.join('   ')}`);
    }
  }
  // The median of the rounds: with an even number of them, the mean of the two middle ones.
  const middle = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  for (const [page, perBuild] of Object.entries(shares))
    for (const [b, list] of perBuild.entries())
      if (list)
        console.log(
          `  ${page.padEnd(12)} [${path.basename(builds[b]!)}] over ${rounds} rounds: median share ${(middle(list.median) * 100).toFixed(0)} % of the first build's median, ${(middle(list.mean) * 100).toFixed(0)} % of its mean`,
        );
  console.log(`load average at the end ${loadavg()[0]!.toFixed(2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
