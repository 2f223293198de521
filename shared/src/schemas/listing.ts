import * as z from 'zod';
import { lazySchema } from '../lazy-schema';
import { MAX_PAGE_SIZE, CATALOG_PAGE_SIZE, SORT_BY_VALUES, SORT_ORDERS } from '../constants';
import { specRangeIssues } from '../spec-ranges';
import { idSchema } from './common';
import { partViewSchema } from './catalog';

/** The parts listing and autocomplete: their answers (facets, highlights, corrections) and the listing query. */

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
