import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { normalizePartNumber } from '@parts/shared/part-number';
import type { PartView } from '@parts/shared/schemas';
import type { PartDocument } from '../ports/search-index';
import { codeTerms } from '../query-text';
import { PartColumns } from './part-columns';
import { toPartView } from './part-view';

/**
 * The embedded engine's storage: one SQLite file (WAL) with the documents, the normalised part numbers
 * (B-tree and trigram FTS5), the word FTS5 table and what the in-memory columns (part-columns.ts) are
 * loaded from. Writes are versioned (an older document or delete is ignored; a delete leaves a
 * tombstone). See docs/search.md, "Embedded engine".
 */

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
CREATE VIRTUAL TABLE IF NOT EXISTS parts_name USING fts5 (
  name, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1, detail = 'none'
);
`;

/**
 * Bumped when the layout or what is stored changes (4: ancestor names for facets; 5: ancestor names
 * searchable; 6: discontinued flag, codes in names and descriptions joined; 7: slug column, the part
 * page's lookup; 8: the names alone in parts_name, for the ranking window): an older file is emptied at open,
 * and the start-up count check reindexes it.
 */
const SCHEMA_VERSION = 8;

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
DROP TABLE IF EXISTS parts_name;
`;

type FacetNames = Map<number, { name: string; slug: string }>;

export type EmbeddedStore = ReturnType<typeof openEmbeddedStore>;

/** Opens (creating) the SQLite file; ':memory:' for a throw-away index. */
export function openEmbeddedStore(file: string) {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
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

  let names = loadNames(db);
  let loaded: PartColumns | undefined;
  /** The in-memory columns, loaded from the file on first use. */
  const columns = () => (loaded ??= loadColumns(db, ensureIndexes));

  const { upsertMany, removeMany } = createWrites(db, () => names);

  const reads = {
    docs: db.prepare('SELECT id, doc FROM parts WHERE id IN (SELECT value FROM json_each(?))'),
    // Two at most: a slug held by two documents (one of them stale) is no answer.
    bySlug: db.prepare('SELECT doc FROM parts WHERE slug = ? LIMIT 2').pluck(),
    versionsAfter: db.prepare('SELECT id, version FROM parts WHERE id > ? ORDER BY id LIMIT ?'),
  };

  return {
    db,
    ensureIndexes,
    columns,
    /** Category and manufacturer names and slugs by id (own categories and ancestors), for the facets. */
    get names() {
      return names;
    },
    /** Writes the documents not older than the indexed ones into the file and the columns; returns how many were written. */
    upsert(docs: PartDocument[]): number {
      const c = columns();
      const applied = upsertMany(docs, c);
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
      return applied.length;
    },
    /** Removes the parts whose delete is not older than the indexed version; returns how many were removed. */
    remove(items: { id: number; version: number }[]): number {
      const c = columns();
      const removed = removeMany(items);
      for (const id of removed) c.delete(id);
      c.changed(removed);
      return removed.length;
    },
    /** The documents of these ids, in this order, as parts of a listing. */
    readDocs(pageIds: number[]): PartView[] {
      const docs = new Map<number, string>();
      if (pageIds.length > 0) for (const row of reads.docs.all(JSON.stringify(pageIds)) as { id: number; doc: string }[]) docs.set(row.id, row.doc);
      return pageIds.flatMap((id) => {
        const doc = docs.get(id);
        return doc ? [toPartView(JSON.parse(doc) as PartDocument)] : [];
      });
    },
    /** The stored documents of these ids, in this order (ancestor names left out: see names). */
    documents(ids: number[]): PartDocument[] {
      const docs = new Map<number, string>();
      if (ids.length > 0) for (const row of reads.docs.all(JSON.stringify(ids)) as { id: number; doc: string }[]) docs.set(row.id, row.doc);
      return ids.flatMap((id) => {
        const doc = docs.get(id);
        return doc ? [JSON.parse(doc) as PartDocument] : [];
      });
    },
    bySlug(slug: string): PartDocument | undefined {
      ensureIndexes();
      const found = reads.bySlug.all(slug) as string[];
      return found.length === 1 ? (JSON.parse(found[0]!) as PartDocument) : undefined;
    },
    versionsAfter(afterId: number, limit: number) {
      return reads.versionsAfter.all(afterId, limit) as { id: number; version: number }[];
    },
    clear() {
      db.exec(DROP);
      db.exec(SCHEMA);
      // A rebuild follows: the part-number indexes are created in one pass on the first read.
      indexesPending = true;
      names = loadNames(db);
      loaded = undefined;
    },
    count(): number {
      return db.prepare('SELECT count(*) FROM parts').pluck().get() as number;
    },
  };
}

function loadNames(db: Database.Database): { category: FacetNames; manufacturer: FacetNames } {
  const rows = db.prepare('SELECT kind, id, name, slug FROM facet_names').all() as { kind: string; id: number; name: string; slug: string }[];
  const out = { category: new Map() as FacetNames, manufacturer: new Map() as FacetNames };
  for (const r of rows) (r.kind === 'category' ? out.category : out.manufacturer).set(r.id, { name: r.name, slug: r.slug });
  return out;
}

/** The columns of every stored part; the sort orders are read from the covering indexes when first needed. */
function loadColumns(db: Database.Database, ensureIndexes: () => void): PartColumns {
  const sortKeys = {
    keys: db.prepare('SELECT pn_sort AS pn, mfr_sort AS mfr FROM parts WHERE id = ?'),
    byPartNumber: () => db.prepare('SELECT id FROM parts ORDER BY pn_sort, id').pluck(),
    byManufacturer: () => db.prepare('SELECT id FROM parts ORDER BY mfr_sort, pn_sort, id').pluck(),
  };

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
  return c;
}

/** The versioned writes: a document or delete older than the indexed version (or a tombstone) is ignored. */
function createWrites(db: Database.Database, names: () => { category: FacetNames; manufacturer: FacetNames }) {
  const writes = {
    getVersion: db.prepare('SELECT version FROM parts WHERE id = ?').pluck(),
    getTombstone: db.prepare('SELECT version FROM tombstones WHERE id = ?').pluck(),
    deletePart: db.prepare('DELETE FROM parts WHERE id = ?'),
    deleteSpecs: db.prepare('DELETE FROM part_specs WHERE part_id = ?'),
    deleteTri: db.prepare('DELETE FROM pn_tri WHERE rowid = ?'),
    deleteText: db.prepare('DELETE FROM parts_text WHERE rowid = ?'),
    deleteName: db.prepare('DELETE FROM parts_name WHERE rowid = ?'),
    insertPart: db.prepare(
      'INSERT INTO parts (id, version, pn_norm, pn_sort, mfr_sort, category_id, manufacturer_id, discontinued, slug, doc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insertSpec: db.prepare('INSERT OR REPLACE INTO part_specs (part_id, key, value) VALUES (?, ?, ?)'),
    insertTri: db.prepare('INSERT INTO pn_tri (rowid, pn) VALUES (?, ?)'),
    insertText: db.prepare('INSERT INTO parts_text (rowid, name, manufacturer, category, description, codes) VALUES (?, ?, ?, ?, ?, ?)'),
    insertName: db.prepare('INSERT INTO parts_name (rowid, name) VALUES (?, ?)'),
    setTombstone: db.prepare('INSERT OR REPLACE INTO tombstones (id, version) VALUES (?, ?)'),
    clearTombstone: db.prepare('DELETE FROM tombstones WHERE id = ?'),
    upsertName: db.prepare('INSERT OR REPLACE INTO facet_names (kind, id, name, slug) VALUES (?, ?, ?, ?)'),
    upsertPath: db.prepare('INSERT OR REPLACE INTO category_paths (category_id, path) VALUES (?, ?)'),
  };

  function removeRows(id: number) {
    writes.deleteSpecs.run(id);
    writes.deleteTri.run(id);
    writes.deleteText.run(id);
    writes.deleteName.run(id);
    writes.deletePart.run(id);
  }

  function rememberName(kind: 'category' | 'manufacturer', id: number, name: string, slug: string) {
    const known = names()[kind].get(id);
    if (known && known.name === name && known.slug === slug) return;
    names()[kind].set(id, { name, slug });
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
      writes.insertName.run(doc.id, doc.name);
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

  return { upsertMany, removeMany };
}

/** The category words a part is found by: its own category and every ancestor ("pneumatic" finds a Solenoid Valve). */
const categoryText = (doc: PartDocument) => [doc.categoryName, ...(doc.categoryAncestors ?? []).map((a) => a.name)].join(' ');
