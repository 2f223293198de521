import { DEMAND_MAX_DAYS, type DemandKind, type DemandRow } from '@parts/shared/schemas';
import { ValidationError } from '../../domain/errors';
import { TERM_CAPS, type DailyCounts, type RankWindow, type StoredTerm, type TermSummary } from './ports/demand';

/** The UTC day of an instant, `YYYY-MM-DD`. */
export const dayOf = (at: Date | string): string => (typeof at === 'string' ? at : at.toISOString()).slice(0, 10);

const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every day from `from` to `to`, both included, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = toTime(from); t <= toTime(to); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The months (`YYYY-MM`) a period touches, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const [ty, tm] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

/** Default period: the 30 days up to today. Refused: a date that does not exist, `from` after `to`, more than 400 days. */
export function resolvePeriod(from: string | undefined, to: string | undefined, today: string): { from: string; to: string } {
  const end = to ?? today;
  const start = from ?? new Date(toTime(end) - 29 * DAY_MS).toISOString().slice(0, 10);
  for (const [name, value] of [
    ['from', start],
    ['to', end],
  ] as const) {
    const t = toTime(value);
    if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value)
      throw new ValidationError(`${name} is not a valid date`, [{ path: name, message: 'Not a valid date' }]);
  }
  if (start > end) throw new ValidationError('from must not be after to', [{ path: 'from', message: 'After to' }]);
  if ((toTime(end) - toTime(start)) / DAY_MS + 1 > DEMAND_MAX_DAYS) {
    throw new ValidationError(`A period covers at most ${DEMAND_MAX_DAYS} days`, [{ path: 'from', message: 'Period too long' }]);
  }
  return { from: start, to: end };
}

/** The form seen most often (ties: the first stored); the key when none was kept. */
export function displayOf(term: Pick<StoredTerm, 'forms' | 'key'>): string {
  let best: [string, number] | undefined;
  for (const [form, n] of Object.entries(term.forms)) if (!best || n > best[1]) best = [form, n];
  return best?.[0] ?? term.key;
}

/**
 * The ranking windows (ADR 129, 138): a term is ranked once per window by its count over the window's days ending on
 * its last write, each in its own GSI partitions, so a period is walked by the smallest window that still bounds it.
 */
export const RANK_WINDOWS: readonly RankWindow[] = [7, 30, 90, 366];
/** Days in the widest ranking window: the 366 days ending on the day of a term's last write. */
export const RANK_WINDOW_DAYS = 366;

/** `day` moved by `n` days (negative: back). */
const addDays = (day: string, n: number): string => new Date(toTime(day) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * A term's ranking value in a window: its count over the `windowDays` ending on `lastDay` (its last write). A term has
 * no counts after its last write, so this bounds its count over any period starting at most `windowDays - 1` days
 * before today.
 */
export function windowCount(days: DailyCounts, lastDay: string, windowDays: number = RANK_WINDOW_DAYS): number {
  const first = addDays(lastDay, -(windowDays - 1));
  let sum = 0;
  for (const [day, n] of days) if (day >= first && day <= lastDay) sum += n;
  return sum;
}

/** The smallest ranking window whose key bounds a term's count over a period starting `from`; none before the widest. */
export function rankWindowFor(from: string, today: string): RankWindow | undefined {
  return RANK_WINDOWS.find((w) => from >= addDays(today, -(w - 1)));
}

/**
 * The bucket of a window a day falls in (ADR 147): the day's number since 1970-01-01 divided by the window's days,
 * rounded down. A ranking item sorts first by the bucket of its term's last write, so a period of at most a window's
 * days reads only the (at most two) buckets its days fall in: terms last written before the period are not read.
 * The widest window is one bucket (0): a term is kept only 400 days, so at most 35 days of terms written before a
 * year's period sit in it, and two buckets would double what a year's listing reads.
 */
export const rankBucket = (day: string, window: RankWindow): number =>
  window === RANK_WINDOW_DAYS ? 0 : Math.floor(Math.round(toTime(day) / DAY_MS) / window);

/** The buckets of a window holding the terms last written from `from` to `to`, newest first. */
export function rankBuckets(from: string, to: string, window: RankWindow): number[] {
  const out: number[] = [];
  for (let b = rankBucket(to, window); b >= rankBucket(from, window); b--) out.push(b);
  return out;
}

/** The latest day a term has a counter for (its last write), or `fallback` when it has none. */
export function lastDayOf(days: DailyCounts, fallback: string): string {
  let last = '';
  for (const day of days.keys()) if (day > last) last = day;
  return last || fallback;
}

/**
 * A window's day counters as one short string (ADR 138): `YYYY-MM-DD:` the window's first day, then the count of each
 * day from it, comma-separated, zeros left empty (`2026-11-20:3,,1`). One attribute instead of one per day: a ranking
 * page of 100 terms × 366 days is read ~15× faster from DynamoDB Local than with the days as attributes.
 */
export function packDays(days: DailyCounts, lastDay: string, windowDays: number): string {
  const first = addDays(lastDay, -(windowDays - 1));
  const counts = new Array<string>(windowDays).fill('');
  let end = 0;
  for (const [day, n] of days) {
    if (day < first || day > lastDay || n === 0) continue;
    const i = Math.round((toTime(day) - toTime(first)) / DAY_MS);
    counts[i] = String(n);
    end = Math.max(end, i + 1);
  }
  return `${first}:${counts.slice(0, end).join(',')}`;
}

/** The day counters of a packed window (absent or malformed: none). */
export function unpackDays(packed: string | undefined): DailyCounts {
  const out: DailyCounts = new Map();
  if (!packed || !/^\d{4}-\d{2}-\d{2}:/.test(packed)) return out;
  const start = toTime(packed.slice(0, 10));
  const body = packed.slice(11);
  if (body === '') return out;
  body.split(',').forEach((n, i) => {
    if (n !== '') out.set(new Date(start + i * DAY_MS).toISOString().slice(0, 10), Number(n));
  });
  return out;
}

/** Sum of a term's daily counts over the days. */
export const periodCount = (daily: DailyCounts | undefined, days: string[]): number => days.reduce((sum, d) => sum + (daily?.get(d) ?? 0), 0);

/** A stored term as its summary: its bounded sets as their sizes. */
export const summaryOf = (term: StoredTerm): TermSummary => ({ ...term, buyers: term.buyers.length, sessions: term.sessions.length });

/** A term (its summary, as a ranking item holds it) as the Demand tab's row over a period. */
export function toDemandRow(term: TermSummary, daily: DailyCounts | undefined, days: string[], count = periodCount(daily, days)): DemandRow {
  return {
    key: term.key,
    kind: term.kind,
    display: displayOf(term),
    manufacturer: term.manufacturer ?? null,
    description: term.description ?? null,
    count,
    buyers: Math.min(term.buyers, TERM_CAPS.buyers),
    sessions: Math.min(term.sessions, TERM_CAPS.sessions),
    firstSeen: term.firstSeen,
    lastSeen: term.lastSeen,
    trend: days.map((d) => daily?.get(d) ?? 0),
    requests: term.requests.slice(0, TERM_CAPS.requests),
    status: term.status,
    statusBy: term.statusBy ?? null,
    statusAt: term.statusAt ?? null,
    partId: term.partId ?? null,
  };
}

type Sort = 'count' | 'buyers' | 'lastSeen';

/** Orders rows by the chosen column (ties: higher count, then key), ascending or descending. */
export function compareRows(sort: Sort, order: 'asc' | 'desc') {
  const value = (r: DemandRow) => (sort === 'lastSeen' ? r.lastSeen : sort === 'buyers' ? r.buyers : r.count);
  const sign = order === 'asc' ? 1 : -1;
  return (a: DemandRow, b: DemandRow): number => {
    const [va, vb] = [value(a), value(b)];
    if (va !== vb) return (va < vb ? -1 : 1) * sign;
    if (a.count !== b.count) return b.count - a.count;
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  };
}

/** The cursor is the offset of the next row, bound to the listing it came from (another listing's cursor is refused). */
export function encodeCursor(offset: number, listing: string): string {
  return Buffer.from(JSON.stringify({ o: offset, l: listing })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, listing: string): number {
  if (cursor === undefined || cursor === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; l?: unknown };
    if (typeof parsed.o === 'number' && Number.isSafeInteger(parsed.o) && parsed.o >= 0 && parsed.o <= 100_000 && parsed.l === listing) return parsed.o;
  } catch {
    // falls through to the refusal
  }
  throw new ValidationError('cursor is not valid for this listing', [{ path: 'cursor', message: 'Not a cursor of this listing' }]);
}

/** The term's key in a kind: the normalised part number or the normalised query. */
export type TermRef = { kind: DemandKind; key: string };
