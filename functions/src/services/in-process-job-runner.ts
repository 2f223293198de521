import type { ImportJob } from '@parts/shared/schemas';
import type { JobRunner } from '../ports/job-runner';
import { runImportJob, type ImportJobDeps } from './import-job-service';

export { runImportJob };

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

/**
 * The local JobRunner: runs the job in this process after answering. `whenIdle()` lets tests and the
 * benchmark wait for running jobs instead of sleeping; `stop()` is Ctrl+C's way out of a long import.
 */
export function createInProcessJobRunner(deps: ImportJobDeps): InProcessJobRunner {
  const running = new Set<Promise<ImportJob | undefined>>();
  const abort = new AbortController();
  const run = (jobId: string, resume: boolean) => {
    if (abort.signal.aborted) return;
    const job: Promise<ImportJob | undefined> = runImportJob(deps, jobId, { resume, signal: abort.signal })
      .catch((err: unknown) => {
        deps.logger.error('import.job_crashed', { jobId, error: String(err) });
        return undefined;
      })
      .finally(() => running.delete(job));
    running.add(job);
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
      const left: ImportJob[] = [];
      while (running.size > 0) for (const job of await Promise.all([...running])) if (job) left.push(job);
      return left;
    },
  };
}
