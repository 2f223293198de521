import type { FacetCount, PartsQuery } from '@parts/shared/schemas';
import type { PartColumns } from './part-columns';

/**
 * The embedded engine's filters, exact totals and disjunctive facet counts over the in-memory columns
 * (part-columns.ts): a part counts for the category facet when it passes every filter but the category
 * one, and for the manufacturer facet when it passes every filter but the manufacturer one (ADR 070).
 */

/** The listing's filters as masks and ranges over the columns; undefined masks filter nothing. */
interface Filters {
  categoryMask: Uint8Array | undefined;
  manufacturerMask: Uint8Array | undefined;
  ranges: { values: Float64Array; min: number; max: number }[];
}

export function filtersOf(query: PartsQuery, c: PartColumns): Filters {
  let categoryMask: Uint8Array | undefined;
  if (query.categoryIds.length > 0) {
    categoryMask = new Uint8Array(c.maxCategoryId + 1);
    const wanted = new Set(query.categoryIds);
    for (const [leaf, path] of c.categoryPaths) if (path.some((p) => wanted.has(p))) categoryMask[leaf] = 1;
  }
  let manufacturerMask: Uint8Array | undefined;
  if (query.manufacturerIds.length > 0) {
    manufacturerMask = new Uint8Array(c.maxManufacturerId + 1);
    for (const m of query.manufacturerIds) if (m <= c.maxManufacturerId) manufacturerMask[m] = 1;
  }
  const ranges: { values: Float64Array; min: number; max: number }[] = [];
  for (const [key, range] of Object.entries(query.specifications)) {
    if (range.min == null && range.max == null) continue;
    const values = c.specs.get(key) ?? new Float64Array(c.alive.length).fill(Number.NaN);
    ranges.push({ values, min: range.min ?? -Infinity, max: range.max ?? Infinity });
  }
  return { categoryMask, manufacturerMask, ranges };
}

/** What one filtering pass found: the matches (in `matched[0..n)`), how many are discontinued, and both facets' counts. */
interface PassResult {
  n: number;
  discontinued: number;
  categoryCounts: ArrayLike<number>;
  manufacturerCounts: ArrayLike<number>;
}

/**
 * Filters, exact total and both facets in one pass over the candidates (`ids`), or without text over
 * the posting lists of the selections or every id. Without text or ranges, a facet whose own filter is
 * the only one counts the whole catalogue: the columns' kept counts.
 */
export function filterPass(c: PartColumns, filters: Filters, ids: Int32Array | undefined, matched: Int32Array): PassResult {
  const { categoryMask, manufacturerMask, ranges } = filters;
  const keptCategories = !ids && ranges.length === 0 && !manufacturerMask;
  const keptManufacturers = !ids && ranges.length === 0 && !categoryMask;
  const pass: Pass = {
    alive: c.alive,
    category: c.category,
    manufacturer: c.manufacturer,
    discontinued: c.discontinued,
    categoryMask: categoryMask ?? new Uint8Array(c.maxCategoryId + 1).fill(1),
    manufacturerMask: manufacturerMask ?? new Uint8Array(c.maxManufacturerId + 1).fill(1),
    ranges,
    categoryCounts: new Int32Array(c.maxCategoryId + 1),
    manufacturerCounts: new Int32Array(c.maxManufacturerId + 1),
    matched,
    n: 0,
    discontinuedMatched: 0,
  };
  const driver = ids ?? drivingIds(c, categoryMask, manufacturerMask, keptCategories, keptManufacturers);
  // Without a driver every id is visited: one sequential pass over the columns.
  if (driver) visit(pass, driver, driver.length);
  else visit(pass, null, c.maxId);
  return {
    n: pass.n,
    discontinued: pass.discontinuedMatched,
    // A facet whose own filter is the only one counts the whole catalogue (the pass saw only the filtered posting lists).
    categoryCounts: keptCategories ? c.categoryCounts : pass.categoryCounts,
    manufacturerCounts: keptManufacturers ? c.manufacturerCounts : pass.manufacturerCounts,
  };
}

/**
 * Without text, the ids the pass must visit (ascending), from the posting lists, when they hold
 * fewer than half of the parts: a facet counted in the pass needs every part that passes the other
 * facet's filter, so with both filters that is the union of both; undefined means every id.
 */
function drivingIds(
  c: PartColumns,
  categoryMask: Uint8Array | undefined,
  manufacturerMask: Uint8Array | undefined,
  keptCategories: boolean,
  keptManufacturers: boolean,
): Int32Array | undefined {
  const lists: Int32Array[] = [];
  if (categoryMask && manufacturerMask) {
    for (let leaf = 0; leaf < categoryMask.length; leaf++) if (categoryMask[leaf]) lists.push(c.idsOf('category', leaf));
    for (let m = 0; m < manufacturerMask.length; m++) if (manufacturerMask[m]) lists.push(c.idsOf('manufacturer', m));
  } else if (categoryMask && keptCategories) {
    for (let leaf = 0; leaf < categoryMask.length; leaf++) if (categoryMask[leaf]) lists.push(c.idsOf('category', leaf));
  } else if (manufacturerMask && keptManufacturers) {
    for (let m = 0; m < manufacturerMask.length; m++) if (manufacturerMask[m]) lists.push(c.idsOf('manufacturer', m));
  } else {
    return undefined;
  }
  const size = lists.reduce((sum, l) => sum + l.length, 0);
  if (size >= c.size / 2) return undefined;
  if (lists.length === 1) return lists[0];
  const merged = new Int32Array(size);
  let at = 0;
  for (const l of lists) {
    merged.set(l, at);
    at += l.length;
  }
  merged.sort();
  // A part can be in both lists: keep it once.
  let kept = 0;
  for (let i = 0; i < merged.length; i++) if (i === 0 || merged[i] !== merged[i - 1]) merged[kept++] = merged[i]!;
  return merged.subarray(0, kept);
}

/** The state of one filtering pass: the columns, the filters (masks of 1 where nothing is filtered), the facet counts to fill and the matches. */
interface Pass {
  alive: Uint8Array;
  category: Int32Array;
  manufacturer: Int32Array;
  discontinued: Uint8Array;
  categoryMask: Uint8Array;
  manufacturerMask: Uint8Array;
  ranges: { values: Float64Array; min: number; max: number }[];
  categoryCounts: Int32Array;
  manufacturerCounts: Int32Array;
  matched: Int32Array;
  n: number;
  discontinuedMatched: number;
}

/**
 * Filters, exact total and disjunctive facet counts in one loop over `ids` (or over 1..count when
 * ids is null). The loop has no data-dependent branch (every test is a 0/1 and-ed in, every count
 * adds it, a match is written and kept by advancing n): at 1M parts a branch per filter mispredicted
 * on a third of the parts costs more than the reads. Module functions over typed arrays only, so V8
 * compiles them for exactly those types; the first two ranges are hoisted into locals (see ADR 073).
 */
function visit(p: Pass, ids: Int32Array | null, count: number): void {
  if (p.ranges.length === 0) visitWithoutRanges(p, ids, count);
  else visitWithRanges(p, ids, count);
}

function visitWithRanges(p: Pass, ids: Int32Array | null, count: number): void {
  const { alive, category, manufacturer, discontinued, categoryMask, manufacturerMask, ranges, categoryCounts, manufacturerCounts, matched } = p;
  // One range is checked twice rather than adding a branch to the loop.
  const r0 = ranges[0]!;
  const r1 = ranges.length > 1 ? ranges[1]! : r0;
  const v0 = r0.values;
  const min0 = r0.min;
  const max0 = r0.max;
  const v1 = r1.values;
  const min1 = r1.min;
  const max1 = r1.max;
  const more = ranges.length;
  let n = 0;
  let discontinuedMatched = 0;
  for (let i = 0; i < count; i++) {
    const id = ids === null ? i + 1 : ids[i]!;
    const a = v0[id]!;
    const b = v1[id]!;
    // NaN (no value for this spec) fails both comparisons.
    let ok = alive[id]! & +(a >= min0) & +(a <= max0) & +(b >= min1) & +(b <= max1);
    for (let k = 2; k < more; k++) {
      const r = ranges[k]!;
      const v = r.values[id]!;
      ok &= +(v >= r.min) & +(v <= r.max);
    }
    const cat = category[id]!;
    const mfr = manufacturer[id]!;
    const categoryOk = categoryMask[cat]!;
    const manufacturerOk = manufacturerMask[mfr]!;
    categoryCounts[cat]! += ok & manufacturerOk;
    manufacturerCounts[mfr]! += ok & categoryOk;
    const all = ok & categoryOk & manufacturerOk;
    matched[n] = id;
    n += all;
    discontinuedMatched += all & discontinued[id]!;
  }
  p.n = n;
  p.discontinuedMatched = discontinuedMatched;
}

function visitWithoutRanges(p: Pass, ids: Int32Array | null, count: number): void {
  const { alive, category, manufacturer, discontinued, categoryMask, manufacturerMask, categoryCounts, manufacturerCounts, matched } = p;
  let n = 0;
  let discontinuedMatched = 0;
  for (let i = 0; i < count; i++) {
    const id = ids === null ? i + 1 : ids[i]!;
    const ok = alive[id]!;
    const cat = category[id]!;
    const mfr = manufacturer[id]!;
    const categoryOk = categoryMask[cat]!;
    const manufacturerOk = manufacturerMask[mfr]!;
    categoryCounts[cat]! += ok & manufacturerOk;
    manufacturerCounts[mfr]! += ok & categoryOk;
    const all = ok & categoryOk & manufacturerOk;
    matched[n] = id;
    n += all;
    discontinuedMatched += all & discontinued[id]!;
  }
  p.n = n;
  p.discontinuedMatched = discontinuedMatched;
}

/** A facet's entries: largest count first, then by name, then id. */
export function facetList(counts: ArrayLike<number>, lookup: Map<number, { name: string; slug: string }>): FacetCount[] {
  const out: FacetCount[] = [];
  // From 1: NONE (uncategorised, manufacturer unknown) is no facet, as OpenSearch's terms aggregation skips a missing field.
  for (let id = 1; id < counts.length; id++) {
    const count = counts[id] ?? 0;
    if (count > 0) out.push({ id, name: lookup.get(id)?.name ?? '', slug: lookup.get(id)?.slug ?? '', count });
  }
  return out.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
