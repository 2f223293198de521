import * as z from 'zod';
import { MICROS_PER_DOLLAR, readMoney } from './numbers/money';
import { lazySchema } from './lazy-schema';
import { normalizeUsername, usernameProblem } from './username';
import { optionalOneLine, requiredOneLine } from './one-line';
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
  MAX_FREE_DESCRIPTION_CHARS,
  MAX_FREE_MANUFACTURER_CHARS,
  MAX_FREE_PART_NUMBER_CHARS,
  MAX_LINE_ATTACHMENTS,
  MAX_LINE_NOTE_CHARS,
  MAX_LINE_REFERENCE_CHARS,
  MAX_PART_SPECIFICATIONS,
  MAX_PASSWORD,
  MAX_USERNAME,
  PRICE_DECIMALS,
  PRICE_STEP,
  TARGET_PRICE_DECIMALS,
  TARGET_PRICE_STEP,
  megabytes,
} from './constants';
import { specRangeIssues } from './spec-ranges';
import { normalizePartNumber } from './part-number';

/** Schemas of every entity and payload (spec sections 3 and 7). Shared by the API and the web. */

// Spec section 5: where no custom message is set, a missing value reads 'Required'.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});

export const idSchema = lazySchema(() => z.coerce.number().int().positive());
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = lazySchema(() =>
  z.string().trim().min(1, 'Required').max(200).regex(slugPattern, 'Use lower-case letters, digits and single hyphens'),
);
const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);
/** Optional text: empty strings and null become undefined. */
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().max(max).optional());
const optionalUrl = lazySchema(() =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .url({ protocol: /^https?$/, message: 'Enter a valid URL' })
      .max(2048)
      .optional(),
  ),
);

// ---------- Entities ----------

export const categorySchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().optional(),
    parentId: z.number().int().nullable().optional(),
  }),
);
export type Category = z.infer<typeof categorySchema>;

export const manufacturerSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().optional(),
    logo: z.string().optional(),
  }),
);
export type Manufacturer = z.infer<typeof manufacturerSchema>;

/**
 * Search synonyms: a word a buyer types (one word of letters and digits, lower case) → the phrases the
 * catalogue uses for it (all of a phrase's words are required). Data both search engines read; the
 * default list ships with the search adapters, and an admin-edited list must pass this schema.
 */
export const synonymListSchema = lazySchema(() =>
  z
    .record(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[\p{L}\p{N}]{1,40}$/u, 'A synonym key is one word of letters and digits'),
      z.array(z.string().trim().min(1).max(100)).min(1).max(10),
    )
    .refine((list) => Object.keys(list).length <= 2000, 'At most 2000 synonym entries'),
);
export type SynonymList = z.infer<typeof synonymListSchema>;

export const partStatusSchema = lazySchema(() => z.enum(PART_STATUSES));
export const specificationsSchema = lazySchema(() =>
  z
    .record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(200))
    .refine((specs) => Object.keys(specs).length <= MAX_PART_SPECIFICATIONS, `At most ${MAX_PART_SPECIFICATIONS} specifications`),
);
export type Specifications = z.infer<typeof specificationsSchema>;

export const partSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    partNumber: z.string(),
    description: z.string().optional(),
    status: partStatusSchema,
    /** null: uncategorised. */
    categoryId: z.number().int().nullable(),
    /** null: the manufacturer is unknown (docs/decisions/101-parts-without-category-or-manufacturer.md). */
    manufacturerId: z.number().int().nullable(),
    specifications: z.record(z.string(), z.string()),
    price: z.number().nullable(),
    image: z.string().optional(),
    version: z.number().int().optional(),
  }),
);
export type Part = z.infer<typeof partSchema>;

export const relationRefSchema = lazySchema(() => z.object({ name: z.string(), slug: z.string() }));
export type RelationRef = z.infer<typeof relationRefSchema>;

/** A part as read for display: carries manufacturer and category name and slug. */
export const partViewSchema = lazySchema(() =>
  partSchema.extend({
    manufacturer: relationRefSchema.nullable(),
    category: relationRefSchema.nullable(),
  }),
);
export type PartView = z.infer<typeof partViewSchema>;

export const facetCountSchema = lazySchema(() => z.object({ id: z.number().int(), name: z.string(), slug: z.string(), count: z.number().int() }));
export type FacetCount = z.infer<typeof facetCountSchema>;

/** What of a typed text matched, for marking it in names and part numbers (see highlight.ts). */
export const highlightSchema = lazySchema(() =>
  z.object({
    /** Whole index terms (lower case, accents folded) that matched: as typed, word forms, synonyms, corrections. */
    terms: z.array(z.string()),
    /** Typed word beginnings matched as prefixes. */
    prefixes: z.array(z.string()),
    /** The normalised part number typed, when it matched part numbers. */
    partNumber: z.string().nullable(),
  }),
);
export type Highlight = z.infer<typeof highlightSchema>;

export const partListResponseSchema = lazySchema(() =>
  z.object({
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
  }),
);
export type PartListResponse = z.infer<typeof partListResponseSchema>;

export const suggestionSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    partNumber: z.string(),
    manufacturer: z.string(),
    category: z.string(),
    slug: z.string(),
  }),
);
export type Suggestion = z.infer<typeof suggestionSchema>;

export const autocompleteResponseSchema = lazySchema(() =>
  z.object({ suggestions: z.array(suggestionSchema), highlight: highlightSchema.nullable().optional() }),
);
export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>;

export const userSchema = lazySchema(() =>
  z.object({
    id: z.number().int().optional(),
    username: z.string(),
    email: z.string().optional(),
    /** Whether `email` is confirmed through the link mailed to it (ADR 096); only confirmed addresses get mail. */
    emailVerified: z.boolean().optional(),
    name: z.string().optional(),
    isAdmin: z.boolean(),
  }),
);
export type User = z.infer<typeof userSchema>;

export const quoteStatusSchema = lazySchema(() => z.enum(QUOTE_STATUSES));

export const attachmentSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    /** Short-lived download link; only on the admin's single-request read. */
    url: z.string().optional(),
  }),
);
export type Attachment = z.infer<typeof attachmentSchema>;

/** What a buyer's list said about a part the catalogue does not have (a free-text line). */
export const freeTextPartSchema = lazySchema(() =>
  z.object({
    partNumber: z.string().optional(),
    manufacturer: z.string().optional(),
    description: z.string().optional(),
  }),
);
export type FreeTextPart = z.infer<typeof freeTextPartSchema>;

export const quoteItemSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    quantity: z.number().int(),
    /** The catalogue part, as it was when the request was made; absent on a free-text line. */
    part: z.object({ id: z.number().int(), partNumber: z.string(), name: z.string(), slug: z.string().optional() }).optional(),
    /** Set instead of `part` when the line names a part the catalogue does not have. */
    freeText: freeTextPartSchema.optional(),
    /** The customer's own reference for the line (their part number, designator, position). */
    reference: z.string().optional(),
    /** Target unit price in USD. */
    targetPrice: z.number().optional(),
    /** Needed-by date, YYYY-MM-DD. */
    neededBy: z.string().optional(),
    note: z.string().optional(),
    attachments: z.array(attachmentSchema).optional(),
  }),
);
export type QuoteItem = z.infer<typeof quoteItemSchema>;

export const statusChangeSchema = lazySchema(() =>
  z.object({
    at: z.string(),
    by: z.string(),
    from: quoteStatusSchema.nullable(),
    to: quoteStatusSchema,
  }),
);
export type StatusChange = z.infer<typeof statusChangeSchema>;

// ---------- The quote loop (see quote-offers.ts for offers, responses and messages) ----------

/** What happened on a request besides a status change; each is kept in its history with who and when. */
export const QUOTE_EVENTS = ['offer_sent', 'offer_accepted', 'offer_declined', 'revision_requested', 'offer_expired', 'message'] as const;
export type QuoteEvent = (typeof QUOTE_EVENTS)[number];
export const quoteEventEntrySchema = lazySchema(() =>
  z.object({
    at: z.string(),
    by: z.string(),
    event: z.enum(QUOTE_EVENTS),
    /** The offer version the event concerns. */
    version: z.number().int().optional(),
    /** A short summary: a decline reason, the accepted lines, a message's first words. */
    note: z.string().optional(),
  }),
);
export type QuoteEventEntry = z.infer<typeof quoteEventEntrySchema>;
export const quoteHistoryEntrySchema = lazySchema(() => z.union([statusChangeSchema, quoteEventEntrySchema]));
export type QuoteHistoryEntry = z.infer<typeof quoteHistoryEntrySchema>;
export const isStatusChange = (entry: QuoteHistoryEntry): entry is StatusChange => 'to' in entry;

export const OFFER_STATES = ['open', 'accepted', 'declined', 'revision_requested', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** The latest offer of a request, as lists show it. */
export const offerSummarySchema = lazySchema(() =>
  z.object({
    version: z.number().int(),
    state: z.enum(OFFER_STATES),
    sentAt: z.string(),
    /** Last day (UTC, inclusive) the offer can be accepted: YYYY-MM-DD. */
    validUntil: z.string(),
    totalCents: z.number().int(),
    acceptedTotalCents: z.number().int().optional(),
  }),
);
export type OfferSummary = z.infer<typeof offerSummarySchema>;
export const waitingForSchema = lazySchema(() => z.enum(['reseller', 'buyer']));
export type WaitingFor = z.infer<typeof waitingForSchema>;

export const quoteRequestSchema = lazySchema(() =>
  z.object({
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
    /** Number of lines; list answers carry only the first lines of long requests (the single read has all). */
    itemCount: z.number().int().optional(),
    attachments: z.array(attachmentSchema),
    history: z.array(quoteHistoryEntrySchema),
    /** The latest offer sent, if any. */
    offer: offerSummarySchema.optional(),
    /** Whose move it is; absent when nobody's (declined, closed). */
    waitingFor: waitingForSchema.optional(),
    /** Messages in the request's thread. */
    messageCount: z.number().int().optional(),
    lastActivityAt: z.string().optional(),
  }),
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
/** A page of a quote request list (newest first, at most QUOTE_LIST_PAGE_SIZE); nextCursor null on the last. */
export interface QuoteRequestPage {
  data: QuoteRequest[];
  nextCursor: string | null;
}

// ---------- Admin write payloads ----------

const optionalId = lazySchema(() =>
  z.preprocess((v) => (v === null || v === '' || v === 0 || v === '0' ? null : v), z.coerce.number().int().positive().nullable()),
);

export const categoryInputSchema = lazySchema(() =>
  z.object({
    name: requiredText(200),
    slug: slugSchema,
    description: optionalText(2000),
    parentId: optionalId.optional(),
  }),
);
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const manufacturerInputSchema = lazySchema(() =>
  z.object({
    name: requiredText(200),
    slug: slugSchema,
    description: optionalText(2000),
    logo: optionalUrl,
  }),
);
export type ManufacturerInput = z.infer<typeof manufacturerInputSchema>;

/** The highest catalogue price, in dollars. */
export const MAX_CATALOGUE_PRICE = 100_000_000;

/**
 * A catalogue price (USD, 2 decimals): a number, or text as a person typed it or a spreadsheet holds it,
 * read by the shared money reader (`12,50`, `$1,234.50`, `1.234,56`; an ambiguous `1,234` refused with
 * both readings). The admin part dialog, the part API and the CSV import all read prices here.
 */
export const priceSchema = lazySchema(() =>
  z.preprocess(
    (v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
      if (typeof v !== 'string') return v;
      const read = readMoney(v, { maxDecimals: PRICE_DECIMALS, maxMicros: MAX_CATALOGUE_PRICE * MICROS_PER_DOLLAR });
      if (read.ok) return read.micros / MICROS_PER_DOLLAR;
      ctx.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    },
    z.number().min(0, 'Price must be 0 or more').max(MAX_CATALOGUE_PRICE).multipleOf(PRICE_STEP, `Use at most ${PRICE_DECIMALS} decimals`).nullable(),
  ),
);

export const partInputSchema = lazySchema(() =>
  z.object({
    name: requiredText(300),
    partNumber: requiredText(100).refine((v) => normalizePartNumber(v) !== '', 'Part number must contain letters or digits'),
    slug: slugSchema,
    description: optionalText(5000),
    status: partStatusSchema.default(DEFAULT_PART_STATUS),
    /** Both are optional but must be given: an id, or null for none (uncategorised / manufacturer unknown, ADR 101). */
    categoryId: z.coerce.number().int().positive('Choose a category').nullable(),
    manufacturerId: z.coerce.number().int().positive('Choose a manufacturer').nullable(),
    specifications: specificationsSchema.default({}),
    price: priceSchema.default(null),
    image: optionalUrl,
  }),
);
export type PartInput = z.infer<typeof partInputSchema>;

// ---------- Accounts ----------

/** NFKC-normalised (fullwidth letters are plain ones) and trimmed; uniqueness is decided on usernameKey (username.ts). */
export const usernameSchema = lazySchema(() =>
  z
    .string()
    .transform(normalizeUsername)
    .pipe(
      z
        .string()
        .min(MIN_USERNAME, `Username must be at least ${MIN_USERNAME} characters`)
        .max(MAX_USERNAME, `Username must be at most ${MAX_USERNAME} characters`),
    ),
);
/** A new username also has no invisible or direction characters and does not mix alphabets. */
export const newUsernameSchema = lazySchema(() =>
  usernameSchema.superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);
export const passwordSchema = lazySchema(() =>
  z.string().min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`).max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
);

export const loginInputSchema = lazySchema(() => z.object({ username: usernameSchema, password: passwordSchema }));
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = lazySchema(() =>
  z.object({
    username: newUsernameSchema,
    password: passwordSchema,
    email: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.email('Please enter a valid email').max(254).optional(),
    ),
    name: optionalOneLine(200, 'Full name'),
    /** Ignored by the server: registration never creates an administrator. */
    isAdmin: z.unknown().optional(),
  }),
);
export type RegisterInput = z.infer<typeof registerInputSchema>;

// ---------- Quote requests ----------

const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** A needed-by date as a date input gives it (YYYY-MM-DD). */
export const neededBySchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2027-03-31')
    .refine(isCalendarDate, 'Enter a real date')
    .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'Enter a date between 2000 and 2100'),
);

/**
 * The earliest needed-by day the server takes: the day it still is somewhere (UTC−12), so a buyer
 * anywhere may ask for their today. The web checks against the buyer's own today.
 */
export function earliestNeededBy(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}
export const neededByPastMessage = (day: string) => `The needed-by date ${day} is in the past; choose today or a later day`;

export const freeTextLineInputSchema = lazySchema(() =>
  z
    .object({
      partNumber: optionalOneLine(MAX_FREE_PART_NUMBER_CHARS, 'Part number'),
      manufacturer: optionalOneLine(MAX_FREE_MANUFACTURER_CHARS, 'Manufacturer'),
      description: optionalText(MAX_FREE_DESCRIPTION_CHARS),
    })
    .refine((v) => v.partNumber !== undefined || v.description !== undefined, {
      message: 'A line that is not in the catalogue needs a part number or a description',
    }),
);

/** A basket line: a catalogue part (partId) or a free-text line (freeText), with the richer optional fields. */
export const quoteLineInputSchema = lazySchema(() =>
  z
    .object({
      partId: z.coerce.number().int().positive().optional(),
      freeText: freeTextLineInputSchema.optional(),
      quantity: z.coerce.number().int('Quantity must be a whole number').min(MIN_QUOTE_QUANTITY, 'Quantity must be at least 1').max(MAX_QUOTE_QUANTITY),
      reference: optionalOneLine(MAX_LINE_REFERENCE_CHARS, 'Reference'),
      /** USD: a number, or text as the buyer typed it, read by the shared money reader (`12,50`, `$0.335`). */
      targetPrice: z.preprocess(
        (v, ctx) => {
          if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
          if (typeof v !== 'string') return v;
          const read = readMoney(v, { maxDecimals: TARGET_PRICE_DECIMALS });
          if (read.ok) return read.micros / MICROS_PER_DOLLAR;
          ctx.addIssue({ code: 'custom', message: `Target price: ${read.message}` });
          return z.NEVER;
        },
        z
          .number()
          .min(0, 'Target price must be 0 or more')
          .max(100_000_000)
          .multipleOf(TARGET_PRICE_STEP, `Use at most ${TARGET_PRICE_DECIMALS} decimals`)
          .optional(),
      ),
      neededBy: z.preprocess((v) => (v === '' || v === null ? undefined : v), neededBySchema.optional()),
      note: optionalText(MAX_LINE_NOTE_CHARS),
      /** Files uploaded with a presigned PUT (POST /api/uploads/attachments), checked like the request's attachments. */
      attachmentKeys: z.array(z.string().min(1).max(500)).max(MAX_LINE_ATTACHMENTS, `At most ${MAX_LINE_ATTACHMENTS} attachments per line`).optional(),
    })
    .refine((l) => (l.partId === undefined) !== (l.freeText === undefined), {
      message: 'Each line names a catalogue part (partId) or describes a part not in the catalogue (freeText)',
      path: ['partId'],
    }),
);
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

/** The customer fields of the public quote form (also the react-hook-form resolver). */
export const quoteFormSchema = lazySchema(() =>
  z.object({
    customerName: requiredOneLine(200, 'Name', 'Name is required', MIN_CUSTOMER_NAME),
    customerEmail: z.email('Invalid email address').max(254),
    customerPhone: optionalOneLine(50, 'Phone'),
    customerCompany: optionalOneLine(200, 'Company'),
    message: optionalText(5000),
  }),
);
export type QuoteFormInput = z.infer<typeof quoteFormSchema>;

/** The JSON shape of a submission whose attachments were uploaded straight to S3. */
export const quoteSubmissionSchema = lazySchema(() =>
  quoteFormSchema.extend({
    items: z
      .array(quoteLineInputSchema)
      .min(1, 'Add at least one part to your quote request')
      .max(MAX_QUOTE_ITEMS, `At most ${MAX_QUOTE_ITEMS.toLocaleString('en-US')} lines in one quote request`),
    attachmentKeys: z.array(z.string().min(1).max(500)).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`).default([]),
  }),
);
export type QuoteSubmission = z.infer<typeof quoteSubmissionSchema>;

export const adminQuoteCreateSchema = lazySchema(() =>
  z.object({
    customerName: requiredOneLine(200, 'Name'),
    customerEmail: z.email('Invalid email address').max(254),
    customerPhone: optionalOneLine(50, 'Phone'),
    customerCompany: optionalOneLine(200, 'Company'),
    status: quoteStatusSchema.default(DEFAULT_QUOTE_STATUS),
    notes: optionalText(5000),
  }),
);
export type AdminQuoteCreate = z.infer<typeof adminQuoteCreateSchema>;

export const quoteStatusUpdateSchema = lazySchema(() => z.object({ status: quoteStatusSchema }));

export const attachmentUploadRequestSchema = lazySchema(() =>
  z.object({
    fileName: z.string().trim().min(1).max(255),
    contentType: z.enum(ATTACHMENT_MIME_TYPES),
    size: z.number().int().positive().max(MAX_ATTACHMENT_BYTES),
  }),
);
export type AttachmentUploadRequest = z.infer<typeof attachmentUploadRequestSchema>;

export const presignedUploadSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    url: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
);
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

// ---------- Listing ----------

export const specRangeSchema = lazySchema(() => z.object({ min: z.number().finite().optional().nullable(), max: z.number().finite().optional().nullable() }));
/**
 * The listing's spec range filters: only the keys the catalogue filters on (`SPEC_FILTERS`), so at
 * most that many (a filter on an unknown key cost the index work per part and matched nothing).
 * A range with its minimum above its maximum is named in words: "Bore Size (mm): the minimum (50) is above the maximum (10)".
 */
export const specRangesSchema = lazySchema(() =>
  z.record(z.string().min(1).max(100), specRangeSchema).superRefine((ranges, ctx) => {
    for (const { key, message } of specRangeIssues(ranges)) ctx.addIssue({ code: 'custom', ...(key === undefined ? {} : { path: [key] }), message });
  }),
);
export type SpecRanges = z.infer<typeof specRangesSchema>;

/** The parsed query of GET /api/parts. */
/**
 * The query-string names GET /api/parts reads (functions/src/routes/parts-search.ts reads no other): CloudFront
 * keys its cache of the listing on these and forwards no other (infra/src/constructs/web.ts). `query` is the
 * admin's search; the spec's repeated categoryId/manufacturerId are the list filters.
 */
export const PART_LIST_QUERY_PARAMS = ['page', 'pageSize', 'q', 'query', 'categoryId', 'manufacturerId', 'specifications', 'sortBy', 'sortOrder'] as const;
export type PartListQueryParam = (typeof PART_LIST_QUERY_PARAMS)[number];
/** What GET /api/parts/autocomplete reads. */
export const AUTOCOMPLETE_QUERY_PARAMS = ['q'] as const;
/** What the catalogue pages (/catalog, /catalog/:slug, /manufacturer/:slug) read from their URL (spec: listing filters, and the page). */
export const CATALOG_PAGE_QUERY_PARAMS = ['q', 'page', 'categoryId', 'manufacturerId', 'specifications', 'sortBy', 'sortOrder'] as const;

export const partsQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CATALOG_PAGE_SIZE),
    q: z.string().trim().max(200).optional(),
    categoryIds: z.array(idSchema).max(100).default([]),
    manufacturerIds: z.array(idSchema).max(100).default([]),
    specifications: specRangesSchema.default({}),
    sortBy: z.enum(SORT_BY_VALUES).default('relevance'),
    sortOrder: z.enum(SORT_ORDERS).default('asc'),
  }),
);
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

// ---------- Misc ----------

export const errorBodySchema = lazySchema(() =>
  z.object({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const adminStatsSchema = lazySchema(() =>
  z.object({
    totalCategories: z.number().int(),
    totalManufacturers: z.number().int(),
    totalParts: z.number().int(),
    pendingQuotes: z.number().int(),
  }),
);
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const healthSchema = lazySchema(() =>
  z.object({
    /** indexing: every dependency is up, and the search index is being checked against the table or repaired. */
    status: z.enum(['ok', 'degraded', 'indexing']),
    dependencies: z.record(z.string(), z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() })),
    indexing: z.object({ phase: z.enum(['checking', 'indexing']), done: z.number().int(), total: z.number().int() }).optional(),
  }),
);
export type Health = z.infer<typeof healthSchema>;

export type { PartStatus, QuoteStatus, SortBy, SortOrder } from './constants';
