import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '@parts/functions/adapters/dynamodb/client';
import { createDynamoRepositories } from '@parts/functions/adapters/dynamodb/repositories';
import { freePort, LOCAL_CREDENTIALS, waitFor } from '@parts/functions/local/aws-local';

/**
 * Issue 11 with real processes: `npm start`'s entry killed with SIGKILL (no exit hooks, Java with it)
 * in the middle of the seed and of an import job, DynamoDB Local killed under the running server, and
 * the search index file truncated. After each, the counts, the table and the index agree by
 * themselves and the import job completes. One DATA_DIR throughout, as a developer's machine has.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START = 'functions/src/local/start.ts';
const TABLE = 'crash-test';
// Big enough that the seed is cut in the middle (a progress line per 100 parts), small enough to be quick.
const SEED_PARTS = 500;
const IMPORT_ROWS = 1100;
const ADMIN = { username: 'crash-admin', password: 'crash-password-1' };
// One Java start plus seeding/importing thousands of parts on a 2-core machine shared with other runs.
const SLOW = 300_000;

interface Run {
  child: ChildProcess;
  output(): string;
  closed: Promise<void>;
}

const runs: Run[] = [];
const dataDir = join(mkdtempSync(join(tmpdir(), 'parts-crash-')), 'data');
let port = 0;
const base = () => `http://127.0.0.1:${port}`;

function localEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    TABLE_NAME: TABLE,
    SEED_PARTS: String(SEED_PARTS),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    DYNAMODB_ENDPOINT: '',
    S3_ENDPOINT: '',
    S3_PUBLIC_ENDPOINT: '',
    SEARCH_ENGINE: 'embedded',
    JWT_SECRET: '',
    MAIL_CATCHER: 'false',
  };
}

function launch(): Run {
  const env = localEnv();
  // Its own process group: SIGKILL to the group is a crash of the whole tree (the entry and its Java).
  const child = spawn(process.execPath, ['--import', 'tsx', START], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const run = { child, output: () => output, closed };
  runs.push(run);
  return run;
}

/** `npm run reindex [-- --repair]` as a developer runs it (npm start stopped): its exit code and output. */
async function reindex(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/local/reindex.ts', ...args], {
    cwd: ROOT,
    env: { ...localEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  return { code, output };
}

const exited = (run: Run) => run.child.exitCode !== null || run.child.signalCode !== null;

async function until(run: Run, check: () => Promise<boolean>, what: string, timeoutMs = SLOW): Promise<void> {
  await waitFor(
    async () => {
      if (exited(run)) throw new Error(`npm start exited while waiting for ${what}:\n${run.output()}`);
      return check();
    },
    timeoutMs,
    what,
  ).catch((err: unknown) => {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nOutput so far:\n${run.output()}`);
  });
}

/** Health 200: every dependency up and the start-up index check finished. */
async function healthy(run: Run): Promise<void> {
  await until(run, async () => (await fetch(`${base()}/api/health`).catch(() => undefined))?.status === 200, 'GET /api/health 200');
}

/** kill -9 of the whole tree: no exit hooks, no checkpoint written on the way out. */
async function crash(run: Run): Promise<void> {
  process.kill(-run.child.pid!, 'SIGKILL');
  await run.closed;
  // Java is gone too before the next start opens the same files.
  await waitFor(async () => javaPids().length === 0, 30_000, 'DynamoDB Local did not end with its parent');
}

/** DynamoDB Local processes on this test's data. */
function javaPids(): number[] {
  const wanted = `-dbPath ${join(dataDir, 'dynamodb')}`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (args.includes('DynamoDBLocal.jar') && args.includes(wanted) && state !== 'Z') pids.push(Number(entry));
    } catch {
      // ended while being read
    }
  }
  return pids;
}

/** The table's own count (exact walk by id), through the DynamoDB Local endpoint this run printed. */
async function tableParts(run: Run): Promise<number> {
  const endpoint = [...run.output().matchAll(/DynamoDB Local ready at (\S+)/g)].at(-1)?.[1];
  if (!endpoint) throw new Error(`no DynamoDB Local endpoint in the output:\n${run.output()}`);
  const { raw, doc } = createDocumentClient({ region: 'us-east-1', endpoint, credentials: LOCAL_CREDENTIALS });
  try {
    return await createDynamoRepositories({ client: doc, tableName: TABLE }).catalog.countParts();
  } finally {
    raw.destroy();
  }
}

async function api<T>(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { origin: base() };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base()}${path}`, { ...init, headers, ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function login(): Promise<string> {
  const res = await fetch(`${base()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Counts seen from outside: the listing's total, the dashboard's and the table's. */
async function counts(run: Run, cookie: string) {
  const [listed, stats, table] = await Promise.all([
    api<{ total: number }>('/api/parts?pageSize=1'),
    api<{ totalParts: number }>('/api/admin/stats', { cookie }),
    tableParts(run),
  ]);
  return { index: listed.body.total, dashboard: stats.body.totalParts, table };
}

/** The stream poller indexes the last writes within moments: wait for the three to agree, then compare. */
async function expectConverged(run: Run, cookie: string, expected: number) {
  let last = { index: -1, dashboard: -1, table: -1 };
  await until(
    run,
    async () => {
      last = await counts(run, cookie);
      return last.index === expected && last.dashboard === expected && last.table === expected;
    },
    `counts to converge on ${expected}`,
    60_000,
  ).catch(() => undefined);
  expect(last).toEqual({ index: expected, dashboard: expected, table: expected });
}

afterAll(() => {
  for (const run of runs) {
    try {
      process.kill(-run.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(join(dataDir, '..'), { recursive: true, force: true });
});

describe('crash consistency with real processes (npm start killed with SIGKILL)', () => {
  let current: Run;
  let cookie = '';
  let jobId = '';

  it('killed in the middle of the seed: the next start finishes it and counts = table = index', { timeout: 2 * SLOW }, async () => {
    port = await freePort();
    const first = launch();
    await until(first, async () => /\n\s+(\d+)\/\d+ parts written/.test(first.output()), 'the first progress line of the seed');
    await crash(first);
    expect(first.output()).not.toContain('Seeded');

    current = launch();
    await healthy(current);
    expect(current.output()).toContain('Resuming the interrupted seed');
    cookie = await login();
    await expectConverged(current, cookie, SEED_PARTS);
  });

  it('killed in the middle of an import job: the next start resumes the job, which completes with the right totals', { timeout: 2 * SLOW }, async () => {
    const [categories, makers] = await Promise.all([
      api<{ slug: string }[]>('/api/categories'),
      api<{ data?: { slug: string }[] } | { slug: string }[]>('/api/manufacturers'),
    ]);
    const makerList = Array.isArray(makers.body) ? makers.body : (makers.body.data ?? []);
    const category = categories.body[0]!.slug;
    const maker = makerList[0]!.slug;
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => `Crash test part ${i},CRASH-${i},${category},${maker}`);
    const csv = ['name,partNumber,category,maker', ...rows].join('\n');
    const signed = await api<{ key: string; url: string; headers: Record<string, string> }>('/api/uploads/csv', {
      method: 'POST',
      cookie,
      json: { size: Buffer.byteLength(csv) },
    });
    expect(signed.status).toBe(201);
    expect((await fetch(signed.body.url, { method: 'PUT', headers: signed.body.headers, body: csv })).ok).toBe(true);
    const started = await api<{ id: string }>('/api/imports', {
      method: 'POST',
      cookie,
      json: { key: signed.body.key, columnMapping: { name: 'name', partNumber: 'partNumber', category: 'categoryId', maker: 'manufacturerId' } },
    });
    expect(started.status).toBe(202);
    jobId = started.body.id;
    // One batch checkpointed, the next one under way: then the crash.
    await until(
      current,
      async () => ((await api<{ rowsDone: number }>(`/api/imports/${jobId}`, { cookie })).body.rowsDone ?? 0) >= 500,
      'the first batch of the import',
    );
    await crash(current);

    current = launch();
    await healthy(current);
    expect(current.output()).toMatch(new RegExp(`Resuming import job ${jobId} after row \\d+ of its file`));
    cookie = await login();
    let job: { state: string; successCount: number; errorCount: number; totalRecords: number } | undefined;
    await until(
      current,
      async () => {
        job = (await api<typeof job>(`/api/imports/${jobId}`, { cookie })).body;
        return job?.state === 'completed' || job?.state === 'failed';
      },
      'the resumed import job to finish',
    );
    expect(job).toMatchObject({ state: 'completed', totalRecords: IMPORT_ROWS, successCount: IMPORT_ROWS, errorCount: 0 });
    await expectConverged(current, cookie, SEED_PARTS + IMPORT_ROWS);
  });

  it('DynamoDB Local killed under the running server: it is restarted and the API recovers without a restart', { timeout: SLOW }, async () => {
    const [java] = javaPids();
    expect(java).toBeDefined();
    process.kill(java!, 'SIGKILL');
    await until(current, async () => /DynamoDB Local restarted/.test(current.output()), 'DynamoDB Local to be restarted');
    await healthy(current);
    const created = await api<{ slug: string }>('/api/manufacturers', {
      method: 'POST',
      cookie,
      json: { name: 'After The Restart Hydraulics', slug: 'after-the-restart-hydraulics', description: 'Written once DynamoDB Local was back.' },
    });
    expect(created.status).toBe(201);
    expect(javaPids()).toHaveLength(1);
    expect(javaPids()[0]).not.toBe(java);
  });

  it('a truncated search index file is moved aside and rebuilt with progress on the next start', { timeout: SLOW }, async () => {
    process.kill(current.child.pid!, 'SIGINT');
    await current.closed;
    const file = join(dataDir, 'search.sqlite');
    expect(existsSync(file)).toBe(true);
    truncateSync(file, 8192);

    current = launch();
    await healthy(current);
    expect(current.output()).toContain('The search index file could not be read');
    expect(current.output()).toMatch(/Search index repaired: \d+ missing/);
    expect(current.output()).not.toContain('    at ');
    cookie = await login();
    await expectConverged(current, cookie, SEED_PARTS + IMPORT_ROWS);
    process.kill(current.child.pid!, 'SIGINT');
    await current.closed;
  });

  it(
    'npm run reindex rebuilds a truncated index file, repairs on demand, and always exits (1 with a message when the table is out of reach)',
    { timeout: SLOW },
    async () => {
      const total = SEED_PARTS + IMPORT_ROWS;
      truncateSync(join(dataDir, 'search.sqlite'), 8192);
      const rebuilt = await reindex([]);
      expect(rebuilt.output).toContain('The search index file could not be read');
      expect(rebuilt.output).toContain(`Search index rebuilt: ${total} parts from table "${TABLE}"`);
      expect(rebuilt.code).toBe(0);

      const repaired = await reindex(['--repair']);
      expect(repaired.output).toContain(`${total} parts in the table, ${total} indexed; repaired 0 missing, 0 outdated, 0 deleted`);
      expect(repaired.code).toBe(0);

      // Nothing listens on a port just handed out and closed again.
      const unreachable = await reindex(['--repair'], { DYNAMODB_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
      expect(unreachable.output).toContain('Reindex failed:');
      expect(unreachable.output).not.toContain('    at ');
      expect(unreachable.code).toBe(1);
    },
  );
});
