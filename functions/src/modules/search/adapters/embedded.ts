import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { normalizePartNumber } from '@parts/shared/part-number';
import { synonymListSchema, type FacetCount, type Highlight, type PartListResponse, type PartsQuery, type Suggestion } from '@parts/shared/schemas';
import type { AutocompleteAnswer, PartDocument, SearchIndex } from '../ports/search-index';
import { PartColumns } from './part-columns';
import { idList } from './id-lists';
import { createEmbeddedMatchSource } from './embedded-match';
import { matchPartLines, yieldingMatchSource } from '../../bom';
import { codeTerms, parseQueryText, toPartView, toSuggestion, type ParsedQueryText } from './query-text';
import { DEFAULT_SYNONYMS, type SynonymList } from './synonyms';
import { Vocabulary, wordForms } from './word-match';

export interface EmbeddedSearchOptions {
  /** SQLite file; ':memory:' for a throw-away index. */
  file: string;
  /** Results up to this size are sorted directly, larger ones read off the kept orders (tests lower it to cover both). */
  sortInPlaceLimit?: number;
  /** After writes, the vocabulary used for corrections is reloaded at most this often (tests set 0). */
  vocabularyRefreshMs?: number;
  /** Ids of word matches kept between writes (0 turns the cache off; the benchmark reports both). */
  wordMatchCacheIds?: number;
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
  /** A view of the shared scratch buffer: valid until the next candidates() call. */
  ids: Int32Array;
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
  discontinued INTEGER NOT NULL DEFAULT 0,
  slug TEXT NOT NULL,
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
  name, manufacturer, category, description, codes,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1, detail = 'none'
);
CREATE VIRTUAL TABLE IF NOT EXISTS parts_text_vocab USING fts5vocab (parts_text, 'row');
`;

/**
 * Bumped when the layout or what is stored changes (4: ancestor names for facets; 5: ancestor names
 * searchable; 6: discontinued flag, codes in names and descriptions joined; 7: slug column, the part
 * page's lookup): an older file is emptied at open, and the start-up count check reindexes it.
 */
const SCHEMA_VERSION = 7;

/**
 * The columns' id for "none": a part without a category or a manufacturer (null in the document, ADR 101).
 * Ids are positive, so 0 is never a real one; no facet, filter or path holds it.
 */
const NONE = 0;

/** Built after a bulk load (one sort each) rather than row by row: see clear(). */
const INDEXES = `
CREATE INDEX IF NOT EXISTS parts_pn_norm ON parts (pn_norm);
CREATE INDEX IF NOT EXISTS parts_pn_sort ON parts (pn_sort, id);
CREATE INDEX IF NOT EXISTS parts_mfr_sort ON parts (mfr_sort, pn_sort, id);
CREATE INDEX IF NOT EXISTS parts_slug ON parts (slug);
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
  // Its lookups are synchronous SQLite reads: sliced, with a turn of the event loop between slices (issue 26).
  const matchSource = yieldingMatchSource(createEmbeddedMatchSource(db));
  const synonyms = options.synonyms ? synonymListSchema.parse(options.synonyms) : DEFAULT_SYNONYMS;
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
    for (const [id, categoryId, manufacturerId, discontinued] of db
      .prepare('SELECT id, category_id, manufacturer_id, discontinued FROM parts')
      .raw()
      .iterate() as IterableIterator<[number, number, number, number]>) {
      c.set({ id, categoryId, manufacturerId, discontinued: discontinued === 1, specNumbers: {} });
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
      'INSERT INTO parts (id, version, pn_norm, pn_sort, mfr_sort, category_id, manufacturer_id, discontinued, slug, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertSpec: db.prepare('INSERT OR REPLACE INTO part_specs (part_id, key, value) VALUES (?, ?, ?)'),
    insertTri: db.prepare('INSERT INTO pn_tri (rowid, pn) VALUES (?, ?)'),
    insertText: db.prepare('INSERT INTO parts_text (rowid, name, manufacturer, category, description, codes) VALUES (?, ?, ?, ?, ?, ?)'),
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
        doc.categoryId ?? NONE,
        doc.manufacturerId ?? NONE,
        doc.status === 'discontinued' ? 1 : 0,
        doc.slug,
        JSON.stringify(stored),
      );
      for (const [key, value] of Object.entries(doc.specNumbers)) {
        if (Number.isFinite(value)) writes.insertSpec.run(doc.id, key, value);
      }
      writes.insertTri.run(doc.id, pn);
      // Part numbers stay out of the word index: a million unique tokens would slow every prefix query.
      const description = doc.description ?? '';
      writes.insertText.run(doc.id, doc.name, doc.manufacturerName, categoryText(doc), description, codeTerms(`${doc.name} ${description}`).join(' '));
      for (const a of categoryAncestors ?? []) rememberName('category', a.id, a.name, a.slug);
      if (doc.categoryId !== null) {
        rememberName('category', doc.categoryId, doc.categoryName, doc.categorySlug);
        rememberPath(c, doc.categoryId, [...new Set([doc.categoryId, ...doc.categoryPath])]);
      }
      if (doc.manufacturerId !== null) rememberName('manufacturer', doc.manufacturerId, doc.manufacturerName, doc.manufacturerSlug);
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

  const versionsAfter = db.prepare('SELECT id, version FROM parts WHERE id > ? ORDER BY id LIMIT ?');
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

  /**
   * The vocabulary with document counts, for corrections and relaxation, read one first letter at a
   * time when first needed (fts5vocab walks the posting lists of the terms it reads); after writes it
   * is read afresh at most every vocabularyRefreshMs.
   */
  let vocabulary: { value: Vocabulary; loadedAt: number; stale: boolean } | undefined;
  const vocabularyRefreshMs = options.vocabularyRefreshMs ?? 30_000;
  const vocabularyOf = db.prepare('SELECT term, doc FROM parts_text_vocab WHERE term >= ? AND term < ?').raw();
  function words(): Vocabulary {
    if (!vocabulary || (vocabulary.stale && Date.now() - vocabulary.loadedAt >= vocabularyRefreshMs)) {
      const load = (initial: string) => {
        if (initial === '') return [];
        const next = String.fromCodePoint(initial.codePointAt(0)! + 1);
        return (vocabularyOf.all(initial, next) as [string, number][]).map(([term, docs]) => ({ term, docs }));
      };
      vocabulary = { value: new Vocabulary(load), loadedAt: Date.now(), stale: false };
    }
    return vocabulary.value;
  }
  /**
   * Word matches (ids per FTS5 expression), kept until the next write: paging, sorting or ticking a
   * facet repeats the same words, and at 1M parts reading a large match is most of a listing's cost.
   * Bounded by the ids held (LRU).
   */
  const wordMatches = new Map<string, Int32Array>();
  let wordMatchIds = 0;
  const wordMatchLimit = options.wordMatchCacheIds ?? 2_000_000;
  function textIds(expression: string): Int32Array {
    const known = wordMatches.get(expression);
    if (known) {
      wordMatches.delete(expression);
      wordMatches.set(expression, known);
      return known;
    }
    const ids = idList(reads.text.get(expression));
    if (ids.length <= wordMatchLimit / 4) {
      wordMatches.set(expression, ids);
      wordMatchIds += ids.length;
      for (const [key, value] of wordMatches) {
        if (wordMatchIds <= wordMatchLimit) break;
        wordMatches.delete(key);
        wordMatchIds -= value.length;
      }
    }
    return ids;
  }
  const written = () => {
    expansions.clear();
    wordMatches.clear();
    wordMatchIds = 0;
    if (vocabulary) vocabulary.stale = true;
  };

  /**
   * The FTS5 expressions of the typed words. `strict`: every word as typed, the last one as a prefix.
   * Prefixes of 2-3 characters use FTS5's prefix indexes; longer ones are expanded to the matching
   * terms, because FTS5 copies a whole prefix doclist before returning a row, and an OR of terms
   * streams. `expanded`: each word or one of its forms or synonyms, and a word that none of those
   * finds in the index is corrected to its closest terms (typo tolerance only where needed; never a
   * piece of a typed code or number). `extraEdits` makes the corrections fuzzier (the last relaxation).
   */
  function planText(typed: string[], fixed: Set<string>, extraEdits = 0): TextPlan {
    const highlight = { terms: new Set<string>(), prefixes: new Set<string>() };
    const strict: string[] = [];
    const expanded: string[] = [];
    const correctedWords: string[] = [];
    let strictOk = true;
    let expandedOk = true;
    let corrected = false;
    let widened = false;
    typed.forEach((w, i) => {
      const last = i === typed.length - 1;
      let asTyped: string | null = null;
      const typedTerms = new Set<string>();
      if (!last) {
        if (isTerm(w)) {
          asTyped = quote(w);
          typedTerms.add(w);
          highlight.terms.add(w);
        }
      } else {
        const terms = termsIn(w, `${w}\uffff`);
        if (terms.length > 0 && (w.length <= 3 || terms.length > MAX_EXPANSION)) {
          asTyped = `${quote(w)}*`;
          highlight.prefixes.add(w);
        } else if (terms.length > 0) {
          asTyped = terms.length === 1 ? quote(terms[0]!) : `(${terms.map(quote).join(' OR ')})`;
          for (const t of terms) {
            typedTerms.add(t);
            highlight.terms.add(t);
          }
        }
      }
      const alternatives: string[] = [];
      for (const form of wordForms(w).slice(1)) {
        // A form the typed prefix already covers ("cylinders" for "cylinder") adds nothing.
        if (typedTerms.has(form) || (asTyped?.endsWith('*') && form.startsWith(w))) continue;
        if (isTerm(form)) {
          alternatives.push(quote(form));
          highlight.terms.add(form);
        }
      }
      for (const phrase of synonyms[w] ?? []) {
        const parts = phrase
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean);
        if (parts.length === 0 || !parts.every(isTerm)) continue;
        alternatives.push(parts.length === 1 ? quote(parts[0]!) : `(${parts.map(quote).join(' AND ')})`);
        for (const part of parts) highlight.terms.add(part);
      }
      if (asTyped) strict.push(asTyped);
      else strictOk = false;
      let clause = [...(asTyped ? [asTyped] : []), ...alternatives];
      if (alternatives.length > 0) widened = true;
      let shown = w;
      if (clause.length === 0 && !fixed.has(w)) {
        const fixes = words().corrections(w, { prefix: last, extraEdits, limit: 8 });
        clause = fixes.map((f) => quote(f.term));
        for (const f of fixes) highlight.terms.add(f.term);
        if (fixes.length > 0) {
          corrected = true;
          widened = true;
          shown = fixes[0]!.term;
        }
      }
      if (clause.length === 0) expandedOk = false;
      correctedWords.push(shown);
      expanded.push(clause.length === 1 ? clause[0]! : `(${clause.join(' OR ')})`);
    });
    const strictText = strictOk && strict.length > 0 ? strict.join(' AND ') : null;
    const expandedText = expandedOk && expanded.length > 0 && widened ? expanded.join(' AND ') : null;
    return {
      strict: strictText,
      expanded: expandedText,
      corrected: corrected ? correctedWords.join(' ') : null,
      highlight,
    };
  }

  const reads = {
    exact: db.prepare('SELECT id FROM parts WHERE pn_norm = ?').pluck(),
    // Large id lists come back as one comma-separated string: one value to cross into JavaScript instead of one row per id (2-3x faster at 100k ids).
    prefix: db.prepare(`SELECT group_concat(id, ',') FROM parts WHERE pn_norm > @pn AND pn_norm < @pn || '${PREFIX_END}'`).pluck(),
    infix: db.prepare("SELECT group_concat(rowid, ',') FROM pn_tri WHERE pn_tri MATCH ?").pluck(),
    text: db.prepare("SELECT group_concat(rowid, ',') FROM parts_text WHERE parts_text MATCH ?").pluck(),
    docs: db.prepare('SELECT id, doc FROM parts WHERE id IN (SELECT value FROM json_each(?))'),
    // Two at most: a slug held by two documents (one of them stale) is no answer.
    bySlug: db.prepare('SELECT doc FROM parts WHERE slug = ? LIMIT 2').pluck(),
  };

  /**
   * Candidate ids of a typed text with their tier: 1 exact part number, 2 prefix, 3 infix, 4 words as
   * typed, 5 word forms, synonyms and corrections. Dimensions typed in the text narrow the word tiers
   * (alone, they select every part that has them); a part number is matched as typed. The tiers are
   * marked in the shared scratch buffer: hand the result to run() or release() it.
   */
  function candidates(text: ParsedQueryText, c: PartColumns, extraEdits = 0): Candidates | null {
    const pn = text.partNumber;
    const sources: [number, () => ArrayLike<number>][] = [];
    const dims = Object.entries(text.specs).map(([key, r]) => ({ values: c.specs.get(key), min: r.min, max: r.max }));
    let partNumberTiers = false;
    if (pn.length > 0) {
      sources.push([1, () => reads.exact.all(pn) as number[]], [2, () => idList(reads.prefix.get({ pn }))]);
      if (pn.length >= 3) sources.push([3, () => idList(reads.infix.get(`"${pn}"`))]);
    }
    const plan = text.words.length > 0 ? planText(text.words, text.fixed, extraEdits) : null;
    const strict = plan?.strict;
    const expanded = plan?.expanded;
    if (strict) sources.push([4, () => textIds(strict)]);
    if (expanded) sources.push([5, () => textIds(expanded)]);
    if (!plan && dims.length > 0) sources.push([4, () => withDimensions(c, dims)]);
    if (sources.length === 0) return null;
    const { tier, candidates: out } = scratch(c);
    const alive = c.alive;
    let n = 0;
    let textTiers = 0;
    for (const [t, read] of sources) {
      const found = read();
      const before = n;
      const checkDimensions = t >= 4 && plan !== null && dims.length > 0;
      for (let k = 0; k < found.length; k++) {
        const id = found[k]!;
        if (id >= tier.length || tier[id] !== 0 || alive[id] === 0) continue;
        if (checkDimensions && !hasDimensions(dims, id)) continue;
        tier[id] = t;
        out[n++] = id;
      }
      if (n > before) {
        if (t <= 3) partNumberTiers = true;
        else textTiers |= 1 << t;
      }
    }
    const ids = out.subarray(0, n);
    const highlight: Highlight = {
      terms: [...(plan?.highlight.terms ?? [])].slice(0, 64),
      prefixes: [...(plan?.highlight.prefixes ?? [])],
      partNumber: partNumberTiers ? pn : null,
    };
    // Corrected words are only worth saying when nothing matched as typed.
    const corrected = plan?.corrected && !partNumberTiers && !(textTiers & (1 << 4)) ? plan.corrected : null;
    return { ids, tier, highlight, corrected };
  }

  type Dimension = { values: Float64Array | undefined; min: number; max: number };

  function hasDimensions(dims: Dimension[], id: number): boolean {
    for (const d of dims) {
      const v = d.values?.[id];
      // NaN (no value) and undefined (no part has this spec) fail both comparisons.
      if (v === undefined || !(v >= d.min && v <= d.max)) return false;
    }
    return true;
  }

  /** Every live part with the typed dimensions: one pass over the typed columns. */
  function withDimensions(c: PartColumns, dims: Dimension[]): Int32Array {
    if (dims.some((d) => !d.values)) return new Int32Array(0);
    const out = scratch(c).matched;
    let n = 0;
    const [first, ...rest] = dims as { values: Float64Array; min: number; max: number }[];
    const values = first!.values;
    for (let id = 1; id <= c.maxId; id++) {
      const v = values[id]!;
      if (v >= first!.min && v <= first!.max && c.alive[id] && (rest.length === 0 || hasDimensions(rest, id))) out[n++] = id;
    }
    return out.slice(0, n);
  }

  function release(found: Candidates | null | undefined) {
    if (!found) return;
    const { ids, tier } = found;
    for (let i = 0; i < ids.length; i++) tier[ids[i]!] = 0;
  }

  let buffers: { tier: Uint8Array; mark: Uint8Array; matched: Int32Array; candidates: Int32Array } | undefined;
  function scratch(c: PartColumns) {
    const size = c.alive.length;
    if (!buffers || buffers.tier.length !== size) {
      buffers = {
        tier: new Uint8Array(size),
        mark: new Uint8Array(size),
        matched: new Int32Array(size),
        candidates: new Int32Array(size),
      };
    }
    return buffers;
  }

  /**
   * A listing. When the typed text matches no part at all (before the filters), it is relaxed: one
   * word dropped (the least selective first; a word the index does not know before any), or the typed
   * dimensions, then the words corrected one edit further; the answer says which text it shows. When
   * the words match but the filters leave nothing, the answer is empty: the facets, which ignore their
   * own selection, show where the matches are.
   */
  function search(query: PartsQuery): PartListResponse {
    ensureIndexes();
    const c = columns();
    const text = parseQueryText(query.q);
    if (!text) return run(query, c, undefined);
    const found = candidates(text, c);
    if (found && found.ids.length > 0) return run(query, c, found);
    release(found);
    const variants: { text: ParsedQueryText; label: string | null; extraEdits: number }[] = relaxations(text).map((r) => ({ ...r, extraEdits: 0 }));
    if (text.words.length > 0) variants.push({ text, label: null, extraEdits: 1 });
    for (const variant of variants) {
      const relaxed = candidates(variant.text, c, variant.extraEdits);
      if (!relaxed || relaxed.ids.length === 0) {
        release(relaxed);
        continue;
      }
      const answer = run(query, c, relaxed);
      const label = answer.correctedQuery ?? variant.label;
      if (answer.total > 0 && label) return { ...answer, relaxedQuery: label, correctedQuery: null, didYouMean: didYouMean(text) };
    }
    return { ...empty(query), highlight: { terms: [], prefixes: [], partNumber: null }, correctedQuery: null, didYouMean: didYouMean(text) };
  }

  function empty(query: PartsQuery): PartListResponse {
    return { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: { categories: [], manufacturers: [] } };
  }

  function run(query: PartsQuery, c: PartColumns, found: Candidates | undefined): PartListResponse {
    try {
      const answer = searchColumns(query, c, found);
      return found ? { ...answer, highlight: found.highlight, correctedQuery: found.corrected } : answer;
    } finally {
      release(found);
    }
  }

  /** Shorter texts to try: without one word (a word the index does not know first, then the most frequent), or without the typed dimensions. */
  function relaxations(text: ParsedQueryText): { text: ParsedQueryText; label: string }[] {
    const dims = Object.keys(text.specs).length > 0;
    if (!text.relaxable || text.words.length + (dims ? 1 : 0) < 2) return [];
    const vocabulary = words();
    // How many parts a word selects: as typed, else through a form, a synonym or a correction; a word nothing explains goes first.
    const weight = (w: string, last: boolean) => {
      if (vocabulary.has(w)) return vocabulary.docCount(w);
      if (last && vocabulary.hasPrefix(w)) return 0;
      if (text.fixed.has(w)) return Number.POSITIVE_INFINITY;
      const form = wordForms(w).find((f) => vocabulary.has(f));
      if (form) return vocabulary.docCount(form);
      if (synonyms[w]) return 0;
      const best = vocabulary.corrections(w, { prefix: last, limit: 1 })[0];
      return best ? best.docs : Number.POSITIVE_INFINITY;
    };
    const order = text.words.map((w, i) => ({ i, weight: weight(w, i === text.words.length - 1) })).sort((a, b) => b.weight - a.weight);
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
      if (text.fixed.has(w) || isTerm(w) || (last && vocabulary.hasPrefix(w))) return w;
      const best = vocabulary.corrections(w, { prefix: last, extraEdits: 1, limit: 1 })[0];
      if (!best) return w;
      changed = true;
      return best.term;
    });
    return changed ? out.join(' ') : null;
  }

  /**
   * Filters, exact total, both facets and the page, in one pass over the candidates (or the posting
   * lists, or every id). Facet counts are disjunctive: a part counts for the category facet when it
   * passes every filter but the category one, and for the manufacturer facet when it passes every
   * filter but the manufacturer one, so ticking a category leaves its siblings' counts as they were.
   */
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
    // Without text or ranges, a facet whose own filter is the only one counts the whole catalogue: the kept counts.
    const keptCategories = !found && ranges.length === 0 && !manufacturerMask;
    const keptManufacturers = !found && ranges.length === 0 && !categoryMask;
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
    /** Matches per (tier, discontinued): the page of a large relevance result is cut from these. */
    const bucketCounts = new Array<number>(2 * (TIERS + 1)).fill(0);
    const driver = found ? found.ids : drivingIds(c, categoryMask, manufacturerMask, keptCategories, keptManufacturers);
    // Without a driver every id is visited: one sequential pass over the columns.
    if (driver) visit(pass, driver, driver.length);
    else visit(pass, null, c.maxId);
    const n = pass.n;
    const discontinued = pass.discontinuedMatched;
    // A facet whose own filter is the only one counts the whole catalogue (the pass saw only the filtered posting lists).
    const categoryCounts = keptCategories ? c.categoryCounts : pass.categoryCounts;
    const manufacturerCounts = keptManufacturers ? c.manufacturerCounts : pass.manufacturerCounts;
    if (found) for (let i = 0; i < n; i++) bucketCounts[2 * found.tier[matched[i]!]! + c.discontinued[matched[i]!]!]!++;

    const offset = (query.page - 1) * query.pageSize;
    let pageIds: number[] = [];
    if (offset < n) pageIds = pageOf(query, c, found, matched, n, n - discontinued, mark, bucketCounts, offset, offset + query.pageSize);
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

  /** The unfiltered listing: totals and facets are kept by the columns, the page is read off an order. */
  function unfiltered(query: PartsQuery, c: PartColumns): PartListResponse {
    const offset = (query.page - 1) * query.pageSize;
    const to = Math.min(offset + query.pageSize, c.size);
    const pageIds: number[] = [];
    if (offset < c.size) {
      if (query.sortBy === 'relevance') {
        // By id, discontinued parts after all the others.
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

  /**
   * The ids of [from, to) in the requested order. Relevance: tier, then discontinued parts after the
   * others, then part number (without text: id). Small results are sorted (or, for an early page, the
   * first `to` selected); large ones are read off the kept orders, stopping once the page is known.
   */
  function pageOf(
    query: PartsQuery,
    c: PartColumns,
    found: Candidates | undefined,
    matched: Int32Array,
    n: number,
    active: number,
    mark: Uint8Array,
    bucketCounts: number[],
    from: number,
    to: number,
  ): number[] {
    const desc = query.sortOrder === 'desc';
    to = Math.min(to, n);
    if (query.sortBy === 'relevance' && !found) {
      // matched is in id order: the active (and coming) parts first, then the discontinued ones.
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
    const name = query.sortBy === 'manufacturer' ? 'manufacturer' : 'partNumber';
    if (n <= sortInPlaceLimit) {
      const rank = c.rank(name);
      const span = rank.length + 1;
      const key =
        query.sortBy === 'relevance'
          ? (id: number) => (2 * found!.tier[id]! + c.discontinued[id]!) * span + rank[id]!
          : desc
            ? (id: number) => -rank[id]!
            : (id: number) => rank[id]!;
      return firstInOrder(matched, n, key, to).slice(from, to);
    }
    const order = c.order(name);
    for (let i = 0; i < n; i++) mark[matched[i]!] = 1;
    try {
      if (query.sortBy === 'relevance') {
        // Buckets (tier, discontinued) in order; inside each, part-number order. Stop once every bucket the page reaches is full.
        const buckets = bucketCounts.length;
        const lists: number[][] = Array.from({ length: buckets }, () => []);
        const starts = new Array<number>(buckets).fill(0);
        const needed = new Array<number>(buckets).fill(0);
        let total = 0;
        for (let b = 0, at = 0; b < buckets; at += bucketCounts[b]!, b++) {
          starts[b] = at;
          needed[b] = Math.max(0, Math.min(bucketCounts[b]!, to - at));
          total += needed[b]!;
        }
        let collected = 0;
        for (let i = 0; i < order.length && collected < total; i++) {
          const id = order[i]!;
          if (!mark[id]) continue;
          const b = 2 * found!.tier[id]! + c.discontinued[id]!;
          if (lists[b]!.length >= needed[b]!) continue;
          lists[b]!.push(id);
          collected++;
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
    const plan = out.length < limit && text.words.length > 0 ? planText(text.words, text.fixed) : null;
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
      for (const doc of applied) {
        c.set({
          id: doc.id,
          categoryId: doc.categoryId ?? NONE,
          manufacturerId: doc.manufacturerId ?? NONE,
          discontinued: doc.status === 'discontinued',
          specNumbers: doc.specNumbers,
        });
      }
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
    async partBySlug(slug) {
      ensureIndexes();
      const found = reads.bySlug.all(slug) as string[];
      return found.length === 1 ? (JSON.parse(found[0]!) as PartDocument) : undefined;
    },
    async matchParts(lines) {
      ensureIndexes();
      return matchPartLines(matchSource, lines);
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
    async listVersions(afterId, limit) {
      return versionsAfter.all(afterId, limit) as { id: number; version: number }[];
    },
    async clear() {
      db.exec(DROP);
      db.exec(SCHEMA);
      // A rebuild follows: the part-number indexes are created in one pass on the first read.
      indexesPending = true;
      names = loadNames();
      expansions.clear();
      wordMatches.clear();
      wordMatchIds = 0;
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

const quote = (w: string) => `"${w.replace(/"/g, '""')}"`;

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
 * ids is null): a part counts for the category facet when it passes every filter but the category
 * one, and for the manufacturer facet when it passes every filter but the manufacturer one.
 * The loop has no data-dependent branch (every test is a 0/1 and-ed in, every count adds it, a match
 * is written and kept by advancing n): at 1M parts a branch per filter mispredicted on a third of
 * the parts costs more than the reads. Module functions over typed arrays only, so V8 compiles them
 * for exactly those types; the first two ranges are hoisted into locals (see ADR 073).
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

function facetList(counts: ArrayLike<number>, lookup: Map<number, { name: string; slug: string }>): FacetCount[] {
  const out: FacetCount[] = [];
  // From 1: NONE (uncategorised, manufacturer unknown) is no facet, as OpenSearch's terms aggregation skips a missing field.
  for (let id = 1; id < counts.length; id++) {
    const count = counts[id] ?? 0;
    if (count > 0) out.push({ id, name: lookup.get(id)?.name ?? '', slug: lookup.get(id)?.slug ?? '', count });
  }
  return out.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
