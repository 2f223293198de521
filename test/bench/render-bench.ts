/**
 * CPU of one server render (issue 34): the built renderer (web/dist-ssr/entry-server.js, React's production build)
 * rendering /catalog, /part/:slug and /contact (no API call: the fixed cost of a render) in this process, its API
 * answers recorded once from a seeded local server and replayed, so only the render is measured (prefetch plumbing,
 * React's renderToString, dehydration, the HTML's bytes).
 * Prints the median, mean (with the garbage collections) and p90 CPU ms per render over RENDERS renders (default 200,
 * after 20 warm-up ones) and the HTML size. PROFILE=1 also writes a V8 CPU profile of the measured loop per page
 * (render-<page>.cpuprofile in the system's temporary directory, for Chrome DevTools; PROFILE_INTERVAL_US its sampling
 * interval, default 1000) and prints the functions with the most self time; HEAP_PROFILE=1 with it also writes an
 * allocation profile (heap-<page>.heapprofile, collected objects included).
 * Usage: npm run bench:render   (RENDERS=200, SEED_PARTS=2000; BENCH_URL=… uses a running server instead; PAGES=part,
 * catalog or contact, comma-separated, renders those pages only)
 * Two builds compared: `WEB_BUILDS=/a,/b npx tsx test/bench/render-bench.ts`, each folder holding a `dist` and a
 * `dist-ssr` (copies of web/dist and web/dist-ssr; put them inside the repository, so their imports find its
 * node_modules), measured in the same process against the same answers, interleaved render by render (a, b, a, b, …):
 * a loaded machine's swings then fall on every build alike. Each later build's median and mean are also given as a
 * share of the first's. PROFILE=1 profiles the interleaved loop of each page (all builds in one profile: give one build).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { templateStylesheets } from '@parts/functions/http/pages';
import { startBenchServer } from './local-server';

const renders = Number(process.env.RENDERS ?? 200);
const warmupRenders = 20;
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
    const builds = process.env.WEB_BUILDS?.split(',') ?? [path.join(repoRoot, 'web')];
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
    await measure(renderers, pages);
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
async function measure(renderers: { build: string; render: (request: Request) => Promise<Response | null> }[], pages: { name: string; url: string }[]) {
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
