import { columnMappingSchema, type ImportJob } from '@parts/shared/schemas';
import { chunkStream, planCsvChunks } from './csv-chunks';
import { ConflictError, DomainError, ValidationError } from '../../domain/errors';
import type { ImportChunk } from './ports/import-job-repository';
import { ImportStopped, MAX_REPORTED_ERRORS, importPartsCsv } from './csv-import-service';
import type { ImportJobDeps } from './import-job-service';

/**
 * Hands chunks of a job to workers (ADR 061): SQS messages in AWS, the in-process worker pool locally.
 * Delivering a chunk twice is harmless (a chunk's progress is saved conditionally); losing one is not:
 * `dispatch` resolves once the chunks are handed over.
 */
export interface ChunkDispatcher {
  dispatch(jobId: string, indexes: number[]): Promise<void>;
}

export interface ChunkingOptions {
  /** A staged file larger than this is split into chunks of about this size. */
  chunkBytes: number;
  dispatcher: ChunkDispatcher;
}

export const IMPORT_FAILED_MESSAGE = 'The import failed unexpectedly';

const nowOf = (deps: ImportJobDeps) => (deps.now?.() ?? new Date()).toISOString();

/**
 * The planner's part of a job it has taken (state running): a job that has chunks gets its unfinished
 * ones dispatched again (a resumed job); a new job whose file is larger than `chunkBytes` is split and
 * dispatched. Answers undefined when the file is imported whole by the caller instead (small files, and
 * jobs a single worker already started, which carry on from their checkpoint). Throws a DomainError for
 * a file the import refuses (the caller fails the job with its message).
 */
export async function planChunkedImport(deps: ImportJobDeps, job: ImportJob, chunking: ChunkingOptions): Promise<ImportJob | undefined> {
  if (job.chunkCount !== undefined) {
    const chunks = await deps.imports.listImportChunks(job.id);
    const open = chunks.filter((c) => !c.done).map((c) => c.index);
    if (open.length > 0) await chunking.dispatcher.dispatch(job.id, open);
    else await finishChunkedImport(deps, job.id);
    return (await deps.imports.getImportJob(job.id)) ?? job;
  }
  if (job.resumeAfterRecord !== undefined || !job.sourceKey) return undefined;
  const head = await deps.blobs.head('staging', job.sourceKey);
  if (!head) throw new ValidationError('The uploaded CSV file was not found; upload it again');
  if (head.size <= chunking.chunkBytes) return undefined;
  const plan = await planCsvChunks(await deps.blobs.stream('staging', job.sourceKey), chunking.chunkBytes);
  if (plan.chunks.length === 0) return undefined;
  const chunks: ImportChunk[] = plan.chunks.map((c) => ({
    ...c,
    headerBytes: plan.headerBytes,
    delimiter: plan.delimiter,
    afterRecord: 0,
    done: false,
    totalRecords: 0,
    successCount: 0,
    errorCount: 0,
    errors: [],
  }));
  const planned = await deps.imports.createImportChunks(job.id, chunks, nowOf(deps));
  deps.logger.info('import.job_chunked', { jobId: job.id, bytes: plan.size, chunks: chunks.length });
  await chunking.dispatcher.dispatch(
    job.id,
    chunks.map((c) => c.index),
  );
  return planned;
}

export type ChunkOutcome = 'done' | 'skipped' | 'stopped' | 'failed';

/**
 * Imports one chunk of a job (the chunk-worker Lambda per SQS message; a pool worker locally). Carries on
 * after the chunk's checkpoint, saves progress after each batch (adding to the job's totals in the same
 * transaction), marks the chunk done, and completes the job when it was the last one. A chunk already
 * done, or of a job no longer running, is skipped; one whose progress another delivery saved first stops
 * ('skipped'). A file the import refuses fails the job ('failed'). Anything else is thrown: the transport
 * retries the chunk from its checkpoint.
 */
export async function runImportChunk(deps: ImportJobDeps, jobId: string, index: number, options: { signal?: AbortSignal } = {}): Promise<ChunkOutcome> {
  const job = await deps.imports.getImportJob(jobId);
  if (!job || job.state !== 'running') return 'skipped';
  let chunk = await deps.imports.getImportChunk(jobId, index);
  if (!chunk) {
    deps.logger.warn('import.chunk_missing', { jobId, index });
    return 'skipped';
  }
  if (!chunk.done) {
    try {
      const mapping = columnMappingSchema.parse(job.columnMapping);
      if (!job.sourceKey) throw new ValidationError('The job has no staged file');
      const header = await deps.blobs.stream('staging', job.sourceKey, { start: 0, end: chunk.headerBytes });
      const body = await deps.blobs.stream('staging', job.sourceKey, { start: chunk.start, end: chunk.end });
      const result = await importPartsCsv(deps, chunkStream(header, body), mapping, {
        delimiter: chunk.delimiter,
        rowOffset: chunk.rowOffset,
        ...(chunk.afterRecord > 0
          ? {
              resumeFrom: {
                afterRecord: chunk.afterRecord,
                result: { totalRecords: chunk.totalRecords, successCount: chunk.successCount, errorCount: chunk.errorCount, errors: chunk.errors },
              },
            }
          : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        onCheckpoint: async ({ afterRecord, result: r }) => {
          const next: ImportChunk = { ...chunk!, ...r, afterRecord };
          await deps.imports.saveImportChunk(jobId, chunk!, next, nowOf(deps));
          chunk = next;
        },
      });
      const finished: ImportChunk = { ...chunk, ...result, done: true };
      await deps.imports.saveImportChunk(jobId, chunk, finished, nowOf(deps));
      chunk = finished;
    } catch (err) {
      if (err instanceof ImportStopped) return 'stopped';
      // Another delivery of this chunk saved first, or the job is no longer running.
      if (err instanceof ConflictError) return 'skipped';
      if (!(err instanceof DomainError)) throw err;
      await failChunkedImport(deps, jobId, err.message);
      return 'failed';
    }
  }
  const after = await deps.imports.getImportJob(jobId);
  if (after?.state === 'running' && after.chunksLeft === 0) await finishChunkedImport(deps, jobId);
  return 'done';
}

/** Ends a running chunked job as failed with `message` (other chunks then stop at their next save). */
export async function failChunkedImport(deps: ImportJobDeps, jobId: string, message: string): Promise<void> {
  const at = nowOf(deps);
  deps.logger.error('import.job_failed', { jobId, error: message });
  try {
    await deps.imports.updateImportJob(jobId, { state: 'failed', message, finishedAt: at, updatedAt: at }, { state: ['running'] });
  } catch (err) {
    if (!(err instanceof ConflictError)) throw err;
  }
}

/**
 * Completes a job whose chunks are all done: its totals were added chunk by chunk; the per-row errors
 * of the chunks are merged (file order, the first MAX_REPORTED_ERRORS). Only one caller completes it.
 */
export async function finishChunkedImport(deps: ImportJobDeps, jobId: string): Promise<void> {
  const chunks = await deps.imports.listImportChunks(jobId);
  if (chunks.length === 0 || chunks.some((c) => !c.done)) return;
  const errors = chunks
    .flatMap((c) => c.errors)
    .sort((a, b) => a.row - b.row)
    .slice(0, MAX_REPORTED_ERRORS);
  const at = nowOf(deps);
  try {
    const job = await deps.imports.updateImportJob(jobId, { state: 'completed', errors, finishedAt: at, updatedAt: at }, { state: ['running'] });
    deps.logger.info('import.job_completed', { jobId, chunks: chunks.length, rowsDone: job.rowsDone, rowsFailed: job.rowsFailed });
    if (job.sourceKey) await deps.blobs.delete('staging', [job.sourceKey]).catch(() => undefined);
  } catch (err) {
    // The last two chunks finished together: the other one completed it.
    if (!(err instanceof ConflictError)) throw err;
  }
}
