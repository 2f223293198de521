import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FOOTER_CATEGORY_SLUGS } from '@parts/shared/constants';
import { freePort, waitFor } from '@parts/functions/local/aws-local';
import { isAlive } from './processes';

/**
 * `npm start` itself, as a newcomer runs it: the real entry (node with the tsx loader) as a child process tree, on a
 * fresh DATA_DIR, stopped by SIGINT, started again on the same data; and without Java on PATH.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// As `npm start` runs it: node loads tsx as a hook, so signals reach start.ts directly (no relay process).
const NODE_ARGS = ['--import', 'tsx'];
const START = 'functions/src/local/start.ts';
// Generous: one Java start plus a 200-part seed on a 2-core machine shared with other test runs.
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const SEED_PARTS = 200;
const ADMIN = { username: 'smoke-admin', password: 'smoke-password-1' };

interface Run {
  child: ChildProcess;
  output(): string;
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const runs: Run[] = [];
const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Starts the entry in its own process group, so cleanup (and a Ctrl+C) can reach the whole tree. */
function launch(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [...NODE_ARGS, START], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  const run = { child, output: () => output, closed };
  runs.push(run);
  return run;
}

/** The child env, pinned so a developer's shell or .env cannot point the run at other endpoints. */
function startEnv(port: number, dataDir: string, path = process.env.PATH ?? '', seedParts = SEED_PARTS): Record<string, string> {
  return {
    PATH: path,
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_PARTS: String(seedParts),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // Empty counts as unset for start.ts, and a set (empty) variable wins over a .env file.
    DYNAMODB_ENDPOINT: '',
    S3_ENDPOINT: '',
    S3_PUBLIC_ENDPOINT: '',
    SEARCH_ENGINE: 'embedded',
    JWT_SECRET: '',
  };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** start.ts's own progress lines (each dependency, seed, ready), for the timing figures in the test output. */
function progressLines(run: Run): string {
  return run
    .output()
    .split('\n')
    .filter((line) => /✓|Ready in/.test(line))
    .map((line) => `  ${line.trim()}`)
    .join('\n');
}

/** Resolves with ms from launch until GET /api/health is 200 with every dependency up; fails fast if the process dies. */
async function waitForHealthy(run: Run, base: string, launchedAt: number): Promise<number> {
  let last = '';
  await waitFor(
    async () => {
      if (hasExited(run.child)) throw new Error(`npm start exited (${run.child.exitCode ?? run.child.signalCode}) before it was healthy:\n${run.output()}`);
      const res = await fetch(`${base}/api/health`).catch(() => undefined);
      if (!res) return false;
      last = await res.text();
      if (res.status !== 200) return false;
      const body = JSON.parse(last) as { dependencies: Record<string, { status: string }> };
      return ['dynamodb', 's3', 'search'].every((name) => body.dependencies[name]?.status === 'up');
    },
    START_TIMEOUT_MS,
    'GET /api/health was not 200 with dynamodb, s3 and search up',
  ).catch((err: unknown) => {
    throw new Error(`${err instanceof Error ? err.message : String(err)} (last answer: ${last || 'none'})\nOutput so far:\n${run.output()}`);
  });
  return Date.now() - launchedAt;
}

function javaPidOf(run: Run): number {
  const match = /DynamoDB Local ready at \S+ \(.*pid (\d+)\)/.exec(run.output());
  if (!match?.[1]) throw new Error(`npm start did not show the DynamoDB Local pid:\n${run.output()}`);
  return Number(match[1]);
}

/** Live processes of a process group (Linux: /proc); empty elsewhere, where the Java pid check still applies. */
function liveGroupMembers(pgid: number): string[] {
  if (!existsSync('/proc/self/stat')) return [];
  const members: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , group] = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      if (Number(group) === pgid && state !== 'Z') members.push(`${entry}: ${readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')}`);
    } catch {
      // the process ended while being read
    }
  }
  return members;
}

/** The pid of a DynamoDB Local process keeping its data in `dataDir`, if one runs (Linux /proc, else `ps`). */
function javaPidFor(dataDir: string): number | undefined {
  const wanted = `-dbPath ${join(dataDir, 'dynamodb')}`;
  if (existsSync('/proc/self/cmdline')) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        if (args.includes('DynamoDBLocal.jar') && args.includes(wanted) && isAlive(Number(entry))) return Number(entry);
      } catch {
        // the process ended while being read
      }
    }
    return undefined;
  }
  const line = execFileSync('ps', ['-A', '-o', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .find((l) => l.includes('DynamoDBLocal.jar') && l.includes(wanted));
  return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
}

/** The parent of a process: the start.ts process is Java's parent. */
function parentPid(pid: number): number {
  if (existsSync(`/proc/${pid}/stat`)) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
  }
  return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
}

/** Waits for DynamoDB Local of this run to be spawned (not necessarily ready) and returns its pid. */
async function javaSpawnedBy(run: Run, dataDir: string): Promise<number> {
  let pid: number | undefined;
  await waitFor(
    async () => {
      if (hasExited(run.child)) throw new Error(`npm start exited before starting Java:\n${run.output()}`);
      pid = javaPidFor(dataDir);
      return pid !== undefined;
    },
    60_000,
    'DynamoDB Local was not started',
  );
  return pid!;
}

async function exitOf(run: Run, timeoutMs: number, after: string): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`npm start did not exit within ${timeoutMs} ms ${after}:\n${run.output()}`)), timeoutMs).unref(),
  );
  return Promise.race([run.closed, timeout]);
}

/**
 * Sends SIGINT and waits for the entry to exit: to the entry alone, to its whole group as a
 * terminal's Ctrl+C does, or to one given process of the tree.
 */
async function interrupt(run: Run, target: 'entry' | 'group' | number): Promise<{ code: number | null; signal: NodeJS.Signals | null; stopMs: number }> {
  const pid = run.child.pid!;
  const sentAt = Date.now();
  process.kill(target === 'group' ? -pid : target === 'entry' ? pid : target, 'SIGINT');
  const exit = await exitOf(run, STOP_TIMEOUT_MS, 'of SIGINT');
  return { ...exit, stopMs: Date.now() - sentAt };
}

async function expectGone(pid: number, pgid: number) {
  // Reaping an orphan can take a moment; bounded, never a fixed sleep.
  await waitFor(async () => !isAlive(pid) && liveGroupMembers(pgid).length === 0, 10_000, 'processes left behind').catch(() => undefined);
  expect(isAlive(pid), `DynamoDB Local (pid ${pid}) is still running`).toBe(false);
  expect(liveGroupMembers(pgid)).toEqual([]);
}

async function getJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as T };
}

afterAll(() => {
  for (const run of runs) {
    // The whole group, even after the entry exited: a child it failed to stop lives on in it.
    if (run.child.pid) {
      try {
        process.kill(-run.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm start (functions/src/local/start.ts)', () => {
  const dataDir = join(tempDir('parts-smoke-'), 'data');
  const manufacturer = { name: 'Smoke Test Hydraulics', slug: 'smoke-test-hydraulics', description: 'Created between two starts.' };

  it(
    'starts fresh with every dependency up, seeds the demo data, and stops every child on SIGINT',
    { timeout: START_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const launchedAt = Date.now();
      const run = launch(startEnv(port, dataDir));
      const healthyMs = await waitForHealthy(run, base, launchedAt);
      console.log(`[smoke] fresh start (seed of ${SEED_PARTS} parts): health up ${(healthyMs / 1000).toFixed(1)} s after launch\n${progressLines(run)}`);

      // A client that reuses an idle connection (the browser, Playwright's request context) must never meet
      // a socket the server is closing at that moment: the server keeps idle sockets longer than clients do.
      const health = await fetch(`${base}/api/health`);
      await health.arrayBuffer();
      expect(health.headers.get('keep-alive')).toMatch(/^timeout=(\d+)$/);
      expect(Number(/timeout=(\d+)/.exec(health.headers.get('keep-alive') ?? '')?.[1])).toBeGreaterThanOrEqual(60);

      const categories = await getJson<{ slug: string }[]>(`${base}/api/categories`);
      expect(categories.status).toBe(200);
      expect(categories.body.map((c) => c.slug)).toEqual(expect.arrayContaining([...FOOTER_CATEGORY_SLUGS]));

      const parts = await getJson<{ total: number }>(`${base}/api/parts`);
      expect(parts.status).toBe(200);
      expect(parts.body.total).toBe(SEED_PARTS);

      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      expect(cookie).not.toBe('');
      const created = await getJson<{ id: number; slug: string }>(`${base}/api/manufacturers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(manufacturer),
      });
      expect(created.status).toBe(201);
      expect(created.body.slug).toBe(manufacturer.slug);

      const javaPid = javaPidOf(run);
      expect(javaPidFor(dataDir)).toBe(javaPid);
      // `kill -INT <pid>`: only the entry gets the signal, so it has to stop its children itself.
      const exit = await interrupt(run, 'entry');
      console.log(`[smoke] fresh start: exited ${exit.code ?? exit.signal} ${exit.stopMs} ms after SIGINT`);
      expect(exit).toMatchObject({ code: 0, signal: null });
      await expectGone(javaPid, run.child.pid!);
    },
  );

  it(
    'starts again on the same DATA_DIR with the data created in between, without seeding again',
    { timeout: START_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS },
    async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const launchedAt = Date.now();
      const run = launch(startEnv(port, dataDir));
      const healthyMs = await waitForHealthy(run, base, launchedAt);
      console.log(`[smoke] second start (same data): health up ${(healthyMs / 1000).toFixed(1)} s after launch\n${progressLines(run)}`);

      const kept = await getJson<{ name: string }>(`${base}/api/manufacturers/${manufacturer.slug}`);
      expect(kept.status).toBe(200);
      expect(kept.body.name).toBe(manufacturer.name);

      const parts = await getJson<{ total: number }>(`${base}/api/parts`);
      expect(parts.body.total).toBe(SEED_PARTS);
      expect(run.output()).not.toContain('Seeding demo data');

      const javaPid = javaPidOf(run);
      expect(isAlive(javaPid)).toBe(true);
      // A terminal's Ctrl+C: SIGINT to the whole foreground process group, Java included.
      const exit = await interrupt(run, 'group');
      console.log(`[smoke] second start: exited ${exit.code ?? exit.signal} ${exit.stopMs} ms after Ctrl+C`);
      expect(exit).toMatchObject({ code: 0, signal: null });
      await expectGone(javaPid, run.child.pid!);
    },
  );

  it('stopped by SIGINT while DynamoDB Local is still starting, leaves no Java behind', { timeout: 60_000 + STOP_TIMEOUT_MS }, async () => {
    const earlyDataDir = join(tempDir('parts-smoke-early-'), 'data');
    const run = launch(startEnv(await freePort(), earlyDataDir));
    const javaPid = await javaSpawnedBy(run, earlyDataDir);
    const stillStarting = !run.output().includes('DynamoDB Local ready');
    const exit = await interrupt(run, parentPid(javaPid));
    console.log(
      `[smoke] SIGINT ${stillStarting ? 'while DynamoDB Local was starting' : 'just after DynamoDB Local was ready'}: exited ${exit.code ?? exit.signal} after ${exit.stopMs} ms`,
    );
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(run.output()).not.toContain('Start-up failed');
    await expectGone(javaPid, run.child.pid!);
  });

  it('killed outright (SIGKILL, no exit hooks) while starting, still leaves no Java behind', { timeout: 60_000 + STOP_TIMEOUT_MS }, async () => {
    const killedDataDir = join(tempDir('parts-smoke-killed-'), 'data');
    const run = launch(startEnv(await freePort(), killedDataDir));
    const javaPid = await javaSpawnedBy(run, killedDataDir);
    // What a crash amounts to: no exit hooks run.
    process.kill(parentPid(javaPid), 'SIGKILL');
    const exit = await exitOf(run, STOP_TIMEOUT_MS, "after start.ts's SIGKILL");
    expect(exit.code).not.toBe(0);
    await expectGone(javaPid, run.child.pid!);
  });

  it('on a port already in use, says so at once and exits non-zero, before starting anything', { timeout: START_TIMEOUT_MS }, async () => {
    const busyDataDir = join(tempDir('parts-smoke-busy-'), 'data');
    const blocker = createServer();
    await new Promise<void>((listening) => blocker.listen(0, '127.0.0.1', () => listening()));
    try {
      const port = (blocker.address() as AddressInfo).port;
      const run = launch(startEnv(port, busyDataDir, process.env.PATH, 20));
      const exit = await exitOf(run, START_TIMEOUT_MS, 'on a busy port');

      expect(exit.code, run.output()).toBe(1);
      expect(run.output()).toContain(`Port ${port} is already in use: stop what uses it, or set PORT to another port.`);
      expect(run.output()).not.toContain('Start-up failed');
      // Nothing was started to be stopped again: no DynamoDB Local, no S3 stand-in, no data written.
      expect(run.output()).not.toContain('DynamoDB Local');
      expect(javaPidFor(busyDataDir)).toBeUndefined();
      expect(existsSync(join(busyDataDir, 'dynamodb'))).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('without Java on PATH, says how to install Java 17 and exits non-zero', { timeout: 60_000 }, async () => {
    const dir = tempDir('parts-smoke-nojava-');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    // Only node is findable; `java` does not resolve.
    symlinkSync(process.execPath, join(bin, 'node'));
    const run = launch(startEnv(await freePort(), join(dir, 'data'), bin));
    const exit = await exitOf(run, 45_000, 'without Java');

    expect(exit.code, run.output()).not.toBe(0);
    expect(exit.code, run.output()).not.toBeNull();
    expect(run.output()).toContain('Java 17');
    expect(run.output()).toContain('sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless');
    expect(run.output()).toContain('brew install openjdk@17');
    expect(run.output()).not.toContain('Start-up failed');
  });
});
