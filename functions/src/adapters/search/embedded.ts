import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { normalizePartNumber } from '@parts/shared/part-number';
import type { FacetCount, PartListResponse, PartsQuery, Suggestion } from '@parts/shared/schemas';
import type { PartDocument, SearchIndex } from '../../ports/search-index';
import { PartColumns } from './part-columns';
import { parseQueryText, toPartView, toSuggestion, type ParsedQueryText } from './query-text';

export interface EmbeddedSearchOptions {
  /** SQLite file; ':memory:' for a throw-away index. */
  file: string;
  /** Results up to this size are sorted directly, larger ones read off the kept orders (tests lower it to cover both). */
  sortInPlaceLimit?: number;
}

/** The character right after 'Z' (and so after every normalised part-number character). */
const PREFIX_END = '[';
const SORT_IN_PLACE_LIMIT = 20_000;
/** A typed word prefix is expanded to at most this many index terms; beyond, FTS5's prefix query is used. */
const MAX_EXPANSION = 32;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS parts (
  id INTEGER PRIMARY KEY,
  version INTEGER NOT NULL,
  pn_norm TEXT NOT NULL,
  pn_sort TEXT NOT NULL,
  mfr_sort TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  manufacturer_id INTEGER NOT NULL,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS part_specs (
  part_id INTEGER NOT NULL, key TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (part_id, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS category_paths (category_id INTEGER PRIMARY KEY, path TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tombstones (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS facet_names (
  kind TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, slug TEXT NOT NULL, PRIMARY KEY (kind, id)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS pn_tri USING fts5 (pn, tokenize = 'trigram', content = '', contentless_delete = 1);
CREATE VIRTUAL TABLE IF NOT EXISTS parts_text USING fts5 (
  name, manufacturer, category, description,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1, detail = 'none'
);
CREATE VIRTUAL TABLE IF NOT EXISTS parts_text_vocab USING fts5vocab (parts_text, 'row');
`;

/** Bumped when the layout or what is stored changes (4: ancestor names for facets): an older file is emptied at open, and the start-up count check reindexes it. */
const SCHEMA_VERSION = 4;

/** Built after a bulk load (one sort each) rather than row by row: see clear(). */
const INDEXES = `
CREATE INDEX IF NOT EXISTS parts_pn_norm ON parts (pn_norm);
CREATE INDEX IF NOT EXISTS parts_pn_sort ON parts (pn_sort, id);
CREATE INDEX IF NOT EXISTS parts_mfr_sort ON parts (mfr_sort, pn_sort, id);
`;

const DROP = `
DROP TABLE IF EXISTS parts_text_vocab; DROP TABLE IF EXISTS parts; DROP TABLE IF EXISTS part_specs; DROP TABLE IF EXISTS category_paths; DROP TABLE IF EXISTS part_categories;
DROP TABLE IF EXISTS tombstones; DROP TABLE IF EXISTS facet_names; DROP TABLE IF EXISTS pn_tri; DROP TABLE IF EXISTS parts_text;
`;

/**
 * The embedded search engine. SQLite (one file, WAL) holds the documents and does the matching:
 * normalised part numbers through a B-tree (exact, prefix) and a trigram FTS5 table (infix), words
 * through a second FTS5 table with prefix indexes. Filters, exact totals, facets and sorted pages
 * run over in-memory typed columns (part-columns.ts). See docs/search.md.
 */
export function createEmbeddedSearchIndex(options: EmbeddedSearchOptions): SearchIndex {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536');
  // No mmap: mapped file pages would count as the server's memory; reads go through the OS page cache.
  db.pragma('mmap_size = 0');
  if (db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION) {
    db.exec(DROP);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }
  db.exec(SCHEMA);
  db.exec(INDEXES);
  let indexesPending = false;
  const ensureIndexes = () => {
    if (!indexesPending) return;
    db.exec(INDEXES);
    indexesPending = false;
  };

  const sortInPlaceLimit = options.sortInPlaceLimit ?? SORT_IN_PLACE_LIMIT;
  let names = loadNames();
  let loaded: PartColumns | undefined;

  function loadNames() {
    const rows = db.prepare('SELECT kind, id, name, slug FROM facet_names').all() as { kind: string; id: number; name: string; slug: string }[];
    const out = { category: new Map<number, { name: string; slug: string }>(), manufacturer: new Map<number, { name: string; slug: string }>() };
    for (const r of rows) (r.kind === 'category' ? out.category : out.manufacturer).set(r.id, { name: r.name, slug: r.slug });
    return out;
  }

  const sortKeys = {
    keys: db.prepare('SELECT pn_sort AS pn, mfr_sort AS mfr FROM parts WHERE id = ?'),
    byPartNumber: () => db.prepare('SELECT id FROM parts ORDER BY pn_sort, id').pluck(),
    byManufacturer: () => db.prepare('SELECT id FROM parts ORDER BY mfr_sort, pn_sort, id').pluck(),
  };

  /** The in-memory columns, loaded from the file on first use. */
  function columns(): PartColumns {
    if (loaded) return loaded;
    const c = new PartColumns({
      keys: (id) => sortKeys.keys.get(id) as { pn: string; mfr: string } | undefined,
      loadOrders: () => {
        ensureIndexes();
        return {
          byPartNumber: Int32Array.from(sortKeys.byPartNumber().all() as number[]),
          byManufacturer: Int32Array.from(sortKeys.byManufacturer().all() as number[]),
        };
      },
    });
    for (const [id, categoryId, manufacturerId] of db.prepare('SELECT id, category_id, manufacturer_id FROM parts').raw().iterate() as IterableIterator<
      [number, number, number]
    >) {
      c.set({ id, categoryId, manufacturerId, specNumbers: {} });
    }
    for (const [id, key, value] of db.prepare('SELECT part_id, key, value FROM part_specs').raw().iterate() as IterableIterator<[number, string, number]>) {
      c.setSpec(key, id, value);
    }
    for (const row of db.prepare('SELECT category_id, path FROM category_paths').all() as { category_id: number; path: string }[]) {
      c.setCategoryPath(row.category_id, JSON.parse(row.path) as number[]);
    }
    loaded = c;
    return c;
  }

  const writes = {
    getVersion: db.prepare('SELECT version FROM parts WHERE id = ?').pluck(),
    getTombstone: db.prepare('SELECT version FROM tombstones WHERE id = ?').pluck(),
    deletePart: db.prepare('DELETE FROM parts WHERE id = ?'),
    deleteSpecs: db.prepare('DELETE FROM part_specs WHERE part_id = ?'),
    deleteTri: db.prepare('DELETE FROM pn_tri WHERE rowid = ?'),
    deleteText: db.prepare('DELETE FROM parts_text WHERE rowid = ?'),
    insertPart: db.prepare(
      'INSERT INTO parts (id, version, pn_norm, pn_sort, mfr_sort, category_id, manufacturer_id, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertSpec: db.prepare('INSERT OR REPLACE INTO part_specs (part_id, key, value) VALUES (?, ?, ?)'),
    insertTri: db.prepare('INSERT INTO pn_tri (rowid, pn) VALUES (?, ?)'),
    insertText: db.prepare('INSERT INTO parts_text (rowid, name, manufacturer, category, description) VALUES (?, ?, ?, ?, ?)'),
    setTombstone: db.prepare('INSERT OR REPLACE INTO tombstones (id, version) VALUES (?, ?)'),
    clearTombstone: db.prepare('DELETE FROM tombstones WHERE id = ?'),
    upsertName: db.prepare('INSERT OR REPLACE INTO facet_names (kind, id, name, slug) VALUES (?, ?, ?, ?)'),
    upsertPath: db.prepare('INSERT OR REPLACE INTO category_paths (category_id, path) VALUES (?, ?)'),
  };

  function removeRows(id: number) {
    writes.deleteSpecs.run(id);
    writes.deleteTri.run(id);
    writes.deleteText.run(id);
    writes.deletePart.run(id);
  }

  function rememberName(kind: 'category' | 'manufacturer', id: number, name: string, slug: string) {
    const known = names[kind].get(id);
    if (known && known.name === name && known.slug === slug) return;
    names[kind].set(id, { name, slug });
    writes.upsertName.run(kind, id, name, slug);
  }

  function rememberPath(c: PartColumns, categoryId: number, path: number[]) {
    const known = c.categoryPaths.get(categoryId);
    if (known && known.length === path.length && known.every((v, i) => v === path[i])) return;
    c.setCategoryPath(categoryId, path);
    writes.upsertPath.run(categoryId, JSON.stringify(path));
  }

  /** Writes the documents that are not older than what is indexed; returns those written. */
  const upsertMany = db.transaction((docs: PartDocument[], c: PartColumns): PartDocument[] => {
    const applied: PartDocument[] = [];
    for (const doc of docs) {
      const current = writes.getVersion.get(doc.id) as number | undefined;
      if (current !== undefined && doc.version < current) continue;
      const tomb = writes.getTombstone.get(doc.id) as number | undefined;
      if (tomb !== undefined) {
        if (doc.version <= tomb) continue;
        writes.clearTombstone.run(doc.id);
      }
      if (current !== undefined) removeRows(doc.id);
      const pn = normalizePartNumber(doc.partNumber);
      // Ancestor names live in facet_names only: keeping them in every stored document would grow the file for nothing.
      const { categoryAncestors, ...stored } = doc;
      writes.insertPart.run(
        doc.id,
        doc.version,
        pn,
        doc.partNumber.toUpperCase(),
        doc.manufacturerName.toLowerCase(),
        doc.categoryId,
        doc.manufacturerId,
        JSON.stringify(stored),
      );
      for (const [key, value] of Object.entries(doc.specNumbers)) {
        if (Number.isFinite(value)) writes.insertSpec.run(doc.id, key, value);
      }
      writes.insertTri.run(doc.id, pn);
      // Part numbers stay out of the word index: a million unique tokens would slow every prefix query.
      writes.insertText.run(doc.id, doc.name, doc.manufacturerName, doc.categoryName, doc.description ?? '');
      for (const a of categoryAncestors ?? []) rememberName('category', a.id, a.name, a.slug);
      rememberName('category', doc.categoryId, doc.categoryName, doc.categorySlug);
      rememberName('manufacturer', doc.manufacturerId, doc.manufacturerName, doc.manufacturerSlug);
      rememberPath(c, doc.categoryId, [...new Set([doc.categoryId, ...doc.categoryPath])]);
      applied.push(doc);
    }
    return applied;
  });

  const removeMany = db.transaction((items: { id: number; version: number }[]): number[] => {
    const removed: number[] = [];
    for (const item of items) {
      const current = writes.getVersion.get(item.id) as number | undefined;
      if (current !== undefined && item.version < current) continue;
      const tomb = writes.getTombstone.get(item.id) as number | undefined;
      if (tomb !== undefined && tomb >= item.version) continue;
      if (current !== undefined) {
        removeRows(item.id);
        removed.push(item.id);
      }
      writes.setTombstone.run(item.id, item.version);
    }
    return removed;
  });

  const vocab = db.prepare(`SELECT term FROM parts_text_vocab WHERE term >= ? AND term < ? LIMIT ${MAX_EXPANSION + 1}`).pluck();
  const expansions = new Map<string, string[]>();

  /**
   * Every word must match, the last one as a prefix. Prefixes of 2–3 characters use FTS5's prefix
   * indexes; longer ones are expanded to the matching terms (cached until the next write), because
   * FTS5 copies a whole prefix doclist before returning a row, and an OR of terms streams.
   */
  function ftsMatch(words: string[]): string | null {
    const termsIn = (from: string, to: string) => {
      const key = `${from}\u0000${to}`;
      let terms = expansions.get(key);
      if (!terms) {
        terms = vocab.all(from, to) as string[];
        if (expansions.size >= 4000) expansions.clear();
        expansions.set(key, terms);
      }
      return terms;
    };
    const head = words.slice(0, -1);
    // A whole word that is not in the index cannot match: skip the (possibly large) prefix read after it.
    if (head.some((w) => termsIn(w, `${w}\u0000`).length === 0)) return null;
    const last = words[words.length - 1]!;
    let tail = `${quote(last)}*`;
    if (last.length > 3) {
      const terms = termsIn(last, `${last}\uffff`);
      if (terms.length === 0) return null;
      if (terms.length <= MAX_EXPANSION) tail = `(${terms.map(quote).join(' OR ')})`;
    }
    return [...head.map(quote), tail].join(' AND ');
  }

  const reads = {
    exact: db.prepare('SELECT id FROM parts WHERE pn_norm = ?').pluck(),
    prefix: db.prepare(`SELECT id FROM parts WHERE pn_norm > @pn AND pn_norm < @pn || '${PREFIX_END}'`).pluck(),
    infix: db.prepare('SELECT rowid FROM pn_tri WHERE pn_tri MATCH ?').pluck(),
    text: db.prepare('SELECT rowid FROM parts_text WHERE parts_text MATCH ?').pluck(),
    docs: db.prepare('SELECT id, doc FROM parts WHERE id IN (SELECT value FROM json_each(?))'),
  };

  /** Candidate ids of a typed text with their tier: 1 exact part number, 2 prefix, 3 infix, 4 text. */
  function candidates(text: ParsedQueryText, c: PartColumns): { ids: number[]; tier: Uint8Array } | null {
    const pn = text.partNumber;
    const sources: [number, () => unknown[]][] = [];
    if (pn.length > 0) {
      sources.push([1, () => reads.exact.all(pn)], [2, () => reads.prefix.all({ pn })]);
      if (pn.length >= 3) sources.push([3, () => reads.infix.all(`"${pn}"`)]);
    }
    const match = text.words.length > 0 ? ftsMatch(text.words) : null;
    if (match) sources.push([4, () => reads.text.all(match)]);
    if (sources.length === 0) return null;
    const tier = scratch(c).tier;
    const ids: number[] = [];
    for (const [t, read] of sources) {
      for (const id of read() as number[]) {
        if (id < tier.length && !tier[id] && c.alive[id]) {
          tier[id] = t;
          ids.push(id);
        }
      }
    }
    return { ids, tier };
  }

  let buffers: { tier: Uint8Array; mark: Uint8Array; matched: Int32Array } | undefined;
  function scratch(c: PartColumns) {
    const size = c.alive.length;
    if (!buffers || buffers.tier.length !== size) {
      buffers = { tier: new Uint8Array(size), mark: new Uint8Array(size), matched: new Int32Array(size) };
    }
    return buffers;
  }

  function search(query: PartsQuery): PartListResponse {
    ensureIndexes();
    const c = columns();
    const text = parseQueryText(query.q);
    const found = text ? candidates(text, c) : undefined;
    const emptyAnswer = { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: { categories: [], manufacturers: [] } };
    if (found === null) return emptyAnswer;
    try {
      return searchColumns(query, c, found);
    } finally {
      if (found) for (const id of found.ids) found.tier[id] = 0;
    }
  }

  function searchColumns(query: PartsQuery, c: PartColumns, found: { ids: number[]; tier: Uint8Array } | undefined): PartListResponse {
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

    const { matched, mark } = scratch(c);
    if (!found && !categoryMask && !manufacturerMask && ranges.length === 0) return unfiltered(query, c);
    const categoryCounts = new Int32Array(c.maxCategoryId + 1);
    const manufacturerCounts = new Int32Array(c.maxManufacturerId + 1);
    const tierCounts = [0, 0, 0, 0, 0];
    let n = 0;
    const consider = (id: number) => {
      if (!c.alive[id]) return;
      const cat = c.category[id]!;
      const mfr = c.manufacturer[id]!;
      if (categoryMask && !categoryMask[cat]) return;
      if (manufacturerMask && !manufacturerMask[mfr]) return;
      for (let i = 0; i < ranges.length; i++) {
        const r = ranges[i]!;
        const v = r.values[id]!;
        // NaN (no value for this spec) fails both comparisons.
        if (!(v >= r.min && v <= r.max)) return;
      }
      matched[n++] = id;
      categoryCounts[cat]!++;
      manufacturerCounts[mfr]!++;
    };
    const driver = found ? found.ids : smallestPostings(query, c, categoryMask);
    if (driver) {
      for (let i = 0; i < driver.length; i++) consider(driver[i]!);
      if (found) for (let i = 0; i < n; i++) tierCounts[found.tier[matched[i]!]!]!++;
    } else {
      for (let id = 1; id <= c.maxId; id++) consider(id);
    }

    const offset = (query.page - 1) * query.pageSize;
    let pageIds: number[] = [];
    if (offset < n) pageIds = pageOf(query, c, found, matched, n, mark, tierCounts, offset, offset + query.pageSize);
    return {
      data: readDocs(pageIds),
      total: n,
      page: query.page,
      pageSize: query.pageSize,
      totalPages: Math.ceil(n / query.pageSize),
      facets: { categories: facetList(c.categoryTotals(categoryCounts), names.category), manufacturers: facetList(manufacturerCounts, names.manufacturer) },
    };
  }

  /**
   * Without text, a category or manufacturer filter narrows the pass to that filter's posting lists
   * (ids ascending) when they hold fewer than half of the parts; otherwise every id is visited.
   */
  function smallestPostings(query: PartsQuery, c: PartColumns, categoryMask: Uint8Array | undefined): Int32Array | undefined {
    const options: Int32Array[][] = [];
    if (query.manufacturerIds.length > 0) options.push([...new Set(query.manufacturerIds)].map((m) => c.idsOf('manufacturer', m)));
    if (categoryMask) {
      const leaves: Int32Array[] = [];
      for (let leaf = 0; leaf < categoryMask.length; leaf++) if (categoryMask[leaf]) leaves.push(c.idsOf('category', leaf));
      options.push(leaves);
    }
    let best: Int32Array[] | undefined;
    let bestSize = c.size / 2;
    for (const lists of options) {
      const size = lists.reduce((sum, l) => sum + l.length, 0);
      if (size < bestSize) {
        best = lists;
        bestSize = size;
      }
    }
    if (!best) return undefined;
    if (best.length === 1) return best[0];
    const merged = new Int32Array(bestSize);
    let at = 0;
    for (const l of best) {
      merged.set(l, at);
      at += l.length;
    }
    return merged.sort();
  }

  /** The unfiltered listing: totals and facets are kept by the columns, the page is read off an order. */
  function unfiltered(query: PartsQuery, c: PartColumns): PartListResponse {
    const offset = (query.page - 1) * query.pageSize;
    const to = Math.min(offset + query.pageSize, c.size);
    const pageIds: number[] = [];
    if (offset < c.size) {
      if (query.sortBy === 'relevance') {
        let seen = 0;
        for (let id = 1; id <= c.maxId && pageIds.length < to - offset; id++) {
          if (!c.alive[id]) continue;
          if (seen++ >= offset) pageIds.push(id);
        }
      } else {
        const order = c.order(query.sortBy === 'manufacturer' ? 'manufacturer' : 'partNumber');
        for (let i = offset; i < to; i++) pageIds.push(query.sortOrder === 'desc' ? order[order.length - 1 - i]! : order[i]!);
      }
    }
    return {
      data: readDocs(pageIds),
      total: c.size,
      page: query.page,
      pageSize: query.pageSize,
      totalPages: Math.ceil(c.size / query.pageSize),
      facets: { categories: facetList(c.categoryTotals(c.categoryCounts), names.category), manufacturers: facetList(c.manufacturerCounts, names.manufacturer) },
    };
  }

  function readDocs(pageIds: number[]) {
    const docs = new Map<number, string>();
    if (pageIds.length > 0) for (const row of reads.docs.all(JSON.stringify(pageIds)) as { id: number; doc: string }[]) docs.set(row.id, row.doc);
    return pageIds.flatMap((id) => {
      const doc = docs.get(id);
      return doc ? [toPartView(JSON.parse(doc) as PartDocument)] : [];
    });
  }

  /** The ids of [from, to) in the requested order; small results are sorted, large ones read off the kept orders. */
  function pageOf(
    query: PartsQuery,
    c: PartColumns,
    found: { ids: number[]; tier: Uint8Array } | undefined,
    matched: Int32Array,
    n: number,
    mark: Uint8Array,
    tierCounts: number[],
    from: number,
    to: number,
  ): number[] {
    const desc = query.sortOrder === 'desc';
    if (query.sortBy === 'relevance' && !found) return Array.from(matched.subarray(from, Math.min(to, n)));
    const name = query.sortBy === 'manufacturer' ? 'manufacturer' : 'partNumber';
    if (n <= sortInPlaceLimit) {
      const rank = c.rank(name);
      const ids = Array.from(matched.subarray(0, n));
      if (query.sortBy === 'relevance') ids.sort((a, b) => found!.tier[a]! - found!.tier[b]! || rank[a]! - rank[b]!);
      else ids.sort(desc ? (a, b) => rank[b]! - rank[a]! : (a, b) => rank[a]! - rank[b]!);
      return ids.slice(from, to);
    }
    const order = c.order(name);
    for (let i = 0; i < n; i++) mark[matched[i]!] = 1;
    try {
      if (query.sortBy === 'relevance') {
        // Tiers first (exact, prefix, infix, text), part-number order inside each tier.
        const lists: number[][] = [[], [], [], [], []];
        let skipBefore = 0;
        const starts = [0, 0, 0, 0, 0];
        for (let t = 1; t <= 4; t++) starts[t] = (skipBefore += t > 1 ? tierCounts[t - 1]! : 0);
        for (let i = 0; i < order.length; i++) {
          const id = order[i]!;
          if (!mark[id]) continue;
          const t = found!.tier[id]!;
          const pos = starts[t]! + lists[t]!.length;
          if (pos >= to) continue;
          lists[t]!.push(id);
        }
        return ([] as number[]).concat(...lists).slice(from, to);
      }
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

  const ac = {
    exact: db.prepare('SELECT doc FROM parts WHERE pn_norm = ? ORDER BY id LIMIT ?').pluck(),
    prefix: db.prepare(`SELECT doc FROM parts WHERE pn_norm > @pn AND pn_norm < @pn || '${PREFIX_END}' ORDER BY pn_norm LIMIT @limit`).pluck(),
    infix: db.prepare('SELECT p.doc FROM pn_tri JOIN parts p ON p.id = pn_tri.rowid WHERE pn_tri MATCH ? LIMIT ?').pluck(),
    text: db.prepare('SELECT p.doc FROM parts_text JOIN parts p ON p.id = parts_text.rowid WHERE parts_text MATCH ? LIMIT ?').pluck(),
  };

  function autocomplete(q: string, limit: number): Suggestion[] {
    ensureIndexes();
    const text = parseQueryText(q);
    if (!text || limit <= 0) return [];
    const seen = new Set<number>();
    const out: Suggestion[] = [];
    const take = (docs: unknown[]) => {
      for (const d of docs as string[]) {
        if (out.length >= limit) return;
        const view = toPartView(JSON.parse(d) as PartDocument);
        if (seen.has(view.id)) continue;
        seen.add(view.id);
        out.push(toSuggestion(view));
      }
    };
    const pn = text.partNumber;
    if (pn.length > 0) {
      take(ac.exact.all(pn, limit));
      if (out.length < limit) take(ac.prefix.all({ pn, limit }));
      if (out.length < limit && pn.length >= 3) take(ac.infix.all(`"${pn}"`, limit * 2));
    }
    const match = out.length < limit && text.words.length > 0 ? ftsMatch(text.words) : null;
    if (match) take(ac.text.all(match, limit * 2));
    return out;
  }

  return {
    async upsert(docs) {
      if (docs.length === 0) return;
      const c = columns();
      const applied = upsertMany(docs, c);
      if (applied.length > 0) expansions.clear();
      for (const doc of applied) c.set({ id: doc.id, categoryId: doc.categoryId, manufacturerId: doc.manufacturerId, specNumbers: doc.specNumbers });
      c.changed(applied.map((d) => d.id));
    },
    async remove(items) {
      if (items.length === 0) return;
      const c = columns();
      const removed = removeMany(items);
      if (removed.length > 0) expansions.clear();
      for (const id of removed) c.delete(id);
      c.changed(removed);
    },
    async search(query) {
      return search(query);
    },
    async autocomplete(q, limit) {
      return autocomplete(q, limit);
    },
    async partIds(filter) {
      const c = columns();
      const categories = new Set(filter.categoryIds ?? []);
      const manufacturers = new Set(filter.manufacturerIds ?? []);
      const leaves = new Set([...c.categoryPaths].filter(([, path]) => path.some((p) => categories.has(p))).map(([leaf]) => leaf));
      const out: number[] = [];
      for (let id = 1; id <= c.maxId; id++) {
        if (c.alive[id] && (leaves.has(c.category[id]!) || manufacturers.has(c.manufacturer[id]!))) out.push(id);
      }
      return out;
    },
    async clear() {
      db.exec(DROP);
      db.exec(SCHEMA);
      // A rebuild follows: the part-number indexes are created in one pass on the first read.
      indexesPending = true;
      names = loadNames();
      expansions.clear();
      loaded = undefined;
      buffers = undefined;
    },
    async count() {
      return db.prepare('SELECT count(*) FROM parts').pluck().get() as number;
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

const quote = (w: string) => `"${w.replace(/"/g, '""')}"`;

function facetList(counts: ArrayLike<number>, lookup: Map<number, { name: string; slug: string }>): FacetCount[] {
  const out: FacetCount[] = [];
  for (let id = 0; id < counts.length; id++) {
    const count = counts[id] ?? 0;
    if (count > 0) out.push({ id, name: lookup.get(id)?.name ?? '', slug: lookup.get(id)?.slug ?? '', count });
  }
  return out.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
