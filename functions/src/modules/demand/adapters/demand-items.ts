import type { DemandKind } from '@parts/shared/schemas';
import { lastDayOf, packDays, rankBucket, unpackDays, windowCount } from '../demand-rules';
import type { RankWindow, StoredTerm, TermSummary } from '../ports/demand';

/**
 * The demand items' keys and layout (ADR 129, docs/data-model.md). A term: `DEMAND#<kind>#<key>` / `TERM`, with
 * its counter per day as an attribute `dYYYYMMDD` (days older than 13 months removed as it is written; the item
 * expires 13 months after it was last seen); the site-wide figures `DEMAND#stats` / `M#<YYYY-MM>` and a part's views
 * and request lines `DEMAND#part#<id>` / `M#<YYYY-MM>`, one attribute per day, expiring 13 months after the month.
 */
export const demandKeys = {
  term: (kind: DemandKind, key: string) => ({ pk: `DEMAND#${kind}#${key}`, sk: 'TERM' }),
  /** A term's ranking item for one window (ADR 138), beside its term item. */
  rank: (kind: DemandKind, key: string, window: RankWindow) => ({ pk: `DEMAND#${kind}#${key}`, sk: `RANK#${window}` }),
  stats: (month: string) => ({ pk: 'DEMAND#stats', sk: `M#${month}` }),
  part: (partId: number, month: string) => ({ pk: `DEMAND#part#${partId}`, sk: `M#${month}` }),
};

/**
 * The GSI partitions a window's ranking items sit in: every status (gsi1) or one status (gsi2), sorted by the bucket
 * of the term's last write (ADR 147), then by the term's count over the window's days up to that write (ADR 129, 138).
 */
export const rankPk = (kind: DemandKind, window: RankWindow) => `DEMAND#${kind}#w${window}`;
export const statusPk = (kind: DemandKind, status: string, window: RankWindow) => `DEMAND#${kind}#${status}#w${window}`;
/** The sort keys of one bucket begin with this. */
export const rankSkPrefix = (bucket: number) => `${String(bucket).padStart(6, '0')}#`;
export const rankSk = (bucket: number, count: number, key: string) => `${rankSkPrefix(bucket)}${String(count).padStart(12, '0')}#${key}`;
const RANK_SK = /^\d{6}#(\d{12})#/;

/** Days kept on a term: 13 months and a little. A term (and its ranking items) expires this long after it was last seen. */
const TERM_DAYS_KEPT = 400;
export const termExpiry = (lastSeen: string) => Math.floor(Date.parse(lastSeen) / 1000) + TERM_DAYS_KEPT * 86_400;

/**
 * A term's ranking item for a window, from the term as written (ADR 138): what its row shows — the bounded sets as
 * their sizes, the day counters of the window packed into one attribute — and the window's ranking keys. Its status
 * (and gsi2pk) are the writer's to set: `rankItem` leaves them out.
 */
export function rankItem(term: StoredTerm, window: RankWindow): Record<string, unknown> {
  const last = lastDayOf(term.days, term.lastSeen.slice(0, 10));
  const sk = rankSk(rankBucket(last, window), windowCount(term.days, last, window), term.key);
  return {
    type: 'demand-rank',
    kind: term.kind,
    key: term.key,
    count: term.count,
    days: packDays(term.days, last, window),
    firstSeen: term.firstSeen,
    lastSeen: term.lastSeen,
    forms: term.forms,
    buyers: term.buyers.length,
    sessions: term.sessions.length,
    requests: term.requests,
    expiresAt: termExpiry(term.lastSeen),
    gsi1pk: rankPk(term.kind, window),
    gsi1sk: sk,
    gsi2sk: sk,
    ...(term.manufacturer ? { manufacturer: term.manufacturer } : {}),
    ...(term.description ? { description: term.description } : {}),
    ...(term.partId ? { partId: term.partId } : {}),
  };
}

/** Epoch seconds 13 months after the month's end (the month's start plus 14 months). */
export function monthExpiry(month: string): number {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return Math.floor(Date.UTC(y, m - 1 + 14, 1) / 1000);
}

/** The day attribute of a month item: `d07` (terms), or with a prefix for the stats and part items. */
export const dayAttr = (day: string, prefix = 'd') => `${prefix}${day.slice(8, 10)}`;

/** A term's counter for a day: `d20261126`. */
export const termDayAttr = (day: string) => `d${day.slice(0, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;
const TERM_DAY = /^d(\d{4})(\d{2})(\d{2})$/;

const strings = (v: unknown): string[] => (v instanceof Set ? [...(v as Set<string>)] : Array.isArray(v) ? (v as string[]) : []);

/** A ranking item as the summary a row is made from (its window's days only). */
export function toRankedTerm(item: Record<string, unknown>): TermSummary {
  const { buyers, sessions, ...rest } = toStoredTerm({ ...item, buyers: undefined, sessions: undefined });
  return {
    ...rest,
    days: unpackDays(typeof item.days === 'string' ? item.days : undefined),
    buyers: Number(item.buyers ?? buyers.length),
    sessions: Number(item.sessions ?? sessions.length),
    ...(typeof item.gsi1sk === 'string' && RANK_SK.test(item.gsi1sk) ? { rank: Number(RANK_SK.exec(item.gsi1sk)![1]) } : {}),
  };
}

export function toStoredTerm(item: Record<string, unknown>): StoredTerm {
  const opt = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : undefined);
  return {
    kind: item.kind as DemandKind,
    key: String(item.key),
    count: Number(item.count ?? 0),
    days: new Map(
      Object.entries(item).flatMap(([name, n]) => {
        const m = TERM_DAY.exec(name);
        return m ? [[`${m[1]}-${m[2]}-${m[3]}`, Number(n)] as const] : [];
      }),
    ),
    firstSeen: String(item.firstSeen),
    lastSeen: String(item.lastSeen),
    forms: (item.forms as Record<string, number> | undefined) ?? {},
    manufacturer: opt('manufacturer'),
    description: opt('description'),
    buyers: strings(item.buyers),
    sessions: strings(item.sessions),
    requests: (item.requests as StoredTerm['requests'] | undefined) ?? [],
    status: (opt('status') as StoredTerm['status'] | undefined) ?? 'open',
    statusBy: opt('statusBy'),
    statusAt: opt('statusAt'),
    partId: opt('partId'),
  };
}
