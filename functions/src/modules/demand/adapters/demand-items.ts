import type { DemandKind } from '@parts/shared/schemas';
import type { StoredTerm } from '../ports/demand';

/**
 * The demand items' keys and layout (ADR 129, docs/data-model.md). A term: `DEMAND#<kind>#<key>` / `TERM`, with
 * its counter per day as an attribute `dYYYYMMDD` (days older than 13 months removed as it is written; the item
 * expires 13 months after it was last seen); the site-wide figures `DEMAND#stats` / `M#<YYYY-MM>` and a part's views
 * and request lines `DEMAND#part#<id>` / `M#<YYYY-MM>`, one attribute per day, expiring 13 months after the month.
 */
export const demandKeys = {
  term: (kind: DemandKind, key: string) => ({ pk: `DEMAND#${kind}#${key}`, sk: 'TERM' }),
  stats: (month: string) => ({ pk: 'DEMAND#stats', sk: `M#${month}` }),
  part: (partId: number, month: string) => ({ pk: `DEMAND#part#${partId}`, sk: `M#${month}` }),
};

/** The GSI partitions terms are ranked in: every status (gsi1) or one status (gsi2), by their count over the 366 days up to their last write. */
export const rankPk = (kind: DemandKind) => `DEMAND#${kind}`;
export const statusPk = (kind: DemandKind, status: string) => `DEMAND#${kind}#${status}`;
export const rankSk = (count: number, key: string) => `${String(count).padStart(12, '0')}#${key}`;

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

export function toStoredTerm(item: Record<string, unknown>): StoredTerm {
  const opt = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : undefined);
  return {
    kind: item.kind as DemandKind,
    key: String(item.key),
    count: Number(item.count ?? 0),
    ...(typeof item.gsi1sk === 'string' && /^\d{12}#/.test(item.gsi1sk) ? { rank: Number(item.gsi1sk.slice(0, 12)) } : {}),
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
