import { randomUUID } from 'node:crypto';
import { CSV_MAX_STAGED_BYTES, megabytes } from '@parts/shared/constants';
import { columnMappingSchema, type ColumnMapping, type ImportJob } from '@parts/shared/schemas';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../domain/errors';
import type { BlobStore } from '../ports/blob-store';
import type { CatalogRepository } from '../ports/catalog-repository';
import type { ImportJobRepository } from '../ports/import-job-repository';
import type { JobRunner } from '../ports/job-runner';
import type { SearchSync } from '../ports/search-index';
import type { Logger } from '../lib/logger';
import type { Env } from '../config/env';
import { importPartsCsv } from './csv-import-service';

export const CSV_STAGING_KEY = /^imports\/[0-9a-f-]{36}\.csv$/;
/** Longer than the import Lambda's 15-minute limit: a job silent for this long has no worker left. */
export const STALLED_JOB_AFTER_MS = 16 * 60_000;
export const STALLED_JOB_MESSAGE = 'The import stopped before it finished. Upload the file again to retry.';

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
  if (head.size > CSV_MAX_STAGED_BYTES) throw new DomainError(413, `The CSV file is larger than ${megabytes(CSV_MAX_STAGED_BYTES)} MB`);
  if (head.size === 0) throw new ValidationError('The CSV file is empty');
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  const job = await deps.imports.createImportJob({
    id: randomUUID(),
    state: 'queued',
    rowsDone: 0,
    rowsFailed: 0,
    totalRecords: 0,
    successCount: 0,
    errorCount: 0,
    errors: [],
    createdAt,
    updatedAt: createdAt,
    sourceKey: key,
    columnMapping,
  });
  await deps.jobs.startImport(job.id);
  return job;
}

/**
 * The job as the admin sees it. A queued or running job whose last write is older than the Lambda limit
 * lost its worker (crash, timeout): it is stored as failed, unless the worker wrote again meanwhile.
 */
export async function readImportJob(deps: ImportJobDeps, jobId: string): Promise<ImportJob | undefined> {
  const job = await deps.imports.getImportJob(jobId);
  if (!job || (job.state !== 'queued' && job.state !== 'running')) return job;
  const now = deps.now?.() ?? new Date();
  const lastWrite = Date.parse(job.updatedAt ?? job.createdAt);
  if (!(now.getTime() - lastWrite > STALLED_JOB_AFTER_MS)) return job;
  const at = now.toISOString();
  try {
    const failed = await deps.imports.updateImportJob(
      jobId,
      { state: 'failed', message: STALLED_JOB_MESSAGE, finishedAt: at, updatedAt: at },
      { state: ['queued', 'running'], updatedAt: job.updatedAt ?? null },
    );
    deps.logger.warn('import.job_stalled', { jobId, state: job.state, lastWrite: job.updatedAt ?? job.createdAt });
    return failed;
  } catch (err) {
    // The worker (or another reader) wrote first; what is stored now is the answer.
    if (err instanceof ConflictError) return deps.imports.getImportJob(jobId);
    throw err;
  }
}

/**
 * Runs one import job to the end (in process locally, in the import Lambda in AWS): streams the staged
 * CSV, records progress after each batch, and ends completed or failed with a message. Every write
 * requires the job to be still running, so a job already declared stalled is never brought back.
 */
export async function runImportJob(deps: ImportJobDeps, jobId: string): Promise<ImportJob> {
  const job = await deps.imports.getImportJob(jobId);
  if (!job) throw new NotFoundError(`Import job ${jobId} not found`);
  if (job.state !== 'queued') return job;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const running = { state: ['running' as const] };
  try {
    await deps.imports.updateImportJob(jobId, { state: 'running', updatedAt: now() }, { state: ['queued'] });
  } catch (err) {
    // Another invocation took it, or it was declared stalled while it waited in the queue.
    if (err instanceof ConflictError) return (await deps.imports.getImportJob(jobId)) ?? job;
    throw err;
  }
  try {
    const mapping = columnMappingSchema.parse(job.columnMapping);
    if (!job.sourceKey) throw new ValidationError('The job has no staged file');
    const source = await deps.blobs.stream('staging', job.sourceKey);
    const result = await importPartsCsv(deps, source, mapping, {
      onProgress: async (p) => {
        await deps.imports.updateImportJob(jobId, { rowsDone: p.rowsDone, rowsFailed: p.rowsFailed, updatedAt: now() }, running);
      },
    });
    const at = now();
    const done = await deps.imports.updateImportJob(
      jobId,
      { ...result, state: 'completed', rowsDone: result.successCount, rowsFailed: result.errorCount, finishedAt: at, updatedAt: at },
      running,
    );
    await deps.blobs.delete('staging', [job.sourceKey]).catch(() => undefined);
    return done;
  } catch (err) {
    const message = err instanceof DomainError ? err.message : 'The import failed unexpectedly';
    deps.logger.error('import.job_failed', { jobId, error: err instanceof Error ? err.message : String(err) });
    const at = now();
    try {
      return await deps.imports.updateImportJob(jobId, { state: 'failed', message, finishedAt: at, updatedAt: at }, running);
    } catch (writeErr) {
      if (writeErr instanceof ConflictError) return (await deps.imports.getImportJob(jobId)) ?? job;
      throw writeErr;
    }
  }
}
