import type { CsvImportResult, ImportJob, ImportJobState } from '@parts/shared/schemas';
import type { CsvChunk } from '../csv-chunks';
import type { Delimiter } from '../csv-reader';

/**
 * One chunk of a job's file (ADR 061), stored beside the job: where it is in the file, how far its
 * worker got (`afterRecord`, counted in the chunk's own parse, header bytes included), its totals so far
 * and whether it is done. Its per-row errors (row numbers of the whole file) are merged into the job's
 * list when the job completes.
 */
export interface ImportChunk extends CsvChunk, CsvImportResult {
  headerBytes: number;
  delimiter: Delimiter;
  afterRecord: number;
  done: boolean;
}

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
  /**
   * Stores the chunks of a running job that has none yet and sets its chunkCount and chunksLeft. Chunks
   * already stored are kept as they are (a planner that runs again after a crash writes the same plan).
   */
  createImportChunks(jobId: string, chunks: ImportChunk[], at: string): Promise<ImportJob>;
  getImportChunk(jobId: string, index: number): Promise<ImportChunk | undefined>;
  listImportChunks(jobId: string): Promise<ImportChunk[]>;
  /**
   * Saves a chunk's progress and adds the rows it gained since `previous` to the job's totals (and, when
   * `next.done`, takes one off chunksLeft), in one transaction, only if the chunk is still as `previous`
   * left it (same afterRecord, not done) and the job is running: ConflictError otherwise, and nothing is
   * written. So a retried or duplicate chunk never counts a row twice.
   */
  saveImportChunk(jobId: string, previous: ImportChunk, next: ImportChunk, at: string): Promise<void>;
}
