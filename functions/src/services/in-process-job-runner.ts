import type { JobRunner } from '../ports/job-runner';
import { runImportJob, type ImportJobDeps } from './import-job-service';

export { runImportJob };

/**
 * The local JobRunner: runs the job in this process after answering. `whenIdle()` lets tests and the
 * benchmark wait for running jobs instead of sleeping.
 */
export function createInProcessJobRunner(deps: ImportJobDeps): JobRunner & { whenIdle(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  return {
    async startImport(jobId) {
      const run = runImportJob(deps, jobId)
        .catch((err: unknown) => deps.logger.error('import.job_crashed', { jobId, error: String(err) }))
        .finally(() => running.delete(run));
      running.add(run);
    },
    async whenIdle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
