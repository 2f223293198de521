import type { ImportJob } from '@parts/shared/schemas';

export interface ImportJobRepository {
  createImportJob(job: ImportJob): Promise<ImportJob>;
  getImportJob(id: string): Promise<ImportJob | undefined>;
  /** Merges the given fields into the stored job. */
  updateImportJob(id: string, patch: Partial<Omit<ImportJob, 'id'>>): Promise<ImportJob>;
}
