import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

/**
 * Demand signals (issue 31, docs/demand.md): what buyers asked for that the catalogue lacks, as the admin's
 * Demand tab reads it. `missing` rows are grouped by normalised part number, `query` rows by normalised search text.
 */
export const DEMAND_KINDS = ['missing', 'query'] as const;
export type DemandKind = (typeof DEMAND_KINDS)[number];
export const DEMAND_STATUSES = ['open', 'sourced', 'ignored'] as const;
export type DemandStatus = (typeof DEMAND_STATUSES)[number];
/**
 * Most buyer ids and hashed sessions a term keeps (docs/demand.md, "Bounded sets"): a row's `buyers` or `sessions` at
 * this value means "at least this many", shown as `200+`.
 */
export const DEMAND_SET_CAP = 200;

export const DEMAND_SORTS = ['count', 'buyers', 'lastSeen'] as const;
/** Longest period a listing covers (a trend has one entry per day). */
export const DEMAND_MAX_DAYS = 400;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

/** The period every demand read takes; both ends default on the server (the last 30 days up to today). */
export const demandPeriodQuerySchema = lazySchema(() => z.object({ from: day.optional(), to: day.optional() }));

export const demandListQuerySchema = lazySchema(() =>
  z.object({
    kind: z.enum(DEMAND_KINDS).default('missing'),
    from: day.optional(),
    to: day.optional(),
    sort: z.enum(DEMAND_SORTS).default('count'),
    order: z.enum(['desc', 'asc']).default('desc'),
    status: z.enum([...DEMAND_STATUSES, 'all']).default('open'),
    limit: z.coerce.number().int('Use a whole number').min(1, 'Use 1 to 100').max(100, 'Use 1 to 100').default(50),
    cursor: z.string().max(2000).optional(),
  }),
);
export type DemandListQuery = z.infer<typeof demandListQuerySchema>;

export const demandRowSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    kind: z.enum(DEMAND_KINDS),
    display: z.string(),
    manufacturer: z.string().nullable(),
    description: z.string().nullable(),
    count: z.number().int(),
    /** Distinct buyers, at most DEMAND_SET_CAP (meaning at least that many). */
    buyers: z.number().int(),
    /** Distinct sessions, at most DEMAND_SET_CAP (meaning at least that many). */
    sessions: z.number().int(),
    firstSeen: z.string(),
    lastSeen: z.string(),
    /** Daily counts over the period, oldest first (at most 400). */
    trend: z.array(z.number().int()),
    /** Up to 20 quote requests the row came from. */
    requests: z.array(z.object({ id: z.string(), number: z.string() })),
    status: z.enum(DEMAND_STATUSES),
    statusBy: z.string().nullable(),
    statusAt: z.string().nullable(),
    /** The part whose normalised part number is this key, once one exists. */
    partId: z.string().nullable(),
  }),
);
export type DemandRow = z.infer<typeof demandRowSchema>;

export const demandPageSchema = lazySchema(() =>
  z.object({
    items: z.array(demandRowSchema),
    nextCursor: z.string().nullable(),
    period: z.object({ from: z.string(), to: z.string() }),
  }),
);
export type DemandPage = z.infer<typeof demandPageSchema>;

export const demandChartsSchema = lazySchema(() =>
  z.object({
    days: z.array(z.object({ day: z.string(), searches: z.number().int(), zeroResults: z.number().int() })),
    topQueries: z.array(z.object({ query: z.string(), count: z.number().int() })),
    clickThrough: z.array(z.object({ position: z.number().int(), impressions: z.number().int(), clicks: z.number().int() })),
  }),
);
export type DemandCharts = z.infer<typeof demandChartsSchema>;

export const demandStatusInputSchema = lazySchema(() => z.object({ status: z.enum(DEMAND_STATUSES) }));
export type DemandStatusInput = z.infer<typeof demandStatusInputSchema>;

export const demandExportQuerySchema = lazySchema(() =>
  z.object({
    format: z.enum(['csv', 'xlsx']).default('csv'),
    kind: z.enum(DEMAND_KINDS).default('missing'),
    from: day.optional(),
    to: day.optional(),
    status: z.enum([...DEMAND_STATUSES, 'all']).default('open'),
  }),
);

/** A part's carried-over demand: the missing-part key it matched, its count, and the requests that asked for it. */
export const partDemandSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    count: z.number().int(),
    requests: z.array(z.object({ id: z.string(), number: z.string(), status: z.string() })),
  }),
);
export type PartDemand = z.infer<typeof partDemandSchema>;

/**
 * The web's beacon when a page is shown (docs/demand.md, "Behind the caches"): a search listing's first page (its
 * text, the filters used, how many parts matched and were shown) or a part page. Sent by the browser, so views
 * answered from CloudFront or the local page cache count too. No personal data.
 */
export const demandSeenInputSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('listing'),
        q: z.string().trim().min(1).max(200),
        total: z.number().int().min(0),
        shown: z.number().int().min(0).max(100),
        filters: z
          .object({
            categoryIds: z.array(z.number().int().positive()).max(50).optional(),
            manufacturerIds: z.array(z.number().int().positive()).max(50).optional(),
            specifications: z.record(z.string().max(100), z.unknown()).optional(),
          })
          .strict()
          .optional(),
      })
      .strict(),
    z.object({ kind: z.literal('part'), partId: z.number().int().positive() }).strict(),
  ]),
);
export type DemandSeenInput = z.infer<typeof demandSeenInputSchema>;

/** The web's beacon when a buyer opens a search result: the listing's query and the result's 1-based position. */
export const searchClickInputSchema = lazySchema(() =>
  z.object({
    q: z.string().max(200).optional(),
    position: z.number().int().min(1).max(1000),
    partId: z.union([z.string(), z.number()]).optional(),
  }),
);
