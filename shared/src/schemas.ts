import { z } from 'zod';
import {
  MAX_ATTACHMENTS,
  MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_QUANTITY,
  MIN_CUSTOMER_NAME,
  MIN_PASSWORD,
  MIN_QUOTE_QUANTITY,
  MIN_USERNAME,
  PART_STATUSES,
  QUOTE_STATUSES,
  SORT_BY_VALUES,
  SORT_ORDERS,
  DEFAULT_PART_STATUS,
  DEFAULT_QUOTE_STATUS,
  ATTACHMENT_MIME_TYPES,
  MAX_ATTACHMENT_BYTES,
  CSV_MAX_STAGED_BYTES,
} from './constants';

/** Schemas of every entity and payload (spec sections 3 and 7). Shared by the API and the web. */

// Spec section 5: where no custom message is set, a missing value reads 'Required'.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});

export const idSchema = z.coerce.number().int().positive();
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(200)
  .regex(slugPattern, 'Use lower-case letters, digits and single hyphens');
const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);
/** Optional text: empty strings and null become undefined. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string().trim().max(max).optional(),
  );
const optionalUrl = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.url({ protocol: /^https?$/, message: 'Enter a valid URL' }).max(2048).optional(),
);

// ---------- Entities ----------

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().optional(),
  parentId: z.number().int().nullable().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const manufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().optional(),
  logo: z.string().optional(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

export const partStatusSchema = z.enum(PART_STATUSES);
export const specificationsSchema = z.record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(200));
export type Specifications = z.infer<typeof specificationsSchema>;

export const partSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  partNumber: z.string(),
  description: z.string().optional(),
  status: partStatusSchema,
  categoryId: z.number().int(),
  manufacturerId: z.number().int(),
  specifications: z.record(z.string(), z.string()),
  price: z.number().nullable(),
  image: z.string().optional(),
  version: z.number().int().optional(),
});
export type Part = z.infer<typeof partSchema>;

export const relationRefSchema = z.object({ name: z.string(), slug: z.string() });
export type RelationRef = z.infer<typeof relationRefSchema>;

/** A part as read for display: carries manufacturer and category name and slug. */
export const partViewSchema = partSchema.extend({
  manufacturer: relationRefSchema.nullable(),
  category: relationRefSchema.nullable(),
});
export type PartView = z.infer<typeof partViewSchema>;

export const facetCountSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/** What of a typed text matched, for marking it in names and part numbers (see highlight.ts). */
export const highlightSchema = z.object({
  /** Whole index terms (lower case, accents folded) that matched: as typed, word forms, synonyms, corrections. */
  terms: z.array(z.string()),
  /** Typed word beginnings matched as prefixes. */
  prefixes: z.array(z.string()),
  /** The normalised part number typed, when it matched part numbers. */
  partNumber: z.string().nullable(),
});
export type Highlight = z.infer<typeof highlightSchema>;

export const partListResponseSchema = z.object({
  data: z.array(partViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  facets: z.object({ categories: z.array(facetCountSchema), manufacturers: z.array(facetCountSchema) }),
  /** With a query: what matched. */
  highlight: highlightSchema.optional(),
  /** Nothing matched as typed; these are the results for the typed words corrected to this text. */
  correctedQuery: z.string().nullable().optional(),
  /** Nothing matched every word; these are the results for this shorter query. */
  relaxedQuery: z.string().nullable().optional(),
  /** A spelling the index knows, offered when nothing (or only a relaxed query) matched. */
  didYouMean: z.string().nullable().optional(),
});
export type PartListResponse = z.infer<typeof partListResponseSchema>;

export const suggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  partNumber: z.string(),
  manufacturer: z.string(),
  category: z.string(),
  slug: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const autocompleteResponseSchema = z.object({ suggestions: z.array(suggestionSchema), highlight: highlightSchema.nullable().optional() });
export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>;

export const userSchema = z.object({
  id: z.number().int().optional(),
  username: z.string(),
  email: z.string().optional(),
  name: z.string().optional(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const quoteStatusSchema = z.enum(QUOTE_STATUSES);

export const quoteItemSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  part: z.object({ id: z.number().int(), partNumber: z.string(), name: z.string(), slug: z.string().optional() }),
});
export type QuoteItem = z.infer<typeof quoteItemSchema>;

export const statusChangeSchema = z.object({
  at: z.string(),
  by: z.string(),
  from: quoteStatusSchema.nullable(),
  to: quoteStatusSchema,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const attachmentSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Short-lived download link; only on the admin's single-request read. */
  url: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const quoteRequestSchema = z.object({
  id: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().optional(),
  customerCompany: z.string().optional(),
  status: quoteStatusSchema,
  notes: z.string().optional(),
  message: z.string().optional(),
  createdAt: z.string(),
  /** Username of the customer who submitted it; absent for admin-created requests. */
  submittedBy: z.string().optional(),
  items: z.array(quoteItemSchema),
  attachments: z.array(attachmentSchema),
  history: z.array(statusChangeSchema),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

// ---------- Admin write payloads ----------

const optionalId = z.preprocess(
  (v) => (v === null || v === '' || v === 0 || v === '0' ? null : v),
  z.coerce.number().int().positive().nullable(),
);

export const categoryInputSchema = z.object({
  name: requiredText(200),
  slug: slugSchema,
  description: optionalText(2000),
  parentId: optionalId.optional(),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const manufacturerInputSchema = z.object({
  name: requiredText(200),
  slug: slugSchema,
  description: optionalText(2000),
  logo: optionalUrl,
});
export type ManufacturerInput = z.infer<typeof manufacturerInputSchema>;

export const priceSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce.number().min(0, 'Price must be 0 or more').max(100_000_000).multipleOf(0.01, 'Use at most 2 decimals').nullable(),
);

export const partInputSchema = z.object({
  name: requiredText(300),
  partNumber: requiredText(100),
  slug: slugSchema,
  description: optionalText(5000),
  status: partStatusSchema.default(DEFAULT_PART_STATUS),
  categoryId: z.coerce.number().int().positive('Choose a category'),
  manufacturerId: z.coerce.number().int().positive('Choose a manufacturer'),
  specifications: specificationsSchema.default({}),
  price: priceSchema.default(null),
  image: optionalUrl,
});
export type PartInput = z.infer<typeof partInputSchema>;

// ---------- Accounts ----------

export const usernameSchema = z
  .string()
  .trim()
  .min(MIN_USERNAME, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters');
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const loginInputSchema = z.object({ username: usernameSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.email('Please enter a valid email').max(254).optional(),
  ),
  name: optionalText(200),
  /** Ignored by the server: registration never creates an administrator. */
  isAdmin: z.unknown().optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

// ---------- Quote requests ----------

export const quoteLineInputSchema = z.object({
  partId: z.coerce.number().int().positive(),
  quantity: z.coerce
    .number()
    .int('Quantity must be a whole number')
    .min(MIN_QUOTE_QUANTITY, 'Quantity must be at least 1')
    .max(MAX_QUOTE_QUANTITY),
});
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

/** The customer fields of the public quote form (also the react-hook-form resolver). */
export const quoteFormSchema = z.object({
  customerName: z.string().trim().min(MIN_CUSTOMER_NAME, 'Name is required').max(200),
  customerEmail: z.email('Invalid email address').max(254),
  customerPhone: optionalText(50),
  customerCompany: optionalText(200),
  message: optionalText(5000),
});
export type QuoteFormInput = z.infer<typeof quoteFormSchema>;

/** The JSON shape of a submission whose attachments were uploaded straight to S3. */
export const quoteSubmissionSchema = quoteFormSchema.extend({
  items: z.array(quoteLineInputSchema).min(1, 'Add at least one part to your quote request').max(MAX_QUOTE_ITEMS),
  attachmentKeys: z.array(z.string().min(1).max(500)).max(MAX_ATTACHMENTS, 'At most 10 attachments').default([]),
});
export type QuoteSubmission = z.infer<typeof quoteSubmissionSchema>;

export const adminQuoteCreateSchema = z.object({
  customerName: requiredText(200),
  customerEmail: z.email('Invalid email address').max(254),
  customerPhone: optionalText(50),
  customerCompany: optionalText(200),
  status: quoteStatusSchema.default(DEFAULT_QUOTE_STATUS),
  notes: optionalText(5000),
});
export type AdminQuoteCreate = z.infer<typeof adminQuoteCreateSchema>;

export const quoteStatusUpdateSchema = z.object({ status: quoteStatusSchema });

export const attachmentUploadRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  contentType: z.enum(ATTACHMENT_MIME_TYPES),
  size: z.number().int().positive().max(MAX_ATTACHMENT_BYTES),
});
export type AttachmentUploadRequest = z.infer<typeof attachmentUploadRequestSchema>;

export const presignedUploadSchema = z.object({
  key: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

// ---------- Listing ----------

export const specRangeSchema = z
  .object({ min: z.number().finite().optional().nullable(), max: z.number().finite().optional().nullable() })
  .refine((r) => r.min == null || r.max == null || r.min <= r.max, 'min must not be above max');
export const specRangesSchema = z.record(z.string().min(1).max(100), specRangeSchema);
export type SpecRanges = z.infer<typeof specRangesSchema>;

/** The parsed query of GET /api/parts. */
export const partsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CATALOG_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
  categoryIds: z.array(idSchema).max(100).default([]),
  manufacturerIds: z.array(idSchema).max(100).default([]),
  specifications: specRangesSchema.default({}),
  sortBy: z.enum(SORT_BY_VALUES).default('relevance'),
  sortOrder: z.enum(SORT_ORDERS).default('asc'),
});
export type PartsQuery = z.infer<typeof partsQuerySchema>;

/** Client-side filter state (spec section 3). */
export interface Filters {
  query?: string;
  categoryIds: number[];
  manufacturerIds: number[];
  specifications: Record<string, { min?: number; max?: number }>;
  sortBy: (typeof SORT_BY_VALUES)[number];
  sortOrder?: (typeof SORT_ORDERS)[number];
}

// ---------- CSV import ----------

export const PART_IMPORT_FIELDS = ['name', 'partNumber', 'description', 'price', 'categoryId', 'manufacturerId', 'status', 'image'] as const;
export type PartImportField = (typeof PART_IMPORT_FIELDS)[number];
/** A mapping target: a part field, or `spec:<key>` for a specification column. */
export const mappingTargetSchema = z.union([
  z.enum(PART_IMPORT_FIELDS),
  z.string().regex(/^spec:[A-Za-z][A-Za-z0-9 _-]{0,99}$/, 'Specification targets look like spec:<name>'),
]);
export const columnMappingSchema = z
  .record(z.string(), mappingTargetSchema)
  .refine((m) => Object.values(m).includes('name') && Object.values(m).includes('partNumber'), {
    message: 'Map both Part Name and Part Number',
  });
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const csvPreviewSchema = z.object({
  headers: z.array(z.string()),
  sampleRows: z.array(z.record(z.string(), z.string())),
});
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

export const importErrorSchema = z.object({ row: z.number().int(), error: z.string() });
export const csvImportResultSchema = z.object({
  totalRecords: z.number().int(),
  successCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(importErrorSchema),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

export const importJobStateSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type ImportJobState = z.infer<typeof importJobStateSchema>;
export const importJobSchema = csvImportResultSchema.extend({
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
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** Asks for a presigned PUT to stage a CSV too big for a request body. */
export const csvUploadRequestSchema = z.object({
  fileName: z.string().trim().min(1).max(255).optional(),
  size: z.number().int().positive().max(CSV_MAX_STAGED_BYTES, 'The CSV file is larger than 512 MB'),
});
export type CsvUploadRequest = z.infer<typeof csvUploadRequestSchema>;

/** Starts an import job over a staged CSV. */
export const importStartSchema = z.object({
  key: z.string().min(1).max(500),
  columnMapping: columnMappingSchema,
});
export type ImportStart = z.infer<typeof importStartSchema>;

// ---------- Misc ----------

export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const adminStatsSchema = z.object({
  totalCategories: z.number().int(),
  totalManufacturers: z.number().int(),
  totalParts: z.number().int(),
  pendingQuotes: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  dependencies: z.record(z.string(), z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() })),
});
export type Health = z.infer<typeof healthSchema>;

export type { PartStatus, QuoteStatus, SortBy, SortOrder } from './constants';
