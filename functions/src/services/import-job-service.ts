import { randomUUID } from 'node:crypto';
import { CSV_MAX_STAGED_BYTES } from '@parts/shared/constants';
import { columnMappingSchema, type ColumnMapping, type ImportJob } from '@parts/shared/schemas';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors';
import type { BlobStore } from '../ports/blob-store';
import type { CatalogRepository } from '../ports/catalog-repository';
import type { ImportJobRepository } from '../ports/import-job-repository';
import type { JobRunner } from '../ports/job-runner';
import type { SearchSync } from '../ports/search-index';
import type { Logger } from '../lib/logger';
import type { Env } from '../config/env';
import { importPartsCsv } from './csv-import-service';

export const CSV_STAGING_KEY = /^imports\/[0-9a-f-]{36}\.csv$/;

export interface ImportJobDeps {
  catalog: CatalogRepository;
  imports: ImportJobRepository;
  blobs: BlobStore;
  searchSync: SearchSync;
  logger: Logger;
  now?: () => Date;
  /** Accepted so callers can pass their whole dependency set; unused here. */
  env?: Env;
}

/** Creates a queued job over a staged CSV and hands it to the runner. */
export async function startImportJob(
  deps: ImportJobDeps & { jobs: JobRunner },
  key: string,
  columnMapping: ColumnMapping,
): Promise<ImportJob> {
  if (!CSV_STAGING_KEY.test(key)) throw new ValidationError('Unknown upload key');
  const head = await deps.blobs.head('staging', key);
  if (!head) throw new ValidationError('The uploaded CSV file was not found; upload it again');
  if (head.size > CSV_MAX_STAGED_BYTES) throw new DomainError(413, 'The CSV file is larger than 512 MB');
  if (head.size === 0) throw new ValidationError('The CSV file is empty');
  const job = await deps.imports.createImportJob({
    id: randomUUID(),
    state: 'queued',
    rowsDone: 0,
    rowsFailed: 0,
    totalRecords: 0,
    successCount: 0,
    errorCount: 0,
    errors: [],
    createdAt: (deps.now?.() ?? new Date()).toISOString(),
    sourceKey: key,
    columnMapping,
  });
  await deps.jobs.startImport(job.id);
  return job;
}

/**
 * Runs one import job to the end (in process locally, in the import Lambda in AWS): streams the staged
 * CSV, records progress after each batch, and ends completed or failed with a message.
 */
export async function runImportJob(deps: ImportJobDeps, jobId: string): Promise<ImportJob> {
  const job = await deps.imports.getImportJob(jobId);
  if (!job) throw new NotFoundError(`Import job ${jobId} not found`);
  if (job.state !== 'queued') return job;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  await deps.imports.updateImportJob(jobId, { state: 'running' });
  try {
    const mapping = columnMappingSchema.parse(job.columnMapping);
    if (!job.sourceKey) throw new ValidationError('The job has no staged file');
    const source = await deps.blobs.stream('staging', job.sourceKey);
    const result = await importPartsCsv(deps, source, mapping, {
      onProgress: async (p) => {
        await deps.imports.updateImportJob(jobId, { rowsDone: p.rowsDone, rowsFailed: p.rowsFailed });
      },
    });
    const done = await deps.imports.updateImportJob(jobId, {
      ...result,
      state: 'completed',
      rowsDone: result.successCount,
      rowsFailed: result.errorCount,
      finishedAt: now(),
    });
    await deps.blobs.delete('staging', [job.sourceKey]).catch(() => undefined);
    return done;
  } catch (err) {
    const message = err instanceof DomainError ? err.message : 'The import failed unexpectedly';
    deps.logger.error('import.job_failed', { jobId, error: err instanceof Error ? err.message : String(err) });
    return deps.imports.updateImportJob(jobId, { state: 'failed', message, finishedAt: now() });
  }
}
