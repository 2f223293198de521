import { randomUUID } from 'node:crypto';
import { CSV_MAX_STAGED_BYTES, megabytes } from '@parts/shared/constants';
import { columnMappingSchema, type ColumnMapping, type ImportJob } from '@parts/shared/schemas';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../domain/errors';
import type { BlobStore } from '../../ports/blob-store';
import type { CatalogRepository } from '../catalog';
import type { ImportJobRepository } from './ports/import-job-repository';
import type { JobRunner } from './ports/job-runner';
import type { SearchSync } from '../search';
import type { Logger } from '../../lib/logger';
import type { Env } from '../../config/env';
import { ImportStopped, importPartsCsv, type ImportCheckpoint } from './csv-import-service';
import { planChunkedImport, type ChunkingOptions } from './chunked-import';

export const CSV_STAGING_KEY = /^imports\/[0-9a-f-]{36}\.csv$/;
/** Longer than the import Lambda's 15-minute limit: a job silent for this long has no worker left. */
export const STALLED_JOB_AFTER_MS = 16 * 60_000;
export const STALLED_JOB_MESSAGE = 'The import stopped before it finished. Upload the file again to retry.';
/** A stalled job is handed to a new worker (from its last checkpoint) this many times before it counts as failed. */
export const MAX_IMPORT_RESUMES = 3;

export interface ImportJobDeps {
  catalog: CatalogRepository;
  imports: ImportJobRepository;
  blobs: BlobStore;
  searchSync: SearchSync;
  logger: Logger;
  now?: () => Date;
  /** Part rows written per batch (and checkpoint); IMPORT_BATCH_SIZE unless a test asks for smaller ones. */
  importBatchSize?: number;
  /** Accepted so callers can pass their whole dependency set; unused here. */
  env?: Env;
}

/** Creates a queued job over a staged CSV and hands it to the runner. */
export async function startImportJob(deps: ImportJobDeps & { jobs: JobRunner }, key: string, columnMapping: ColumnMapping): Promise<ImportJob> {
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
export async function readImportJob(deps: ImportJobDeps & { jobs?: JobRunner }, jobId: string): Promise<ImportJob | undefined> {
  const job = await deps.imports.getImportJob(jobId);
  if (!job || (job.state !== 'queued' && job.state !== 'running')) return job;
  const now = deps.now?.() ?? new Date();
  const lastWrite = Date.parse(job.updatedAt ?? job.createdAt);
  if (!(now.getTime() - lastWrite > STALLED_JOB_AFTER_MS)) return job;
  const at = now.toISOString();
  // A runner that can resume gets the job back: a new worker carries on from the last checkpoint.
  const resumes = job.resumeCount ?? 0;
  if (deps.jobs?.resumeImport && resumes < MAX_IMPORT_RESUMES) {
    try {
      const handed = await deps.imports.updateImportJob(
        jobId,
        { resumeCount: resumes + 1, updatedAt: at },
        { state: ['queued', 'running'], updatedAt: job.updatedAt ?? null },
      );
      deps.logger.warn('import.job_resumed_after_stall', {
        jobId,
        state: job.state,
        lastWrite: job.updatedAt ?? job.createdAt,
        resumeAfterRecord: job.resumeAfterRecord ?? 0,
      });
      await deps.jobs.resumeImport(jobId);
      return handed;
    } catch (err) {
      if (err instanceof ConflictError) return deps.imports.getImportJob(jobId);
      throw err;
    }
  }
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

export interface RunImportOptions {
  /**
   * Takes over a job left "running" by a worker that is gone (local: at start-up; AWS: a stalled job
   * handed to a new invocation) and carries on after its last checkpoint.
   */
  resume?: boolean;
  /** Stops the job after the batch being written (server shutting down); it stays running, to be resumed. */
  signal?: AbortSignal;
  /**
   * Splits a file larger than `chunkBytes` into chunks and hands them to workers instead of importing it
   * here (ADR 061); a resumed chunked job gets its unfinished chunks handed out again.
   */
  chunking?: ChunkingOptions;
}

/**
 * Runs one import job to the end (in process locally, in the import Lambda in AWS): streams the staged
 * CSV, saves a checkpoint after each batch (the records applied and the totals so far), and ends
 * completed or failed with a message. Each write expects the updatedAt this worker wrote last, so
 * exactly one worker owns a job: one that lost it (declared stalled, taken over) writes nothing more.
 * A resumed job skips the records before its checkpoint; rows of a batch that was written but not yet
 * checkpointed are written again and come back unchanged, so the totals count each row once.
 */
export async function runImportJob(deps: ImportJobDeps, jobId: string, options: RunImportOptions = {}): Promise<ImportJob> {
  const job = await deps.imports.getImportJob(jobId);
  if (!job) throw new NotFoundError(`Import job ${jobId} not found`);
  if (job.state !== 'queued' && !(options.resume && job.state === 'running')) return job;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  let owned = now();
  /** The next write, conditional on this worker still owning the job. */
  const write = async (patch: Partial<Omit<ImportJob, 'id'>>) => {
    const at = now();
    const written = await deps.imports.updateImportJob(jobId, { ...patch, updatedAt: at }, { state: ['running'], updatedAt: owned });
    owned = at;
    return written;
  };
  try {
    await deps.imports.updateImportJob(
      jobId,
      { state: 'running', updatedAt: owned },
      job.state === 'queued' ? { state: ['queued'] } : { state: ['running'], updatedAt: job.updatedAt ?? null },
    );
  } catch (err) {
    // Another invocation took it, or it was declared stalled while it waited in the queue.
    if (err instanceof ConflictError) return (await deps.imports.getImportJob(jobId)) ?? job;
    throw err;
  }
  const resumeFrom: ImportCheckpoint | undefined =
    job.resumeAfterRecord === undefined
      ? undefined
      : {
          afterRecord: job.resumeAfterRecord,
          result: { totalRecords: job.totalRecords, successCount: job.successCount, errorCount: job.errorCount, errors: job.errors },
        };
  let errorsSaved = resumeFrom?.result.errors.length ?? 0;
  try {
    const mapping = columnMappingSchema.parse(job.columnMapping);
    if (!job.sourceKey) throw new ValidationError('The job has no staged file');
    if (options.chunking) {
      const chunked = await planChunkedImport(deps, { ...job, state: 'running', updatedAt: owned }, options.chunking);
      if (chunked) return chunked;
    }
    const source = await deps.blobs.stream('staging', job.sourceKey);
    const result = await importPartsCsv(deps, source, mapping, {
      ...(deps.importBatchSize ? { batchSize: deps.importBatchSize } : {}),
      ...(resumeFrom ? { resumeFrom } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onCheckpoint: async ({ afterRecord, result: r }) => {
        // The error list is only written when it grew (it can hold up to 1,000 rows).
        const errors = r.errors.length !== errorsSaved ? { errors: r.errors } : {};
        await write({
          resumeAfterRecord: afterRecord,
          totalRecords: r.totalRecords,
          successCount: r.successCount,
          errorCount: r.errorCount,
          ...errors,
          rowsDone: r.successCount,
          rowsFailed: r.errorCount,
        });
        errorsSaved = r.errors.length;
      },
    });
    const done = await write({ ...result, state: 'completed', rowsDone: result.successCount, rowsFailed: result.errorCount, finishedAt: now() });
    await deps.blobs.delete('staging', [job.sourceKey]).catch(() => undefined);
    return done;
  } catch (err) {
    if (err instanceof ImportStopped) {
      deps.logger.info('import.job_stopped', { jobId, afterRecord: err.checkpoint.afterRecord });
      return (await deps.imports.getImportJob(jobId)) ?? job;
    }
    if (err instanceof ConflictError) {
      // Another worker owns the job now (or it was declared stalled): it is theirs to finish.
      deps.logger.warn('import.job_taken_over', { jobId });
      return (await deps.imports.getImportJob(jobId)) ?? job;
    }
    const message = err instanceof DomainError ? err.message : 'The import failed unexpectedly';
    deps.logger.error('import.job_failed', { jobId, error: err instanceof Error ? err.message : String(err) });
    try {
      return await write({ state: 'failed', message, finishedAt: now() });
    } catch (writeErr) {
      if (writeErr instanceof ConflictError) return (await deps.imports.getImportJob(jobId)) ?? job;
      throw writeErr;
    }
  }
}
