import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pLimit from 'p-limit';
import type { CsvPreview } from '@parts/shared/schemas';
import type { BomTable } from '../modules/bom';
import { DomainError, UnavailableError, ValidationError, type ErrorIssue } from '../domain/errors';

/**
 * Uploaded spreadsheets are read in worker threads with a deadline (issue 26, ADR 094): a file that
 * makes a reader loop, recurse or allocate without end costs its worker, never the API's event loop.
 * At most `threads` files are read at once and `queue` wait; beyond that the caller gets 503 at once.
 * A worker past the deadline or its heap limit is terminated and the caller gets a 400 with a message.
 * Workers are reused while busy and ended after a while idle; they never hold the process open.
 */
export type ParseTask = { kind: 'bom-file'; data: Uint8Array } | { kind: 'bom-text'; text: string } | { kind: 'csv-preview'; data: Uint8Array };
interface ParseResults {
  'bom-file': BomTable;
  'bom-text': BomTable;
  'csv-preview': CsvPreview;
}
export type ParseValue = ParseResults[keyof ParseResults];
/** What the worker posts back: a value, a DomainError's status and message, or (a reader's bug) a message alone. */
export type ParseReply = { ok: true; value: ParseValue } | { ok: false; status?: DomainError['status']; message: string; issues?: ErrorIssue[] };

export const PARSE_TOO_SLOW = 'The file took too long to read; save the list alone as CSV or .xlsx and try again';
export const PARSE_TOO_BIG = 'The file needs too much memory to read; save the list alone as CSV or .xlsx and try again';
export const PARSE_BUSY = 'The server is busy reading other files. Try again in a moment.';

export interface ParseSandboxOptions {
  /** Files read at once (each in its own worker thread). */
  threads: number;
  /** Files waiting for a thread; more are refused with 503 + Retry-After. */
  queue: number;
  /** How long one file may take once its worker is ready. */
  deadlineMs: number;
  /** The worker's heap limit. */
  maxHeapMb: number;
  /** An idle worker ends after this long. */
  idleMs?: number;
  /**
   * The share of a thread's time it may spend reading (0–1]: after a file that took t ms, the thread rests
   * t × (1 / share − 1) ms (at most 2 s) before the next file, while the answer goes out at once. One buyer's list is
   * not slowed; a stream of hostile files is held to this share of a core, and the queue behind it fills up to 503s.
   */
  busyShare?: number;
}

/**
 * Sized for a 2-core server and a 1 GB Lambda: a list reads in well under a second; 10 s is far beyond it.
 * One core is always left to the API's own thread (on 2 cores, hostile files read two at a time took the
 * CPU from normal reads: docs/benchmarks.md, 2026-11-26 hostile uploads).
 */
export const PARSE_SANDBOX_DEFAULTS: ParseSandboxOptions = {
  threads: Math.max(1, availableParallelism() - 1),
  queue: 16,
  deadlineMs: 10_000,
  maxHeapMb: 256,
  idleMs: 30_000,
};
/** The longest rest between two files (busyShare). */
const MAX_REST_MS = 2_000;
/** A worker that is not ready in this long (module loading on a loaded machine) is given up. */
const START_TIMEOUT_MS = 30_000;

/**
 * Where the worker's code is: beside this module in the source, loaded through tsx (registered by a
 * small data: module, as `--import tsx` does not reach a worker's own entry), or `parse-worker.mjs`, its
 * own entry at the root of the Lambda bundle (this module may be inlined there or sit in chunks/).
 */
export function parseWorkerFile(moduleUrl: string): URL {
  if (/\.[cm]?ts$/.test(new URL(moduleUrl).pathname)) {
    const tsx = pathToFileURL(createRequire(moduleUrl).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
    const worker = new URL('./parse-worker.ts', moduleUrl).href;
    return new URL(
      `data:text/javascript,${encodeURIComponent(
        // The nice value first (see parse-worker.ts): then tsx's loader thread and the reader's module compiling,
        // hundreds of milliseconds of CPU for each new worker, also yield to the API's thread.
        `import { setPriority } from 'node:os'; try { setPriority(19); } catch {} ` +
          `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(worker)});`,
      )}`,
    );
  }
  const dir = new URL('.', moduleUrl);
  return new URL(dir.pathname.endsWith('/chunks/') ? '../parse-worker.mjs' : './parse-worker.mjs', dir);
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  idleTimer?: ReturnType<typeof setTimeout>;
}

export function createParseSandbox(options: ParseSandboxOptions = PARSE_SANDBOX_DEFAULTS) {
  const limit = pLimit(options.threads);
  const idle: Slot[] = [];
  const file = parseWorkerFile(import.meta.url);

  function spawn(): Slot {
    const worker = new Worker(file, {
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: Math.min(64, options.maxHeapMb / 4) },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, ready: Promise.resolve() };
    // Errors and exits while busy are handled by the task; while idle, the slot just goes.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      const at = idle.indexOf(slot);
      if (at >= 0) idle.splice(at, 1);
    });
    slot.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new UnavailableError('The file reader did not start; try again in a moment', 1)), START_TIMEOUT_MS);
      timer.unref();
      worker.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    return slot;
  }

  function release(slot: Slot) {
    if (idle.length >= options.threads) {
      void slot.worker.terminate();
      return;
    }
    slot.idleTimer = setTimeout(() => {
      idle.splice(idle.indexOf(slot), 1);
      void slot.worker.terminate();
    }, options.idleMs ?? 30_000);
    slot.idleTimer.unref();
    idle.push(slot);
  }

  async function runOn(task: ParseTask): Promise<ParseValue> {
    const slot = idle.pop() ?? spawn();
    clearTimeout(slot.idleTimer);
    try {
      await slot.ready;
    } catch (err) {
      void slot.worker.terminate();
      throw err;
    }
    const { worker } = slot;
    return new Promise<ParseValue>((resolve, reject) => {
      const done = (settle: () => void, keep: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep) release(slot);
        else void worker.terminate();
        settle();
      };
      const timer = setTimeout(() => done(() => reject(new ValidationError(PARSE_TOO_SLOW)), false), options.deadlineMs);
      const onMessage = (reply: ParseReply) =>
        done(() => {
          if (reply.ok) resolve(reply.value);
          else if (reply.status) reject(new DomainError(reply.status, reply.message, reply.issues));
          else reject(new Error(`The file reader failed: ${reply.message}`));
        }, true);
      const onError = (err: Error & { code?: string }) =>
        done(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ValidationError(PARSE_TOO_BIG) : err), false);
      const onExit = (code: number) => done(() => reject(new Error(`The file reader stopped (exit code ${code})`)), false);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // The bytes go over as a copy of the view alone (cloning a Buffer would copy its whole pool).
      if (task.kind === 'bom-text') worker.postMessage(task);
      else {
        const data = new Uint8Array(task.data);
        worker.postMessage({ ...task, data }, [data.buffer]);
      }
    });
  }

  function run(task: { kind: 'bom-file'; data: Uint8Array }): Promise<BomTable>;
  function run(task: { kind: 'bom-text'; text: string }): Promise<BomTable>;
  function run(task: { kind: 'csv-preview'; data: Uint8Array }): Promise<CsvPreview>;
  function run(task: ParseTask): Promise<ParseValue> {
    if (limit.activeCount + limit.pendingCount >= options.threads + options.queue) return Promise.reject(new UnavailableError(PARSE_BUSY, 1));
    const share = options.busyShare ?? 1;
    if (share >= 1) return limit(() => runOn(task));
    return new Promise<ParseValue>((resolve, reject) => {
      void limit(async () => {
        const started = performance.now();
        await runOn(task).then(resolve, reject);
        const rest = Math.min(MAX_REST_MS, (performance.now() - started) * (1 / share - 1));
        // The rest holds the thread's turn only: it never keeps a process alive that is otherwise done.
        await new Promise((r) => setTimeout(r, rest).unref());
      });
    });
  }

  return {
    run,
    /** Ends the idle workers (busy ones end with their task). */
    async close() {
      const slots = idle.splice(0);
      await Promise.all(slots.map((s) => (clearTimeout(s.idleTimer), s.worker.terminate())));
    },
  };
}
export type ParseSandbox = ReturnType<typeof createParseSandbox>;

let shared: ParseSandbox | undefined;
let sharedOptions = PARSE_SANDBOX_DEFAULTS;

/**
 * Options for the process's sandbox, before its first use: the local server holds its readers to a share of a core
 * (`PARSE_BUSY_SHARE`, start.ts), as the API shares the machine with them there; a Lambda container serves one request
 * at a time and keeps the defaults.
 */
export function configureParseSandbox(options: Partial<ParseSandboxOptions>): void {
  sharedOptions = { ...PARSE_SANDBOX_DEFAULTS, ...options };
}

/** The process's sandbox, made on first use (the API's cold start starts no thread). */
export function parseSandbox(): ParseSandbox {
  shared ??= createParseSandbox(sharedOptions);
  return shared;
}
