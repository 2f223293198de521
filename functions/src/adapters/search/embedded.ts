import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { normalizePartNumber } from '@parts/shared/part-number';
import type { FacetCount, PartListResponse, PartsQuery, PartView, Suggestion } from '@parts/shared/schemas';
import type { PartDocument, SearchIndex } from '../../ports/search-index';
import { parseQueryText, toPartView, toSuggestion, type ParsedQueryText } from './query-text';

export interface EmbeddedSearchOptions {
  /** SQLite file; ':memory:' for a throw-away index. */
  file: string;
  /** Cache total + facets per query shape until the next write (default true). */
  facetCache?: boolean;
}

/** The character right after 'Z' (and so after every normalised part-number character). */
const PREFIX_END = '[';
const FACET_CACHE_SIZE = 500;
const STATEMENT_CACHE_SIZE = 300;

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
CREATE INDEX IF NOT EXISTS parts_pn_norm ON parts (pn_norm);
CREATE INDEX IF NOT EXISTS parts_pn_sort ON parts (pn_sort, id);
CREATE INDEX IF NOT EXISTS parts_mfr_sort ON parts (mfr_sort, pn_sort, id);
CREATE INDEX IF NOT EXISTS parts_category ON parts (category_id, manufacturer_id);
CREATE INDEX IF NOT EXISTS parts_manufacturer ON parts (manufacturer_id, category_id);
CREATE TABLE IF NOT EXISTS part_categories (
  category_id INTEGER NOT NULL, part_id INTEGER NOT NULL, PRIMARY KEY (category_id, part_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS part_specs (
  key TEXT NOT NULL, value REAL NOT NULL, part_id INTEGER NOT NULL, PRIMARY KEY (key, value, part_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS tombstones (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS facet_names (
  kind TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, slug TEXT NOT NULL, PRIMARY KEY (kind, id)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS pn_tri USING fts5 (pn, tokenize = 'trigram', content = '', contentless_delete = 1);
CREATE VIRTUAL TABLE IF NOT EXISTS parts_text USING fts5 (
  name, manufacturer, category, description, pn,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1, detail = 'none'
);
`;

const DROP = `
DROP TABLE IF EXISTS parts; DROP TABLE IF EXISTS part_categories; DROP TABLE IF EXISTS part_specs;
DROP TABLE IF EXISTS tombstones; DROP TABLE IF EXISTS facet_names; DROP TABLE IF EXISTS pn_tri; DROP TABLE IF EXISTS parts_text;
`;

interface Built {
  from: string;
  where: string[];
  params: Record<string, unknown>;
  hasText: boolean;
}

/**
 * The embedded search engine: SQLite FTS5 in one file (WAL). Part numbers are matched normalised
 * through a B-tree (exact and prefix) and a trigram FTS table (infix); words through a second FTS
 * table with prefix indexes. See docs/search.md for the design and the figures.
 */
export function createEmbeddedSearchIndex(options: EmbeddedSearchOptions): SearchIndex {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 1073741824');
  db.exec(SCHEMA);

  const useFacetCache = options.facetCache ?? true;
  const facetCache = new Map<string, { total: number; categories: FacetCount[]; manufacturers: FacetCount[] }>();
  const statements = new Map<string, Database.Statement>();
  let names = loadNames();

  function prepare(sql: string): Database.Statement {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  }

  function loadNames() {
    const rows = db.prepare('SELECT kind, id, name, slug FROM facet_names').all() as { kind: string; id: number; name: string; slug: string }[];
    const out = { category: new Map<number, { name: string; slug: string }>(), manufacturer: new Map<number, { name: string; slug: string }>() };
    for (const r of rows) (r.kind === 'category' ? out.category : out.manufacturer).set(r.id, { name: r.name, slug: r.slug });
    return out;
  }

  const writes = {
    getVersion: db.prepare('SELECT version FROM parts WHERE id = ?').pluck(),
    getTombstone: db.prepare('SELECT version FROM tombstones WHERE id = ?').pluck(),
    deletePart: db.prepare('DELETE FROM parts WHERE id = ?'),
    deleteCategories: db.prepare('DELETE FROM part_categories WHERE part_id = ?'),
    deleteSpecsByKey: db.prepare('DELETE FROM part_specs WHERE key = ? AND part_id = ?'),
    deleteTri: db.prepare('DELETE FROM pn_tri WHERE rowid = ?'),
    deleteText: db.prepare('DELETE FROM parts_text WHERE rowid = ?'),
    insertPart: db.prepare(
      'INSERT INTO parts (id, version, pn_norm, pn_sort, mfr_sort, category_id, manufacturer_id, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertCategory: db.prepare('INSERT OR IGNORE INTO part_categories (category_id, part_id) VALUES (?, ?)'),
    insertSpec: db.prepare('INSERT OR IGNORE INTO part_specs (key, value, part_id) VALUES (?, ?, ?)'),
    insertTri: db.prepare('INSERT INTO pn_tri (rowid, pn) VALUES (?, ?)'),
    insertText: db.prepare('INSERT INTO parts_text (rowid, name, manufacturer, category, description, pn) VALUES (?, ?, ?, ?, ?, ?)'),
    setTombstone: db.prepare('INSERT OR REPLACE INTO tombstones (id, version) VALUES (?, ?)'),
    clearTombstone: db.prepare('DELETE FROM tombstones WHERE id = ?'),
    upsertName: db.prepare('INSERT OR REPLACE INTO facet_names (kind, id, name, slug) VALUES (?, ?, ?, ?)'),
    specKeysOf: db.prepare("SELECT json_extract(doc, '$.specNumbers') FROM parts WHERE id = ?").pluck(),
  };

  function removeRows(id: number) {
    const specs = writes.specKeysOf.get(id) as string | undefined;
    if (specs) for (const key of Object.keys(JSON.parse(specs) as Record<string, number>)) writes.deleteSpecsByKey.run(key, id);
    writes.deleteCategories.run(id);
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

  const upsertMany = db.transaction((docs: PartDocument[]) => {
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
      writes.insertPart.run(
        doc.id,
        doc.version,
        pn,
        doc.partNumber.toUpperCase(),
        doc.manufacturerName.toLowerCase(),
        doc.categoryId,
        doc.manufacturerId,
        JSON.stringify(doc),
      );
      const path = new Set([doc.categoryId, ...doc.categoryPath]);
      for (const c of path) writes.insertCategory.run(c, doc.id);
      for (const [key, value] of Object.entries(doc.specNumbers)) {
        if (Number.isFinite(value)) writes.insertSpec.run(key, value, doc.id);
      }
      writes.insertTri.run(doc.id, pn);
      writes.insertText.run(doc.id, doc.name, doc.manufacturerName, doc.categoryName, doc.description ?? '', `${doc.partNumber} ${pn}`);
      rememberName('category', doc.categoryId, doc.categoryName, doc.categorySlug);
      rememberName('manufacturer', doc.manufacturerId, doc.manufacturerName, doc.manufacturerSlug);
    }
  });

  const removeMany = db.transaction((items: { id: number; version: number }[]) => {
    for (const item of items) {
      const current = writes.getVersion.get(item.id) as number | undefined;
      if (current !== undefined && item.version < current) continue;
      const tomb = writes.getTombstone.get(item.id) as number | undefined;
      if (tomb !== undefined && tomb >= item.version) continue;
      if (current !== undefined) removeRows(item.id);
      writes.setTombstone.run(item.id, item.version);
    }
  });

  function build(query: PartsQuery, text: ParsedQueryText | null): Built | null {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    const from = 'parts p';
    let hasText = false;
    if (text) {
      const sources: string[] = [];
      const pn = text.partNumber;
      if (pn.length >= 3) sources.push('SELECT rowid AS id FROM pn_tri WHERE pn_tri MATCH @tri');
      else if (pn.length > 0) sources.push('SELECT id FROM parts WHERE pn_norm >= @pn AND pn_norm < @pnEnd');
      if (text.words.length > 0) sources.push('SELECT rowid AS id FROM parts_text WHERE parts_text MATCH @fts');
      if (sources.length === 0) return null;
      if (pn.length >= 3) params.tri = `"${pn}"`;
      params.pn = pn;
      params.pnEnd = pn + PREFIX_END;
      if (text.words.length > 0) params.fts = ftsQuery(text.words);
      where.push(`p.id IN (${sources.join(' UNION ')})`);
      hasText = true;
    }
    if (query.categoryIds.length > 0) {
      const keys = query.categoryIds.map((id, i) => ((params[`c${i}`] = id), `@c${i}`));
      where.push(`p.id IN (SELECT part_id FROM part_categories WHERE category_id IN (${keys.join(',')}))`);
    }
    if (query.manufacturerIds.length > 0) {
      const keys = query.manufacturerIds.map((id, i) => ((params[`m${i}`] = id), `@m${i}`));
      where.push(`p.manufacturer_id IN (${keys.join(',')})`);
    }
    Object.entries(query.specifications).forEach(([key, range], i) => {
      if (range.min == null && range.max == null) return;
      params[`sk${i}`] = key;
      const conds = [`key = @sk${i}`];
      if (range.min != null) {
        params[`smin${i}`] = range.min;
        conds.push(`value >= @smin${i}`);
      }
      if (range.max != null) {
        params[`smax${i}`] = range.max;
        conds.push(`value <= @smax${i}`);
      }
      where.push(`p.id IN (SELECT part_id FROM part_specs WHERE ${conds.join(' AND ')})`);
    });
    return { from, where, params, hasText };
  }

  function orderBy(query: PartsQuery, built: Built): string {
    const dir = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    if (query.sortBy === 'partNumber') return `p.pn_sort ${dir}, p.id ${dir}`;
    if (query.sortBy === 'manufacturer') return `p.mfr_sort ${dir}, p.pn_sort ${dir}, p.id ${dir}`;
    // Relevance is always best first: exact part number, then prefix, then infix, then text.
    if (!built.hasText) return 'p.id ASC';
    return `CASE WHEN p.pn_norm = @pn THEN 0 WHEN p.pn_norm > @pn AND p.pn_norm < @pnEnd THEN 1
      WHEN @pn <> '' AND instr(p.pn_norm, @pn) > 0 THEN 2 ELSE 3 END, p.pn_sort ASC, p.id ASC`;
  }

  function counts(built: Built) {
    const whereSql = built.where.length > 0 ? `WHERE ${built.where.join(' AND ')}` : '';
    const sql = `SELECT p.category_id AS c, p.manufacturer_id AS m, count(*) AS n FROM ${built.from} ${whereSql} GROUP BY 1, 2`;
    const key = sql + JSON.stringify(built.params);
    const cached = useFacetCache ? facetCache.get(key) : undefined;
    if (cached) return cached;
    const rows = prepare(sql).all(built.params) as { c: number; m: number; n: number }[];
    const byCategory = new Map<number, number>();
    const byManufacturer = new Map<number, number>();
    let total = 0;
    for (const r of rows) {
      total += r.n;
      byCategory.set(r.c, (byCategory.get(r.c) ?? 0) + r.n);
      byManufacturer.set(r.m, (byManufacturer.get(r.m) ?? 0) + r.n);
    }
    const result = { total, categories: facetList(byCategory, names.category), manufacturers: facetList(byManufacturer, names.manufacturer) };
    if (useFacetCache) {
      if (facetCache.size >= FACET_CACHE_SIZE) facetCache.delete(facetCache.keys().next().value!);
      facetCache.set(key, result);
    }
    return result;
  }

  function search(query: PartsQuery): PartListResponse {
    const text = parseQueryText(query.q);
    const built = build(query, text);
    const empty = { categories: [], manufacturers: [] };
    if (!built) return { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: empty };
    const { total, categories, manufacturers } = counts(built);
    const whereSql = built.where.length > 0 ? `WHERE ${built.where.join(' AND ')}` : '';
    const offset = (query.page - 1) * query.pageSize;
    let data: PartView[] = [];
    if (offset < total) {
      const sql = `SELECT p.doc FROM ${built.from} ${whereSql} ORDER BY ${orderBy(query, built)} LIMIT @limit OFFSET @offset`;
      const docs = prepare(sql).pluck().all({ ...built.params, limit: query.pageSize, offset }) as string[];
      data = docs.map((d) => toPartView(JSON.parse(d) as PartDocument));
    }
    return {
      data,
      total,
      page: query.page,
      pageSize: query.pageSize,
      totalPages: Math.ceil(total / query.pageSize),
      facets: { categories, manufacturers },
    };
  }

  const ac = {
    exact: db.prepare('SELECT doc FROM parts WHERE pn_norm = ? ORDER BY id LIMIT ?').pluck(),
    prefix: db.prepare(`SELECT doc FROM parts WHERE pn_norm > @pn AND pn_norm < @pn || '${PREFIX_END}' ORDER BY pn_norm LIMIT @limit`).pluck(),
    infix: db.prepare('SELECT p.doc FROM pn_tri JOIN parts p ON p.id = pn_tri.rowid WHERE pn_tri MATCH ? LIMIT ?').pluck(),
    text: db.prepare('SELECT p.doc FROM parts_text JOIN parts p ON p.id = parts_text.rowid WHERE parts_text MATCH ? LIMIT ?').pluck(),
  };

  function autocomplete(q: string, limit: number): Suggestion[] {
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
    if (out.length < limit && text.words.length > 0) take(ac.text.all(ftsQuery(text.words), limit * 2));
    return out;
  }

  function invalidate() {
    facetCache.clear();
  }

  return {
    async upsert(docs) {
      if (docs.length === 0) return;
      upsertMany(docs);
      invalidate();
    },
    async remove(items) {
      if (items.length === 0) return;
      removeMany(items);
      invalidate();
    },
    async search(query) {
      return search(query);
    },
    async autocomplete(q, limit) {
      return autocomplete(q, limit);
    },
    async partIds(filter) {
      const found = new Set<number>();
      const byCategory = db.prepare('SELECT part_id FROM part_categories WHERE category_id = ?').pluck();
      const byManufacturer = db.prepare('SELECT id FROM parts WHERE manufacturer_id = ?').pluck();
      for (const id of filter.categoryIds ?? []) for (const p of byCategory.all(id) as number[]) found.add(p);
      for (const id of filter.manufacturerIds ?? []) for (const p of byManufacturer.all(id) as number[]) found.add(p);
      return [...found].sort((a, b) => a - b);
    },
    async clear() {
      statements.clear();
      db.exec(DROP);
      db.exec(SCHEMA);
      names = loadNames();
      invalidate();
    },
    async count() {
      return db.prepare('SELECT count(*) FROM parts').pluck().get() as number;
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      statements.clear();
      if (db.open) db.close();
    },
  };
}

/** Every word must match; the last one as a prefix. Words are quoted so no FTS syntax leaks in. */
function ftsQuery(words: string[]): string {
  return words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' AND ');
}

function facetList(counts: Map<number, number>, lookup: Map<number, { name: string; slug: string }>): FacetCount[] {
  return [...counts.entries()]
    .map(([id, count]) => ({ id, name: lookup.get(id)?.name ?? '', slug: lookup.get(id)?.slug ?? '', count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
