import type { PartsQuery } from '@parts/shared/schemas';
import { relevanceBucket } from '../ranking';
import type { Candidates } from './embedded-text';
import type { PartColumns } from './part-columns';

/**
 * The embedded engine's pages: the ids of one page of a listing in the requested order, following the
 * relevance order of ranking.ts (tier, discontinued after the others, part number; without text: id,
 * discontinued after all the others) or an explicit sort off the columns' kept orders.
 */

/** The matches of a filtering pass and the scratch the paging may use. */
interface Matches {
  matched: Int32Array;
  n: number;
  /** Matches that are not discontinued. */
  active: number;
  mark: Uint8Array;
  /** Matches per relevance bucket (ranking.ts relevanceBucket): the page of a large relevance result is cut from these. */
  bucketCounts: number[];
}

/**
 * The ids of [from, to) in the requested order. Relevance: tier, then discontinued parts after the
 * others, then part number (without text: id). Results up to sortInPlaceLimit are sorted (or, for an
 * early page, the first `to` selected); large ones are read off the kept orders, stopping once the page
 * is known.
 */
export function pageOf(
  query: PartsQuery,
  c: PartColumns,
  found: Candidates | undefined,
  m: Matches,
  from: number,
  to: number,
  sortInPlaceLimit: number,
): number[] {
  const { matched, n, mark } = m;
  const desc = query.sortOrder === 'desc';
  to = Math.min(to, n);
  if (query.sortBy === 'relevance' && !found) return byIdActiveFirst(c, matched, n, m.active, from, to);
  const name = query.sortBy === 'manufacturer' ? 'manufacturer' : 'partNumber';
  if (n <= sortInPlaceLimit) {
    const rank = c.rank(name);
    const span = rank.length + 1;
    const key =
      query.sortBy === 'relevance'
        ? (id: number) => relevanceBucket(found!.tier[id]!, c.discontinued[id]!) * span + rank[id]!
        : desc
          ? (id: number) => -rank[id]!
          : (id: number) => rank[id]!;
    return firstInOrder(matched, n, key, to).slice(from, to);
  }
  const order = c.order(name);
  for (let i = 0; i < n; i++) mark[matched[i]!] = 1;
  try {
    if (query.sortBy === 'relevance') return offBuckets(order, mark, found!.tier, c.discontinued, m.bucketCounts, from, to);
    const out: number[] = [];
    let seen = 0;
    for (let i = desc ? order.length - 1 : 0; desc ? i >= 0 : i < order.length; desc ? i-- : i++) {
      const id = order[i]!;
      if (!mark[id]) continue;
      if (seen++ >= from) out.push(id);
      if (seen >= to) break;
    }
    return out;
  } finally {
    for (let i = 0; i < n; i++) mark[matched[i]!] = 0;
  }
}

/** Relevance without text: matched is in id order; the active (and coming) parts first, then the discontinued ones. */
function byIdActiveFirst(c: PartColumns, matched: Int32Array, n: number, active: number, from: number, to: number): number[] {
  const out: number[] = [];
  let activeSeen = 0;
  let discontinuedSeen = active;
  for (let i = 0; i < n && out.length < to - from; i++) {
    const id = matched[i]!;
    if (c.discontinued[id]) {
      if (from >= active && discontinuedSeen >= from && discontinuedSeen < to) out.push(id);
      discontinuedSeen++;
    } else {
      if (activeSeen >= from && activeSeen < to) out.push(id);
      activeSeen++;
    }
  }
  if (from < active && to > active) {
    // The page spans both groups: the discontinued part of it comes after every active one.
    for (let i = 0; i < n && out.length < to - from; i++) if (c.discontinued[matched[i]!]) out.push(matched[i]!);
  }
  return out;
}

/** A large relevance result: buckets in order, inside each part-number order; stops once every bucket the page reaches is full. */
function offBuckets(
  order: Int32Array,
  mark: Uint8Array,
  tier: Uint8Array,
  discontinued: Uint8Array,
  bucketCounts: number[],
  from: number,
  to: number,
): number[] {
  const buckets = bucketCounts.length;
  const lists: number[][] = Array.from({ length: buckets }, () => []);
  const needed = new Array<number>(buckets).fill(0);
  let total = 0;
  for (let b = 0, at = 0; b < buckets; at += bucketCounts[b]!, b++) {
    needed[b] = Math.max(0, Math.min(bucketCounts[b]!, to - at));
    total += needed[b]!;
  }
  let collected = 0;
  for (let i = 0; i < order.length && collected < total; i++) {
    const id = order[i]!;
    if (!mark[id]) continue;
    const b = relevanceBucket(tier[id]!, discontinued[id]!);
    if (lists[b]!.length >= needed[b]!) continue;
    lists[b]!.push(id);
    collected++;
  }
  return ([] as number[]).concat(...lists).slice(from, to);
}

/** The page of the unfiltered listing, read off an order (relevance: by id, discontinued parts after all the others). */
export function unfilteredPage(query: PartsQuery, c: PartColumns, offset: number): number[] {
  const to = Math.min(offset + query.pageSize, c.size);
  const pageIds: number[] = [];
  if (offset >= c.size) return pageIds;
  if (query.sortBy === 'relevance') {
    const active = c.size - c.discontinuedCount;
    for (const wanted of [0, 1]) {
      let seen = wanted === 0 ? 0 : active;
      if (wanted === 0 && offset >= active) continue;
      for (let id = 1; id <= c.maxId && pageIds.length < to - offset; id++) {
        if (!c.alive[id] || c.discontinued[id] !== wanted) continue;
        if (seen++ >= offset) pageIds.push(id);
      }
    }
  } else {
    const order = c.order(query.sortBy === 'manufacturer' ? 'manufacturer' : 'partNumber');
    for (let i = offset; i < to; i++) pageIds.push(query.sortOrder === 'desc' ? order[order.length - 1 - i]! : order[i]!);
  }
  return pageIds;
}

/**
 * The first `count` of ids[0..n) by ascending key: a bounded insertion for an early page (the usual
 * case: 9 results of thousands), a full sort otherwise.
 */
function firstInOrder(ids: Int32Array, n: number, key: (id: number) => number, count: number): number[] {
  if (count > 256) {
    const all = Array.from(ids.subarray(0, n), (id) => ({ id, k: key(id) }));
    all.sort((a, b) => a.k - b.k);
    return all.slice(0, count).map((e) => e.id);
  }
  const best: number[] = [];
  const keys: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    const k = key(id);
    if (best.length === count && k >= keys[count - 1]!) continue;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! <= k) lo = mid + 1;
      else hi = mid;
    }
    keys.splice(lo, 0, k);
    best.splice(lo, 0, id);
    if (best.length > count) {
      keys.pop();
      best.pop();
    }
  }
  return best;
}
