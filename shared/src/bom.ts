import * as z from 'zod';
import { lazySchema } from './lazy-schema';
import { MAX_FREE_DESCRIPTION_CHARS, MAX_FREE_MANUFACTURER_CHARS, MAX_FREE_PART_NUMBER_CHARS, MAX_LINE_REFERENCE_CHARS, megabytes } from './constants';
import { relationRefSchema } from './schemas';

/**
 * A buyer's parts list (bill of materials) turned into quote lines: the upload's limits, the column
 * roles, the matching request and answer. See docs/bom.md.
 */

/** Lines matched in one call, and the most a list may have. */
export const MAX_BOM_LINES = 2000;
/** The uploaded file (CSV, TSV, XLSX) or pasted text. */
export const MAX_BOM_FILE_BYTES = 2 * 1024 * 1024;
/** An XLSX is a zip: its unpacked XML may not exceed this (a small file can unpack to gigabytes). */
export const MAX_BOM_UNPACKED_BYTES = 40 * 1024 * 1024;
export const MAX_BOM_COLUMNS = 50;
/** Any one cell of the list. */
export const MAX_BOM_CELL_CHARS = 1000;
/** Candidates offered per line. */
export const MAX_MATCH_CANDIDATES = 3;

export const BOM_ROLES = ['partNumber', 'manufacturer', 'quantity', 'unit', 'description', 'reference'] as const;
export type BomRole = (typeof BOM_ROLES)[number];
export const BOM_ROLE_LABELS: Record<BomRole, string> = {
  partNumber: 'Part number',
  manufacturer: 'Manufacturer',
  quantity: 'Quantity',
  unit: 'Unit',
  description: 'Description',
  reference: 'Your reference',
};

/** Which column (0-based) holds each role; a role without a column is absent. */
export const bomColumnMappingSchema = lazySchema(() =>
  z
    .object(
      Object.fromEntries(
        BOM_ROLES.map((r) => [
          r,
          z
            .number()
            .int()
            .min(0)
            .max(MAX_BOM_COLUMNS - 1)
            .optional(),
        ]),
      ) as Record<BomRole, z.ZodOptional<z.ZodNumber>>,
    )
    .refine((m) => m.partNumber !== undefined || m.description !== undefined, { message: 'Choose the part number or the description column' }),
);
export type BomColumnMapping = z.infer<typeof bomColumnMappingSchema>;

/** A remembered mapping: the header name of each role's column (case and spacing ignored when applied). */
export const savedBomMappingSchema = lazySchema(() =>
  z.object(Object.fromEntries(BOM_ROLES.map((r) => [r, z.string().trim().min(1).max(200).optional()])) as Record<BomRole, z.ZodOptional<z.ZodString>>),
);
export type SavedBomMapping = z.infer<typeof savedBomMappingSchema>;

export const BOM_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type BomEncoding = (typeof BOM_ENCODINGS)[number];

/** How the file was written: what the number reader needs to know (the delimiter) and what the review shows. */
export const bomFormatSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['csv', 'paste', 'xlsx']),
    /** The CSV/TSV delimiter (not for XLSX). */
    delimiter: z.enum([',', ';', '\t']).optional(),
    /** The text encoding read from the bytes (not for XLSX). */
    encoding: z.enum(BOM_ENCODINGS).optional(),
  }),
);
export type BomFormat = z.infer<typeof bomFormatSchema>;

/**
 * The parsed list: every row as text cells, the row the column names are on (null: none; rows above
 * it are titles, not lines), the guessed (or remembered) mapping, and how the file was written.
 */
export const bomSheetSchema = lazySchema(() =>
  z.object({
    rows: z.array(z.array(z.string())),
    headerRow: z.number().int().min(0).nullable(),
    mapping: z.object(Object.fromEntries(BOM_ROLES.map((r) => [r, z.number().int().optional()])) as Record<BomRole, z.ZodOptional<z.ZodNumber>>),
    /** 'remembered' when the signed-in buyer's last confirmed mapping fitted these headers. */
    mappingSource: z.enum(['guessed', 'remembered']),
    format: bomFormatSchema,
    /** Name of the sheet read, for XLSX files (the first one). */
    sheet: z.string().optional(),
  }),
);
export type BomSheet = z.infer<typeof bomSheetSchema>;

/** Pasted text (from a spreadsheet: tab-separated, or CSV). */
export const bomPasteSchema = lazySchema(() =>
  z.object({
    text: z
      .string()
      .min(1, 'Paste your list first')
      .max(MAX_BOM_FILE_BYTES, `The pasted list is larger than ${megabytes(MAX_BOM_FILE_BYTES)} MB`),
  }),
);

const lineText = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(max, `${label} is longer than ${max} characters`).optional(),
  );

/** One line to match: what the list says; quantity and reference stay on the client. */
export const bomMatchLineSchema = lazySchema(() =>
  z.object({
    partNumber: lineText(MAX_FREE_PART_NUMBER_CHARS, 'A part number'),
    manufacturer: lineText(MAX_FREE_MANUFACTURER_CHARS, 'A manufacturer'),
    description: lineText(MAX_FREE_DESCRIPTION_CHARS, 'A description'),
  }),
);
export type BomMatchLine = z.infer<typeof bomMatchLineSchema>;

export const bomMatchRequestSchema = lazySchema(() =>
  z.object({
    lines: z
      .array(bomMatchLineSchema)
      .min(1, 'The list has no lines')
      .max(MAX_BOM_LINES, `A list can have at most ${MAX_BOM_LINES.toLocaleString('en-US')} lines`),
  }),
);

export const MATCH_CONFIDENCES = ['exact', 'likely', 'choose', 'none'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];
export const MATCH_CONFIDENCE_LABELS: Record<MatchConfidence, string> = {
  exact: 'Exact',
  likely: 'Likely',
  choose: 'Choose one',
  none: 'No match',
};
/**
 * How a candidate was found: the part number as typed, normalised (case, spaces, `-./`), the same
 * number without its packaging suffix (family), a longer number starting with it (prefix), or the
 * words of the description and manufacturer.
 */
export const MATCH_VIAS = ['exact', 'normalised', 'family', 'prefix', 'words'] as const;
export type MatchVia = (typeof MATCH_VIAS)[number];

export const matchCandidateSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    partNumber: z.string(),
    status: z.string(),
    manufacturer: relationRefSchema.nullable(),
    via: z.enum(MATCH_VIAS),
  }),
);
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

/** exact / likely: candidates[0] is the match. choose: the buyer picks one (or keeps the line as free text). none: free text. */
export const lineMatchSchema = lazySchema(() =>
  z.object({
    confidence: z.enum(MATCH_CONFIDENCES),
    candidates: z.array(matchCandidateSchema).max(MAX_MATCH_CANDIDATES),
  }),
);
export type LineMatch = z.infer<typeof lineMatchSchema>;

export const bomMatchResponseSchema = lazySchema(() => z.object({ lines: z.array(lineMatchSchema) }));
export type BomMatchResponse = z.infer<typeof bomMatchResponseSchema>;

/** Lengths the review table enforces on what becomes a free-text line. */
export const BOM_TEXT_LIMITS = {
  partNumber: MAX_FREE_PART_NUMBER_CHARS,
  manufacturer: MAX_FREE_MANUFACTURER_CHARS,
  description: MAX_FREE_DESCRIPTION_CHARS,
  reference: MAX_LINE_REFERENCE_CHARS,
} as const;
