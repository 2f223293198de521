import type { ImportJob, ImportJobState } from '@parts/shared/schemas';

/** Conditions for an update; when one does not hold the update is not made and a ConflictError is thrown. */
export interface ImportJobExpectation {
  /** The stored state is one of these. */
  state?: ImportJobState[];
  /** The stored updatedAt is exactly this (null: the job has none). */
  updatedAt?: string | null;
}

export interface ImportJobRepository {
  createImportJob(job: ImportJob): Promise<ImportJob>;
  getImportJob(id: string): Promise<ImportJob | undefined>;
  /** Merges the given fields into the stored job, only if it still matches `expected`. */
  updateImportJob(id: string, patch: Partial<Omit<ImportJob, 'id'>>, expected?: ImportJobExpectation): Promise<ImportJob>;
  /** Jobs still queued or running, oldest first (picked up again after a crash or a stop). */
  listUnfinishedImportJobs(): Promise<ImportJob[]>;
}
