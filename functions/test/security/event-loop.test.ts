import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/app';
import { createParseSandbox, PARSE_BUSY, PARSE_TOO_SLOW } from '../../src/lib/parse-sandbox';
import { XLSX_TEXT_TOO_LONG } from '../../src/lib/xlsx-guard';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { serveOnLoopback } from '../support/serve';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { buildXlsx } from '../support/xlsx-fixture';

/**
 * Issue 26, items 1 and 8: no request holds the server. Hostile spreadsheets are read in worker threads
 * with a deadline, and BOM matching gives the event loop a turn between slices, so `/api/health` on the
 * same real server keeps answering while they run. Latency is sampled over the whole time the hostile
 * requests are in flight and judged by the median, which a loaded machine's odd slow sample does not move.
 */
let deps: TestDeps;
let site: { url: string; close(): Promise<void> };

beforeAll(async () => {
  deps = await createTestDeps();
  const app = buildApp(deps);
  site = await serveOnLoopback((request) => app.fetch(request));
  const { category, manufacturer } = await createCatalogFixture(deps.catalog);
  const parts = [];
  for (let i = 0; i < 30; i++)
    parts.push(
      await deps.catalog.createPart(
        buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber: `LOOP-${1000 + i}`, name: `Hydraulic valve ${i} bar` }),
      ),
    );
  await deps.searchSync.partsChanged(parts.map((p) => p.id));
}, 60_000);
afterAll(async () => {
  await site?.close();
  await deps?.close();
});

/** This process's threads (Linux) with their nice values, by thread id. */
function threadNices(): Map<string, number> {
  const nices = new Map<string, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      // Fields after the name (which is in parentheses and may hold spaces): nice is the 17th of them.
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      nices.set(tid, Number(fields[16]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return nices;
}

/** Sequential health reads from now until `work` settles: the latency of each, in ms. */
async function healthWhile(work: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  const samples: number[] = [];
  while (!settled) samples.push(await timedHealth());
  return samples;
}
async function timedHealth(): Promise<number> {
  const started = performance.now();
  await (await fetch(`${site.url}/api/health`)).arrayBuffer();
  return performance.now() - started;
}
/** The latency of `n` health reads one after another, with nothing else running (the quiet baseline). */
async function quietHealth(n = 7): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push(await timedHealth());
  return samples;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function upload(name: string, data: Buffer) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)]), name);
  return fetch(`${site.url}/api/bom/parse`, { method: 'POST', body }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as { message?: string },
  }));
}

describe('a hostile spreadsheet does not stop the server', () => {
  test('the 21 KB workbook with a 20 MB cell gets a 400 with a message, and /api/health answers meanwhile within 200 ms of its quiet time', async () => {
    const bomb = buildXlsx([['Part Number'], ['x'.repeat(20 * 1024 * 1024)]]);
    expect(bomb.length).toBeLessThan(32 * 1024);
    // Both reader threads started first, so the window measured is the bombs' own.
    const warm = await Promise.all([upload('a.csv', Buffer.from('Part Number\nLOOP-1000\n')), upload('b.csv', Buffer.from('Part Number\nLOOP-1001\n'))]);
    expect(warm.map((w) => w.status)).toEqual([200, 200]);
    const quiet = await quietHealth();
    // Sixteen of them at once.
    const work = Promise.all(Array.from({ length: 16 }, () => upload('bomb.xlsx', bomb)));
    const samples = await healthWhile(work);
    for (const answer of await work) expect(answer).toEqual({ status: 400, body: { message: XLSX_TEXT_TOO_LONG } });
    expect(samples.length).toBeGreaterThan(0);
    expect(median(samples)).toBeLessThan(median(quiet) + 200);
  }, 120_000);

  test('a file its reader takes longer than the deadline for ends its worker and gets a 400; the next file is read', async () => {
    const sandbox = createParseSandbox({ threads: 1, queue: 1, deadlineMs: 1, maxHeapMb: 256 });
    try {
      const slow = buildXlsx(Array.from({ length: 5_000 }, (_, i) => [`LOOP-${i}`, i]));
      await expect(sandbox.run({ kind: 'bom-file', data: slow })).rejects.toMatchObject({ status: 400, message: PARSE_TOO_SLOW });
    } finally {
      await sandbox.close();
    }
    const roomy = createParseSandbox({ threads: 1, queue: 1, deadlineMs: 20_000, maxHeapMb: 256 });
    try {
      await expect(roomy.run({ kind: 'bom-text', text: 'Part Number\nLOOP-1\n' })).resolves.toMatchObject({ rows: [['Part Number'], ['LOOP-1']] });
    } finally {
      await roomy.close();
    }
  });

  test('every thread a reader starts runs at the lowest CPU priority (nice 19) from its first module on', async () => {
    const before = new Set(threadNices().keys());
    const sandbox = createParseSandbox({ threads: 1, queue: 1, deadlineMs: 20_000, maxHeapMb: 256 });
    try {
      await sandbox.run({ kind: 'bom-text', text: 'Part Number\nLOOP-1\n' });
      const started = [...threadNices()].filter(([tid]) => !before.has(tid));
      expect(started.length).toBeGreaterThan(0);
      expect(started.filter(([, nice]) => nice !== 19)).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });

  test('a reader held to a share of its thread rests after a file: the answer comes at once, the next file waits', async () => {
    const resting = createParseSandbox({ threads: 1, queue: 0, deadlineMs: 20_000, maxHeapMb: 256, busyShare: 0.001 });
    const busy = createParseSandbox({ threads: 1, queue: 0, deadlineMs: 20_000, maxHeapMb: 256 });
    const list = { kind: 'bom-text', text: 'Part Number\nLOOP-1\n' } as const;
    try {
      await expect(resting.run(list)).resolves.toMatchObject({ rows: [['Part Number'], ['LOOP-1']] });
      // The thread rests (1,000 × the file's time, at most 2 s) and no queue is left: refused as busy.
      await expect(resting.run(list)).rejects.toMatchObject({ status: 503, message: PARSE_BUSY });
      // Without a share, the same file right after is read.
      await busy.run(list);
      await expect(busy.run(list)).resolves.toMatchObject({ rows: [['Part Number'], ['LOOP-1']] });
    } finally {
      await resting.close();
      await busy.close();
    }
  });

  test('more files than the threads and queue take are refused at once with 503 and Retry-After', async () => {
    const sandbox = createParseSandbox({ threads: 1, queue: 1, deadlineMs: 20_000, maxHeapMb: 256 });
    try {
      const runs = Array.from({ length: 3 }, () => sandbox.run({ kind: 'bom-text', text: 'Part Number\nLOOP-1\n' }));
      const settled = await Promise.allSettled(runs);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ status: 503, retryAfterSeconds: 1 });
    } finally {
      await sandbox.close();
    }
  });
});

describe('matching long lists does not stop the server', () => {
  test('20 guests matching 1,000 lines each: /api/health answers meanwhile within 200 ms of its quiet time', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => ({
      partNumber: `LOOP-${i % 40 === 0 ? 1000 + (i % 30) : 50_000 + i}`,
      description: `hydraulic valve ${i} bar`,
    }));
    const match = () =>
      fetch(`${site.url}/api/bom/match`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ lines }) }).then(
        async (res) => {
          expect(res.status).toBe(200);
          return ((await res.json()) as { lines: unknown[] }).lines.length;
        },
      );
    const quiet = await quietHealth();
    const work = Promise.all(Array.from({ length: 20 }, match));
    const samples = await healthWhile(work);
    expect(await work).toEqual(Array.from({ length: 20 }, () => 1000));
    expect(samples.length).toBeGreaterThan(1);
    expect(median(samples)).toBeLessThan(median(quiet) + 200);
  }, 120_000);
});
