import type { DemandCharts, DemandKind, DemandListQuery, DemandPage, DemandRow, DemandStatus, PartDemand } from '@parts/shared/schemas';
import { demandPartKey } from '@parts/shared/demand-keys';
import { NotFoundError } from '../../domain/errors';
import {
  compareRows,
  dayOf,
  daysBetween,
  decodeCursor,
  encodeCursor,
  RANK_WINDOW_DAYS,
  rankBuckets,
  rankWindowFor,
  resolvePeriod,
  summaryOf,
  toDemandRow,
} from './demand-rules';
import type { DemandRepository, StoredTerm } from './ports/demand';

/** Terms read per GSI page while ranking. */
const PAGE = 200;
/** Terms past `need` on a bounded walk's first page (each term item is up to ~5 KB). */
const FIRST_PAGE_MARGIN = 20;
/**
 * Most terms one listing examines (ADR 129): past this a ranking other than "count, highest first", or a count
 * ranking over a period starting more than 365 days ago, stops and answers from what it read.
 */
const MAX_SCAN = 5000;

export interface DemandServiceDeps {
  demand: DemandRepository;
  /** The part's part number, or undefined when there is no such part (catalog). */
  partNumberOf: (partId: number) => Promise<string | undefined>;
  /** A quote request's status, or undefined when it is gone (quotes). */
  requestStatusOf: (id: number) => Promise<string | undefined>;
  now?: () => Date;
  /** Most terms one listing examines (MAX_SCAN, 5,000). */
  maxScan?: number;
}

type Ranking = Pick<DemandListQuery, 'kind' | 'sort' | 'order' | 'status'> & { from: string; to: string; today: string; maxScan: number };

/**
 * Ranks a kind's terms over a period (ADR 129, 138, 147). Terms come from the ranking items of the smallest window that
 * bounds the period (7, 30, 90 or 366 days up to their last write), highest first, each with its window's day
 * counters, so a period's count and trend need no other read. Only the window's buckets holding the terms last written
 * during the period are read (at most two; ADR 147): a term last written before it counts nothing in it. For "count,
 * highest first" a bucket's walk stops once `need` terms count at least its next term's key (no unread term can pass
 * them: it has no counts after its last write, so its count over the period is at most its key); other orders read
 * every term of the buckets (up to maxScan). A period starting before the widest window walks the 366-day items and
 * reads each term item for its older days (up to maxScan).
 */
async function rank(repo: DemandRepository, q: Ranking, need: number): Promise<DemandRow[]> {
  const days = daysBetween(q.from, q.to);
  const window = rankWindowFor(q.from, q.today);
  const walked = window ?? RANK_WINDOW_DAYS;
  const byCountDesc = q.sort === 'count' && q.order === 'desc' && window !== undefined;
  // One walk per bucket, each highest first: `next` bounds the count of every term it has not read yet.
  const walks = rankBuckets(q.from, q.today, walked).map((bucket) => ({ bucket, cursor: undefined as string | undefined, next: Infinity }));
  const found: DemandRow[] = [];
  let scanned = 0;
  while (scanned < q.maxScan) {
    const enough = byCountDesc && found.length >= need ? found[need - 1]!.count : -1;
    const reading = walks.filter((w) => w.next > enough);
    if (reading.length === 0) break;
    // A bounded walk usually stops right after `need` terms: its first page asks for a few more, not a full page.
    const limit = byCountDesc && scanned === 0 ? Math.min(PAGE, need + FIRST_PAGE_MARGIN) : PAGE;
    const pages = await Promise.all(reading.map((w) => repo.termsByCount(q.kind, q.status, walked, w.bucket, limit, w.cursor)));
    for (const [i, page] of pages.entries()) {
      const walk = reading[i]!;
      walk.cursor = page.cursor;
      walk.next = page.terms.length > 0 && page.cursor ? (page.terms.at(-1)?.rank ?? 0) : -1;
      scanned += page.terms.length;
      const terms = window
        ? page.terms
        : (
            await repo.getTerms(
              q.kind,
              page.terms.map((t) => t.key),
            )
          ).map(summaryOf);
      for (const term of terms) {
        if (dayOf(term.lastSeen) < q.from || dayOf(term.firstSeen) > q.to) continue;
        const row = toDemandRow(term, term.days, days);
        if (row.count > 0) found.push(row);
      }
    }
    if (byCountDesc) found.sort((a, b) => b.count - a.count);
  }
  return found.sort(compareRows(q.sort, q.order));
}

/**
 * Parts just created or imported (by part number): each whose key has missing demand gets it, `partId` set on the
 * term once. `partsOf` (the parts' ids) is read only when some key has demand. Answers the linked terms by part id.
 */
export async function carryOverDemand(
  repo: Pick<DemandRepository, 'getTerms' | 'linkPart'>,
  partNumbers: string[],
  partsOf: () => Promise<{ id: number; partNumber: string }[]>,
): Promise<Map<number, StoredTerm>> {
  const keys = [...new Set(partNumbers.map(demandPartKey))].filter((k) => k !== '');
  const out = new Map<number, StoredTerm>();
  if (keys.length === 0) return out;
  const terms = await repo.getTerms('missing', keys);
  if (terms.length === 0) return out;
  const ids = new Map((await partsOf()).map((p) => [demandPartKey(p.partNumber), p.id]));
  for (const term of terms) {
    const partId = ids.get(term.key);
    if (partId === undefined) continue;
    const linked = term.partId ? term : await repo.linkPart(term.key, String(partId));
    if (linked) out.set(partId, linked);
  }
  return out;
}

export function createDemandService(deps: DemandServiceDeps) {
  const repo = deps.demand;
  const today = () => dayOf(deps.now?.() ?? new Date());
  const maxScan = deps.maxScan ?? MAX_SCAN;

  async function list(query: DemandListQuery): Promise<DemandPage> {
    const period = resolvePeriod(query.from, query.to, today());
    const listing = [query.kind, period.from, period.to, query.sort, query.order, query.status].join('|');
    const offset = decodeCursor(query.cursor, listing);
    const rows = await rank(repo, { ...query, ...period, today: today(), maxScan }, offset + query.limit + 1);
    const pageRows = rows.slice(offset, offset + query.limit);
    return {
      items: pageRows,
      nextCursor: rows.length > offset + query.limit ? encodeCursor(offset + query.limit, listing) : null,
      period,
    };
  }

  return {
    list,
    async charts(from: string | undefined, to: string | undefined): Promise<DemandCharts> {
      const period = resolvePeriod(from, to, today());
      const [stats, top] = await Promise.all([
        repo.stats(period.from, period.to),
        rank(repo, { kind: 'query', sort: 'count', order: 'desc', status: 'all', ...period, today: today(), maxScan }, 20),
      ]);
      const clickThrough = Array.from({ length: 10 }, (_, i) => ({
        position: i + 1,
        impressions: stats.reduce((s, d) => s + (d.impressions.get(i + 1) ?? 0), 0),
        clicks: stats.reduce((s, d) => s + (d.clicks.get(i + 1) ?? 0), 0),
      }));
      return {
        days: stats.map((d) => ({ day: d.day, searches: d.searches, zeroResults: d.zeroResults })),
        topQueries: top.slice(0, 20).map((r) => ({ query: r.display, count: r.count })),
        clickThrough,
      };
    },
    /** Every row of a listing (up to MAX_SCAN terms read), for the export. */
    async all(query: Omit<DemandListQuery, 'limit' | 'cursor' | 'sort' | 'order'>): Promise<DemandRow[]> {
      const period = resolvePeriod(query.from, query.to, today());
      return rank(repo, { ...query, ...period, sort: 'count', order: 'desc', today: today(), maxScan }, maxScan);
    },
    async setStatus(kind: DemandKind, key: string, status: DemandStatus, by: string): Promise<DemandRow> {
      const term = await repo.setStatus(kind, key, status, by, (deps.now?.() ?? new Date()).toISOString());
      const period = resolvePeriod(undefined, undefined, today());
      return toDemandRow(summaryOf(term), term.days, daysBetween(period.from, period.to));
    },
    /** The missing-part demand a part carries over (its part number's key), with the requests that asked for it. */
    async partDemand(partId: number): Promise<PartDemand> {
      const partNumber = await deps.partNumberOf(partId);
      if (partNumber === undefined) throw new NotFoundError('Part not found');
      return demandOfTerm(demandPartKey(partNumber), await repo.getTerm('missing', demandPartKey(partNumber)));
    },
    /** A part just created: its carried-over demand (count 0 and no requests when nobody asked for it). */
    async partCreated(part: { id: number; partNumber: string }): Promise<PartDemand> {
      const linked = await carryOverDemand(repo, [part.partNumber], async () => [part]);
      const key = demandPartKey(part.partNumber);
      return demandOfTerm(key, linked.get(part.id));
    },
  };

  async function demandOfTerm(key: string, term: StoredTerm | undefined): Promise<PartDemand> {
    if (!term) return { key, count: 0, requests: [] };
    const requests = await Promise.all(term.requests.map(async (r) => ({ ...r, status: (await deps.requestStatusOf(Number(r.id))) ?? 'deleted' })));
    return { key, count: term.count, requests };
  }
}
export type DemandService = ReturnType<typeof createDemandService>;
