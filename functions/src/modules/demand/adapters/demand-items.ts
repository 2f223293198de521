import type { DemandKind } from '@parts/shared/schemas';
import type { StoredTerm } from '../ports/demand';

/**
 * The demand items' keys and layout (ADR 129, docs/data-model.md). A term: `DEMAND#<kind>#<key>` / `TERM`;
 * its counters, one item per month with one attribute per day (`d01`..`d31`) and `total`:
 * `DEMAND#<kind>#<key>` / `M#<YYYY-MM>`; the site-wide figures `DEMAND#stats` / `M#<YYYY-MM>`; a part's views
 * and request lines `DEMAND#part#<id>` / `M#<YYYY-MM>`. Month items expire (TTL `expiresAt`) 13 months after
 * their month ends.
 */
export const demandKeys = {
  term: (kind: DemandKind, key: string) => ({ pk: `DEMAND#${kind}#${key}`, sk: 'TERM' }),
  month: (kind: DemandKind, key: string, month: string) => ({ pk: `DEMAND#${kind}#${key}`, sk: `M#${month}` }),
  stats: (month: string) => ({ pk: 'DEMAND#stats', sk: `M#${month}` }),
  part: (partId: number, month: string) => ({ pk: `DEMAND#part#${partId}`, sk: `M#${month}` }),
};

/** The GSI partitions terms are ranked in: every status (gsi1) or one status (gsi2), by lifetime count. */
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

const strings = (v: unknown): string[] => (v instanceof Set ? [...(v as Set<string>)] : Array.isArray(v) ? (v as string[]) : []);

export function toStoredTerm(item: Record<string, unknown>): StoredTerm {
  const opt = (name: string) => (typeof item[name] === 'string' ? (item[name] as string) : undefined);
  return {
    kind: item.kind as DemandKind,
    key: String(item.key),
    count: Number(item.count ?? 0),
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
