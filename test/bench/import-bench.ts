/**
 * npm run bench:import [-- --rows 100000]
 * npm run bench:import -- --rows 100000 --sync none   (no in-process index sync, as in the import Lambda)
 * Generates a CSV, stages it in S3 (s3rver) with a presigned PUT, starts an import job through the API
 * (POST /api/imports) and follows GET /api/imports/:id until it finishes, against DynamoDB Local started
 * here. Prints rows/s, peak RSS and RSS samples across the run (memory must stay flat: streaming reads,
 * batched writes).
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@parts/functions/app';
import { loadEnv } from '@parts/functions/config/env';
import { silentLogger } from '@parts/functions/lib/logger';
import { hashPassword } from '@parts/functions/domain/password';
import { startDynamoLocal, startS3Local } from '@parts/functions/local/aws-local';
import { createLocalDeps } from '@parts/functions/local/local-deps';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const ROWS = Number(args.get('rows') ?? 100_000);
/** `local`: the local server's read-your-writes index sync (SQLite in this process); `none`: as the import Lambda, where the table stream indexes. */
const SYNC = args.get('sync') ?? 'local';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function writeCsv(file: string, rows: number, categories: string[], manufacturers: string[]) {
  const out = createWriteStream(file);
  out.write('name,partNumber,description,price,category,manufacturer,status,bore,stroke,pressureRating\n');
  for (let i = 0; i < rows; i++) {
    const line = `"Bench part ${i}, series ${i % 97}",BP-${i.toString(36).toUpperCase()}-${i},"Synthetic part number ${i}",${(i % 5000) / 4},${categories[i % categories.length]},${manufacturers[i % manufacturers.length]},active,${10 + (i % 90)} mm,${50 + (i % 400)} mm,${(i % 300) + 1} bar\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  const [dynamo, s3] = await Promise.all([
    startDynamoLocal(),
    startS3Local({ directory: join(dir, 's3'), buckets: ['bench-attachments', 'bench-staging'] }),
  ]);
  const env = loadEnv({
    NODE_ENV: 'test',
    TABLE_NAME: 'import-bench',
    ATTACHMENTS_BUCKET: 'bench-attachments',
    STAGING_BUCKET: 'bench-staging',
    LOG_LEVEL: 'error',
  });
  const local = await createLocalDeps({
    env,
    logger: silentLogger,
    jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret!'),
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    searchFile: join(dir, 'search.sqlite'),
  });
  try {
    const { deps } = local;
    if (SYNC === 'none') deps.searchSync = { async partsChanged() {}, async categoryChanged() {}, async manufacturerChanged() {} };
    const app = buildApp(deps);
    await deps.users.upsertAdmin({ username: 'bench-admin', isAdmin: true, passwordHash: await hashPassword('bench-pass') });
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench-admin', password: 'bench-pass' }),
    });
    const cookie = /session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    const categories: string[] = [];
    const manufacturers: string[] = [];
    for (let i = 0; i < 8; i++) {
      categories.push((await deps.catalog.createCategory({ name: `Bench category ${i}`, slug: `bench-category-${i}` })).slug);
      manufacturers.push((await deps.catalog.createManufacturer({ name: `Bench maker ${i}`, slug: `bench-maker-${i}` })).name);
    }

    const csvFile = join(dir, 'bench.csv');
    await writeCsv(csvFile, ROWS, categories, manufacturers);
    const size = statSync(csvFile).size;
    const call = (method: string, path: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const presigned = (await (await call('POST', '/api/uploads/csv', { fileName: 'bench.csv', size })).json()) as {
      key: string;
      url: string;
      headers: Record<string, string>;
    };
    const put = await fetch(presigned.url, {
      method: 'PUT',
      headers: { ...presigned.headers, 'content-length': String(size) },
      body: Readable.toWeb(createReadStream(csvFile)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (!put.ok) throw new Error(`staging upload failed: ${put.status} ${await put.text()}`);

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let peakHeap = 0;
    const samples: { rowsDone: number; rss: number; heap: number }[] = [];
    // With NODE_OPTIONS=--expose-gc, the JS heap still live after a full collection, every 2 s.
    const retained: { rowsDone: number; heap: number }[] = [];
    const gc = (globalThis as { gc?: () => void }).gc;
    const retainedSampler = gc
      ? setInterval(() => {
          gc();
          retained.push({ rowsDone, heap: process.memoryUsage().heapUsed });
        }, 2000)
      : undefined;
    let rowsDone = 0;
    const sampler = setInterval(() => {
      const { rss, heapUsed } = process.memoryUsage();
      peak = Math.max(peak, rss);
      peakHeap = Math.max(peakHeap, heapUsed);
      samples.push({ rowsDone, rss, heap: heapUsed });
    }, 100);

    const mapping = {
      name: 'name',
      partNumber: 'partNumber',
      description: 'description',
      price: 'price',
      category: 'categoryId',
      manufacturer: 'manufacturerId',
      status: 'status',
      bore: 'spec:bore',
      stroke: 'spec:stroke',
      pressureRating: 'spec:pressureRating',
    };
    const started = performance.now();
    const job = (await (await call('POST', '/api/imports', { key: presigned.key, columnMapping: mapping })).json()) as { id: string };
    let state = 'queued';
    let final: Record<string, unknown> = {};
    while (state === 'queued' || state === 'running') {
      await new Promise((r) => setTimeout(r, 500));
      final = (await (await call('GET', `/api/imports/${job.id}`)).json()) as Record<string, unknown>;
      state = String(final.state);
      rowsDone = Number(final.rowsDone ?? 0);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    clearInterval(retainedSampler);
    await local.whenJobsIdle();

    const step = Math.max(1, Math.floor(samples.length / 8));
    console.log(`rows:            ${ROWS.toLocaleString('en-US')} (${mb(size)} CSV)`);
    console.log(`job state:       ${state}; successCount ${final.successCount}, errorCount ${final.errorCount}`);
    console.log(`elapsed:         ${seconds.toFixed(1)} s`);
    console.log(`throughput:      ${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s`);
    console.log(`index sync:      ${SYNC}`);
    console.log(`RSS baseline:    ${mb(baseline)}; peak ${mb(peak)}; peak JS heap ${mb(peakHeap)}`);
    console.log(`over the run (rows done → RSS, JS heap used):`);
    const show = (x: { rowsDone: number; rss: number; heap: number }) => console.log(`  ${String(x.rowsDone).padStart(7)} → ${mb(x.rss)}, ${mb(x.heap)}`);
    for (let i = 0; i < samples.length; i += step) show(samples[i]!);
    if (samples.length > 0) show({ ...samples.at(-1)!, rowsDone });
    if (retained.length > 0) {
      const r = Math.max(1, Math.floor(retained.length / 8));
      console.log(`JS heap live after a full GC (rows done → heap): max ${mb(Math.max(...retained.map((x) => x.heap)))}`);
      for (let i = 0; i < retained.length; i += r) console.log(`  ${String(retained[i]!.rowsDone).padStart(7)} → ${mb(retained[i]!.heap)}`);
      console.log(`  ${String(retained.at(-1)!.rowsDone).padStart(7)} → ${mb(retained.at(-1)!.heap)}`);
    }
    console.log(`parts in table:  ${await deps.catalog.countParts()}`);
  } finally {
    await local.close().catch(() => undefined);
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
