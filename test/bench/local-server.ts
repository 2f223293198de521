import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@parts/functions/local/aws-local';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchServer {
  baseUrl: string;
  /** Stops the server this bench started and removes its data; nothing for a BENCH_URL server. */
  stop(): Promise<void>;
}

/**
 * The server a bench measures: BENCH_URL when set (already running), else the real local stack
 * (`functions/src/local/start.ts`: built SPA + SSR + API, its own DynamoDB Local, a fresh data dir seeded with
 * SEED_PARTS parts, or `defaultSeedParts`) on a free port, once its health says "ok" (search index checked).
 */
export async function startBenchServer(options: { name: string; defaultSeedParts: number; env?: Record<string, string> }): Promise<BenchServer> {
  if (process.env.BENCH_URL) return { baseUrl: process.env.BENCH_URL, stop: () => Promise.resolve() };
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `parts-bench-${options.name}-`));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'functions/src/local/start.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_PARTS: process.env.SEED_PARTS ?? String(options.defaultSeedParts),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGINT');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, stop };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok && ((await response.json()) as { status?: string }).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not become healthy in time');
}
