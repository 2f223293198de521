import type { ImportJob } from '@parts/shared/schemas';
import type { JobRunner } from './ports/job-runner';
import { IMPORT_FAILED_MESSAGE, failChunkedImport, runImportChunk, type ChunkDispatcher } from './chunked-import';
import { runImportJob, type ImportJobDeps } from './import-job-service';

export { runImportJob };

/** Attempts per chunk in the local pool before the job fails (AWS: the queue's maxReceiveCount). */
export const LOCAL_CHUNK_ATTEMPTS = 3;
const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;
const DEFAULT_WORKERS = 2;

export interface InProcessJobRunner extends JobRunner {
  resumeImport(jobId: string): Promise<void>;
  /** Resolves when the jobs running now (and any started meanwhile) have finished or stopped. */
  whenIdle(): Promise<void>;
  /**
   * Stops every running job after the batch it is writing (its checkpoint saved, its state left
   * "running" so the next start resumes it) and resolves with the jobs as they were left.
   */
  stop(): Promise<ImportJob[]>;
}

export interface InProcessJobRunnerOptions {
  /** Chunks imported at once (default: env IMPORT_WORKERS, else 2). */
  workers?: number;
  /** Files larger than this are imported in chunks of about this size (default: env IMPORT_CHUNK_BYTES, else 8 MiB). */
  chunkBytes?: number;
}

/**
 * The local JobRunner: runs the job in this process after answering, on the same path as AWS (ADR 061):
 * the planner splits a large file into chunks, and a pool of `workers` imports them (the stand-in for
 * the chunk queue and its Lambda), retrying a chunk that throws from its checkpoint. `whenIdle()` lets
 * tests and the benchmark wait for running jobs instead of sleeping; `stop()` is Ctrl+C's way out of a
 * long import.
 */
export function createInProcessJobRunner(deps: ImportJobDeps, options: InProcessJobRunnerOptions = {}): InProcessJobRunner {
  const workers = options.workers ?? deps.env?.IMPORT_WORKERS ?? DEFAULT_WORKERS;
  const chunkBytes = options.chunkBytes ?? deps.env?.IMPORT_CHUNK_BYTES ?? DEFAULT_CHUNK_BYTES;
  const running = new Set<Promise<ImportJob | undefined>>();
  const abort = new AbortController();
  const queue: { jobId: string; index: number }[] = [];
  let busy = 0;

  const track = (work: Promise<ImportJob | undefined>) => {
    const tracked: Promise<ImportJob | undefined> = work
      .catch((err: unknown) => {
        deps.logger.error('import.job_crashed', { error: String(err) });
        return undefined;
      })
      .finally(() => running.delete(tracked));
    running.add(tracked);
  };

  const runChunk = async (jobId: string, index: number): Promise<ImportJob | undefined> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await runImportChunk(deps, jobId, index, { signal: abort.signal });
        return outcome === 'stopped' ? deps.imports.getImportJob(jobId) : undefined;
      } catch (err) {
        deps.logger.warn('import.chunk_attempt_failed', { jobId, index, attempt, error: err instanceof Error ? err.message : String(err) });
        if (abort.signal.aborted) return deps.imports.getImportJob(jobId);
        if (attempt >= LOCAL_CHUNK_ATTEMPTS) {
          await failChunkedImport(deps, jobId, IMPORT_FAILED_MESSAGE);
          return undefined;
        }
      }
    }
  };

  const pump = () => {
    while (busy < workers && queue.length > 0 && !abort.signal.aborted) {
      const { jobId, index } = queue.shift()!;
      busy++;
      track(
        runChunk(jobId, index).finally(() => {
          busy--;
          pump();
        }),
      );
    }
  };

  const dispatcher: ChunkDispatcher = {
    async dispatch(jobId, indexes) {
      for (const index of indexes) if (!queue.some((t) => t.jobId === jobId && t.index === index)) queue.push({ jobId, index });
      pump();
    },
  };

  const run = (jobId: string, resume: boolean) => {
    if (abort.signal.aborted) return;
    track(runImportJob(deps, jobId, { resume, signal: abort.signal, chunking: { chunkBytes, dispatcher } }));
  };
  return {
    async startImport(jobId) {
      run(jobId, false);
    },
    async resumeImport(jobId) {
      run(jobId, true);
    },
    async whenIdle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async stop() {
      abort.abort();
      queue.length = 0;
      const left = new Map<string, ImportJob>();
      while (running.size > 0) for (const job of await Promise.all([...running])) if (job) left.set(job.id, job);
      // A chunked job's planner and chunks each answered it at their own moment: the stored one is the last word.
      const now = await Promise.all(
        [...left.values()].map(async (job) => (job.chunkCount === undefined ? job : ((await deps.imports.getImportJob(job.id)) ?? job))),
      );
      return now;
    },
  };
}
