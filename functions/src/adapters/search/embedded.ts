import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { normalizePartNumber } from '@parts/shared/part-number';
import type { FacetCount, Highlight, PartListResponse, PartsQuery, Suggestion } from '@parts/shared/schemas';
import type { AutocompleteAnswer, PartDocument, SearchIndex } from '../../ports/search-index';
import { PartColumns } from './part-columns';
import { matchesTypedSpecs, parseQueryText, toPartView, toSuggestion, type ParsedQueryText } from './query-text';
import { DEFAULT_SYNONYMS, type SynonymList } from './synonyms';
import { Vocabulary, wordForms } from './word-match';

export interface EmbeddedSearchOptions {
  /** SQLite file; ':memory:' for a throw-away index. */
  file: string;
  /** Results up to this size are sorted directly, larger ones read off the kept orders (tests lower it to cover both). */
  sortInPlaceLimit?: number;
  /** After writes, the vocabulary used for corrections is reloaded at most this often (tests set 0). */
  vocabularyRefreshMs?: number;
  /** Synonyms (typed word → phrases the catalogue uses); the domain's default list unless given. */
  synonyms?: SynonymList;
}

/** 1 exact part number, 2 part-number prefix, 3 infix, 4 words as typed, 5 forms, synonyms and corrections. */
const TIERS = 5;

interface TextPlan {
  strict: string | null;
  expanded: string | null;
  corrected: string | null;
  highlight: { terms: Set<string>; prefixes: Set<string> };
}

interface Candidates {
  ids: number[];
  tier: Uint8Array;
  highlight: Highlight;
  corrected: string | null;
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

/** Bumped when the layout or what is stored changes (4: ancestor names for facets; 5: ancestor names searchable): an older file is emptied at open, and the start-up count check reindexes it. */
const SCHEMA_VERSION = 5;

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
  const synonyms = options.synonyms ?? DEFAULT_SYNONYMS;
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
      writes.insertText.run(doc.id, doc.name, doc.manufacturerName, categoryText(doc), doc.description ?? '');
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
  const isTerm = (w: string) => termsIn(w, `${w}\u0000`).length > 0;

  /** The whole vocabulary with document counts, for corrections; reloaded after writes at most every vocabularyRefreshMs. */
  let vocabulary: { value: Vocabulary; loadedAt: number; stale: boolean } | undefined;
  const vocabularyRefreshMs = options.vocabularyRefreshMs ?? 30_000;
  function words(): Vocabulary {
    if (!vocabulary || (vocabulary.stale && Date.now() - vocabulary.loadedAt >= vocabularyRefreshMs)) {
      const rows = db.prepare('SELECT term, doc FROM parts_text_vocab').raw().all() as [string, number][];
      vocabulary = { value: new Vocabulary(rows.map(([term, docs]) => ({ term, docs }))), loadedAt: Date.now(), stale: false };
    }
    return vocabulary.value;
  }
  const written = () => {
    expansions.clear();
    if (vocabulary) vocabulary.stale = true;
  };

  /**
   * The FTS5 expressions of the typed words. `strict`: every word as typed, the last one as a prefix.
   * Prefixes of 2-3 characters use FTS5's prefix indexes; longer ones are expanded to the matching
   * terms, because FTS5 copies a whole prefix doclist before returning a row, and an OR of terms
   * streams. `expanded`: each word or one of its forms or synonyms, and a word that none of those
   * finds in the index is corrected to its closest terms (typo tolerance only where needed).
   */
  function planText(typed: string[]): TextPlan {
    const highlight = { terms: new Set<string>(), prefixes: new Set<string>() };
    const strict: string[] = [];
    const expanded: string[] = [];
    const correctedWords: string[] = [];
    let strictOk = true;
    let expandedOk = true;
    let corrected = false;
    typed.forEach((w, i) => {
      const last = i === typed.length - 1;
      let asTyped: string | null = null;
      if (!last) {
        if (isTerm(w)) {
          asTyped = quote(w);
          highlight.terms.add(w);
        }
      } else {
        const terms = termsIn(w, `${w}\uffff`);
        if (terms.length > 0 && (w.length <= 3 || terms.length > MAX_EXPANSION)) {
          asTyped = `${quote(w)}*`;
          highlight.prefixes.add(w);
        } else if (terms.length > 0) {
          asTyped = terms.length === 1 ? quote(terms[0]!) : `(${terms.map(quote).join(' OR ')})`;
          for (const t of terms) highlight.terms.add(t);
        }
      }
      const alternatives: string[] = [];
      for (const form of wordForms(w).slice(1)) {
        if (isTerm(form)) {
          alternatives.push(quote(form));
          highlight.terms.add(form);
        }
      }
      for (const phrase of synonyms[w] ?? []) {
        const parts = phrase.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
        if (parts.length === 0 || !parts.every(isTerm)) continue;
        alternatives.push(parts.length === 1 ? quote(parts[0]!) : `(${parts.map(quote).join(' AND ')})`);
        for (const part of parts) highlight.terms.add(part);
      }
      if (asTyped) strict.push(asTyped);
      else strictOk = false;
      let clause = [...(asTyped ? [asTyped] : []), ...alternatives];
      let shown = w;
      if (clause.length === 0) {
        const fixes = words().corrections(w, { prefix: last, limit: 8 });
        clause = fixes.map((f) => quote(f.term));
        for (const f of fixes) highlight.terms.add(f.term);
        if (fixes.length > 0) {
          corrected = true;
          shown = fixes[0]!.term;
        } else expandedOk = false;
      }
      correctedWords.push(shown);
      expanded.push(clause.length === 1 ? clause[0]! : `(${clause.join(' OR ')})`);
    });
    const strictText = strictOk && strict.length > 0 ? strict.join(' AND ') : null;
    const expandedText = expandedOk && expanded.length > 0 ? expanded.join(' AND ') : null;
    return {
      strict: strictText,
      expanded: expandedText === strictText ? null : expandedText,
      corrected: corrected ? correctedWords.join(' ') : null,
      highlight,
    };
  }

  const reads = {
    exact: db.prepare('SELECT id FROM parts WHERE pn_norm = ?').pluck(),
    prefix: db.prepare(`SELECT id FROM parts WHERE pn_norm > @pn AND pn_norm < @pn || '${PREFIX_END}'`).pluck(),
    infix: db.prepare('SELECT rowid FROM pn_tri WHERE pn_tri MATCH ?').pluck(),
    text: db.prepare('SELECT rowid FROM parts_text WHERE parts_text MATCH ?').pluck(),
    docs: db.prepare('SELECT id, doc FROM parts WHERE id IN (SELECT value FROM json_each(?))'),
  };

  /**
   * Candidate ids of a typed text with their tier: 1 exact part number, 2 prefix, 3 infix, 4 words as
   * typed, 5 word forms, synonyms and corrections. Dimensions typed in the text narrow the word tiers
   * (alone, they select every part that has them); a part number is matched as typed.
   */
  function candidates(text: ParsedQueryText, c: PartColumns): Candidates | null {
    const pn = text.partNumber;
    const sources: [number, () => unknown[]][] = [];
    const dims = Object.keys(text.specs).length > 0 ? text.specs : null;
    let partNumberTiers = false;
    if (pn.length > 0) {
      sources.push([1, () => reads.exact.all(pn)], [2, () => reads.prefix.all({ pn })]);
      if (pn.length >= 3) sources.push([3, () => reads.infix.all(`"${pn}"`)]);
    }
    const plan = text.words.length > 0 ? planText(text.words) : null;
    if (plan?.strict) sources.push([4, () => reads.text.all(plan.strict)]);
    if (plan?.expanded) sources.push([5, () => reads.text.all(plan.expanded)]);
    if (!plan && dims) sources.push([4, () => allIds(c)]);
    if (sources.length === 0) return null;
    const tier = scratch(c).tier;
    const ids: number[] = [];
    let textTiers = 0;
    for (const [t, read] of sources) {
      for (const id of read() as number[]) {
        if (id < tier.length && !tier[id] && c.alive[id]) {
          if (t >= 4 && dims && !matchesTypedSpecs((key) => specOf(c, key, id), dims)) continue;
          tier[id] = t;
          ids.push(id);
          if (t <= 3) partNumberTiers = true;
          else textTiers |= 1 << t;
        }
      }
    }
    const highlight: Highlight = {
      terms: [...(plan?.highlight.terms ?? [])].slice(0, 64),
      prefixes: [...(plan?.highlight.prefixes ?? [])],
      partNumber: partNumberTiers ? pn : null,
    };
    // Corrected words are only worth saying when nothing matched as typed.
    const corrected = plan?.corrected && !partNumberTiers && !(textTiers & (1 << 4)) ? plan.corrected : null;
    return { ids, tier, highlight, corrected };
  }

  function allIds(c: PartColumns): number[] {
    const out: number[] = [];
    for (let id = 1; id <= c.maxId; id++) if (c.alive[id]) out.push(id);
    return out;
  }

  function specOf(c: PartColumns, key: string, id: number): number | undefined {
    const v = c.specs.get(key)?.[id];
    return v === undefined || Number.isNaN(v) ? undefined : v;
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
    const first = run(query, c, text);
    if (!text || first.total > 0) return first;
    // Nothing matched every word: drop one word (the least selective first), or the typed dimensions.
    for (const relaxed of relaxations(text)) {
      const answer = run(query, c, relaxed.text);
      if (answer.total > 0) return { ...answer, relaxedQuery: answer.correctedQuery ?? relaxed.label, correctedQuery: null, didYouMean: didYouMean(text) };
    }
    return { ...first, didYouMean: didYouMean(text) };
  }

  function run(query: PartsQuery, c: PartColumns, text: ParsedQueryText | null): PartListResponse {
    const found = text ? candidates(text, c) : undefined;
    if (found === null) {
      return { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: { categories: [], manufacturers: [] } };
    }
    try {
      const answer = searchColumns(query, c, found);
      return found ? { ...answer, highlight: found.highlight, correctedQuery: found.corrected } : answer;
    } finally {
      if (found) for (const id of found.ids) found.tier[id] = 0;
    }
  }

  function relaxations(text: ParsedQueryText): { text: ParsedQueryText; label: string }[] {
    const dims = Object.keys(text.specs).length > 0;
    if (!text.relaxable || text.words.length + (dims ? 1 : 0) < 2) return [];
    const vocabulary = words();
    const order = text.words.map((w, i) => ({ i, docs: vocabulary.docCount(w) })).sort((a, b) => b.docs - a.docs);
    const out = order.map(({ i }) => {
      const kept = text.words.filter((_, j) => j !== i);
      return { text: { ...text, partNumber: '', words: kept }, label: kept.join(' ') };
    });
    if (dims) out.push({ text: { ...text, partNumber: '', specs: {} }, label: text.words.join(' ') });
    return out.slice(0, 8);
  }

  /** The typed text with each word the index does not know replaced by its closest known term. */
  function didYouMean(text: ParsedQueryText): string | null {
    const vocabulary = words();
    let changed = false;
    const out = text.words.map((w, i) => {
      const last = i === text.words.length - 1;
      if (isTerm(w) || (last && vocabulary.hasPrefix(w))) return w;
      const best = vocabulary.corrections(w, { prefix: last, extraEdits: 1, limit: 1 })[0];
      if (!best) return w;
      changed = true;
      return best.term;
    });
    return changed ? out.join(' ') : null;
  }

  function searchColumns(query: PartsQuery, c: PartColumns, found: Candidates | undefined): PartListResponse {
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
    const tierCounts = new Array<number>(TIERS + 1).fill(0);
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
    found: Candidates | undefined,
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
        // Tiers first (exact, prefix, infix, words, forms and corrections), part-number order inside each tier.
        const lists: number[][] = Array.from({ length: TIERS + 1 }, () => []);
        let skipBefore = 0;
        const starts = new Array<number>(TIERS + 1).fill(0);
        for (let t = 1; t <= TIERS; t++) starts[t] = (skipBefore += t > 1 ? tierCounts[t - 1]! : 0);
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

  function autocomplete(q: string, limit: number): AutocompleteAnswer {
    ensureIndexes();
    const text = parseQueryText(q);
    if (!text || limit <= 0) return { suggestions: [], highlight: null };
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
    let partNumberFound = false;
    if (pn.length > 0) {
      take(ac.exact.all(pn, limit));
      if (out.length < limit) take(ac.prefix.all({ pn, limit }));
      if (out.length < limit && pn.length >= 3) take(ac.infix.all(`"${pn}"`, limit * 2));
      partNumberFound = out.length > 0;
    }
    const plan = out.length < limit && text.words.length > 0 ? planText(text.words) : null;
    if (plan?.strict) take(ac.text.all(plan.strict, limit * 2));
    if (plan?.expanded && out.length < limit) take(ac.text.all(plan.expanded, limit * 2));
    const highlight: Highlight = {
      terms: [...(plan?.highlight.terms ?? [])].slice(0, 64),
      prefixes: [...(plan?.highlight.prefixes ?? [])],
      partNumber: partNumberFound ? pn : null,
    };
    return { suggestions: out, highlight };
  }

  return {
    async upsert(docs) {
      if (docs.length === 0) return;
      const c = columns();
      const applied = upsertMany(docs, c);
      if (applied.length > 0) written();
      for (const doc of applied) c.set({ id: doc.id, categoryId: doc.categoryId, manufacturerId: doc.manufacturerId, specNumbers: doc.specNumbers });
      c.changed(applied.map((d) => d.id));
    },
    async remove(items) {
      if (items.length === 0) return;
      const c = columns();
      const removed = removeMany(items);
      if (removed.length > 0) written();
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
      vocabulary = undefined;
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

/** The category words a part is found by: its own category and every ancestor ("pneumatic" finds a Solenoid Valve). */
const categoryText = (doc: PartDocument) => [doc.categoryName, ...(doc.categoryAncestors ?? []).map((a) => a.name)].join(' ');

const quote = (w: string) => `"${w.replace(/"/g, '""')}"`;

function facetList(counts: ArrayLike<number>, lookup: Map<number, { name: string; slug: string }>): FacetCount[] {
  const out: FacetCount[] = [];
  for (let id = 0; id < counts.length; id++) {
    const count = counts[id] ?? 0;
    if (count > 0) out.push({ id, name: lookup.get(id)?.name ?? '', slug: lookup.get(id)?.slug ?? '', count });
  }
  return out.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
