import * as z from 'zod';
import { lazySchema } from '../lazy-schema';
import { CSV_MAX_STAGED_BYTES, megabytes } from '../constants';
import './common';

/** The CSV import: column mappings, previews, results and import jobs. */

export const PART_IMPORT_FIELDS = ['name', 'partNumber', 'description', 'price', 'categoryId', 'manufacturerId', 'status', 'image'] as const;
export type PartImportField = (typeof PART_IMPORT_FIELDS)[number];
/** A mapping target: a part field, or `spec:<key>` for a specification column. */
export const mappingTargetSchema = lazySchema(() =>
  z.union([z.enum(PART_IMPORT_FIELDS), z.string().regex(/^spec:[A-Za-z][A-Za-z0-9 _-]{0,99}$/, 'Specification targets look like spec:<name>')]),
);
export const columnMappingSchema = lazySchema(() =>
  z.record(z.string(), mappingTargetSchema).refine((m) => Object.values(m).includes('name') && Object.values(m).includes('partNumber'), {
    message: 'Map both Part Name and Part Number',
  }),
);
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const csvPreviewSchema = lazySchema(() =>
  z.object({
    headers: z.array(z.string()),
    sampleRows: z.array(z.record(z.string(), z.string())),
  }),
);
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

export const importErrorSchema = lazySchema(() => z.object({ row: z.number().int(), error: z.string() }));
export const csvImportResultSchema = lazySchema(() =>
  z.object({
    totalRecords: z.number().int(),
    successCount: z.number().int(),
    errorCount: z.number().int(),
    errors: z.array(importErrorSchema),
  }),
);
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

export const importJobStateSchema = lazySchema(() => z.enum(['queued', 'running', 'completed', 'failed']));
export type ImportJobState = z.infer<typeof importJobStateSchema>;
export const importJobSchema = lazySchema(() =>
  csvImportResultSchema.extend({
    id: z.string(),
    state: importJobStateSchema,
    rowsDone: z.number().int(),
    rowsFailed: z.number().int(),
    createdAt: z.string(),
    finishedAt: z.string().optional(),
    /** When the job was last written (created, started, each progress step, finished); a stalled job stops moving it. */
    updatedAt: z.string().optional(),
    message: z.string().optional(),
    /** The staged CSV object and the mapping the job applies (set when the job is created). */
    sourceKey: z.string().optional(),
    columnMapping: z.record(z.string(), z.string()).optional(),
    /**
     * Records of the staged file already applied (saved after each batch with the totals so far): a job
     * picked up again after a crash or a stop carries on after them.
     */
    resumeAfterRecord: z.number().int().min(0).optional(),
    /** How often a stalled job was handed to a new worker. */
    resumeCount: z.number().int().min(0).optional(),
    /** A large file imported in parallel chunks (ADR 061): how many, and how many are not finished yet. */
    chunkCount: z.number().int().min(1).optional(),
    chunksLeft: z.number().int().min(0).optional(),
  }),
);
export type ImportJob = z.infer<typeof importJobSchema>;

/** Asks for a presigned PUT to stage a CSV too big for a request body. */
export const csvUploadRequestSchema = lazySchema(() =>
  z.object({
    fileName: z.string().trim().min(1).max(255).optional(),
    size: z
      .number()
      .int()
      .positive()
      .max(CSV_MAX_STAGED_BYTES, `The CSV file is larger than ${megabytes(CSV_MAX_STAGED_BYTES)} MB`),
  }),
);
export type CsvUploadRequest = z.infer<typeof csvUploadRequestSchema>;

/** Starts an import job over a staged CSV. */
export const importStartSchema = lazySchema(() =>
  z.object({
    key: z.string().min(1).max(500),
    columnMapping: columnMappingSchema,
  }),
);
export type ImportStart = z.infer<typeof importStartSchema>;
