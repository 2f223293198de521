import { DEMAND_SET_CAP, type DemandKind, type DemandStatus } from '@parts/shared/schemas';

/** Caps of the bounded sets kept on a term (docs/demand.md, ADR 129): counts past them read as the cap. */
export const TERM_CAPS = { buyers: DEMAND_SET_CAP, sessions: DEMAND_SET_CAP, requests: 20, forms: 8 } as const;

/** A quote request a term came from. */
export interface DemandRequestRef {
  id: string;
  number: string;
}

/** One term's increments gathered in the recorder's buffer between two flushes. */
export interface TermIncrement {
  kind: DemandKind;
  key: string;
  /** Signals per UTC day (`YYYY-MM-DD`). */
  days: Map<string, number>;
  firstAt: string;
  lastAt: string;
  /** Display forms as typed, with how often. */
  forms: Map<string, number>;
  manufacturer?: string;
  description?: string;
  /** The filters of the last zero-result search (JSON, short). */
  filters?: string;
  buyers: Set<string>;
  sessions: Set<string>;
  requests: DemandRequestRef[];
}

/** Site-wide daily figures: searches, zero-result searches, impressions and opens by position (1..10). */
export interface StatsIncrement {
  day: string;
  searches: number;
  zeroResults: number;
  impressions: Map<number, number>;
  clicks: Map<number, number>;
}

/** A part's daily views and request lines (the ranking's demand signal reads them, ADR 128). */
export interface PartIncrement {
  partId: number;
  day: string;
  views: number;
  requested: number;
}

export interface DemandBatch {
  terms: TermIncrement[];
  stats: StatsIncrement[];
  parts: PartIncrement[];
}

/** A term as stored (its lifetime totals and metadata). */
export interface StoredTerm {
  kind: DemandKind;
  key: string;
  /** Lifetime count (never pruned): the carried-over demand a part shows. */
  count: number;
  /** Signals per day (`YYYY-MM-DD`) of the last 13 months: a period's count and trend are read from these. */
  days: DailyCounts;
  firstSeen: string;
  lastSeen: string;
  forms: Record<string, number>;
  manufacturer?: string;
  description?: string;
  buyers: string[];
  sessions: string[];
  requests: DemandRequestRef[];
  status: DemandStatus;
  statusBy?: string;
  statusAt?: string;
  partId?: string;
}

/**
 * What a row shows of a term: its bounded sets as their sizes. A ranking item (ADR 138) holds this, with the day
 * counters of its window only and `rank`, its count over that window (the GSI sort key).
 */
export interface TermSummary extends Omit<StoredTerm, 'buyers' | 'sessions'> {
  buyers: number;
  sessions: number;
  rank?: number;
}

/** The days of a ranking window (ADR 138): a term is ranked by its count over each, ending on its last write. */
export type RankWindow = 7 | 30 | 90 | 366;

/** A term's daily counts for the days asked (absent days are 0). */
export type DailyCounts = Map<string, number>;

export interface DemandRepository {
  /** Writes one flush of the recorder: counters by ADD, metadata by SET (never read-then-write). */
  apply(batch: DemandBatch): Promise<void>;
  /**
   * Terms of a kind (and status, or every status) last written in one bucket of a ranking window (ADR 147), by their
   * count over the window up to their last write, highest first, a page at a time (the window's ranking items on
   * gsi1/gsi2, ADR 138); each carries the day counters of its window only. `cursor` is the last page's
   * LastEvaluatedKey, opaque.
   */
  termsByCount(
    kind: DemandKind,
    status: DemandStatus | 'all',
    window: RankWindow,
    bucket: number,
    limit: number,
    cursor?: string,
  ): Promise<{ terms: TermSummary[]; cursor?: string }>;
  getTerm(kind: DemandKind, key: string): Promise<StoredTerm | undefined>;
  getTerms(kind: DemandKind, keys: string[]): Promise<StoredTerm[]>;
  setStatus(kind: DemandKind, key: string, status: DemandStatus, by: string, at: string): Promise<StoredTerm>;
  /** Sets partId on the term when it has none; answers the term as written, or undefined when there is none. */
  linkPart(key: string, partId: string): Promise<StoredTerm | undefined>;
  /** The site-wide figures per day between two days (inclusive). */
  stats(from: string, to: string): Promise<StatsIncrement[]>;
  /** A part's views and request lines per day (the demand signal's input, ADR 128). */
  partCounts(partId: number, from: string, to: string): Promise<{ day: string; views: number; requested: number }[]>;
}

/** What other modules record through (demand's index.ts): non-blocking, buffered, flushed off the request path. */
export interface DemandRecorder {
  /** A listing with search text: a search (page 1), its impressions by position, and when it found nothing, a zero-result term. */
  searched(signal: { q: string; filters?: Record<string, unknown>; total: number; shown: number; session?: string }): void;
  /** A buyer opened the result at this position (1-based) of a search. */
  resultOpened(signal: { position: number }): void;
  /** Parts-list lines that matched nothing. */
  bomUnmatched(lines: { partNumber?: string; manufacturer?: string; description?: string }[], session?: string): void;
  /** A submitted quote request: its free-text lines (missing parts) and its catalogue lines (requested parts). */
  requestSubmitted(request: {
    id: string;
    number: string;
    buyer?: string;
    freeText: { partNumber?: string; manufacturer?: string; description?: string }[];
    partIds: number[];
  }): void;
  partViewed(partId: number): void;
  /** Writes whatever is buffered; resolves when written (tests and shutdown). */
  flush(): Promise<void>;
}
