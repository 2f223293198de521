import type Database from 'better-sqlite3';
import { Vocabulary } from '../word-match';
import { NAME_TEST_IDS } from '../ranking';
import { idList } from './id-lists';

/** The character right after 'Z' (and so after every normalised part-number character). */
export const PREFIX_END = '[';
/** A typed word prefix is expanded to at most this many index terms; beyond, FTS5's prefix query is used. */
export const MAX_EXPANSION = 32;

export type TextLookups = ReturnType<typeof createTextLookups>;

/**
 * The embedded engine's look-ups for a typed text, what ranking.ts asks of an engine: ids by normalised
 * part number (exact, prefix, infix), ids of an FTS5 word expression, the index terms in a range, and the
 * vocabulary with document counts. What is read is cached until the next write (`written()`).
 */
export function createTextLookups(db: Database.Database, options: { vocabularyRefreshMs?: number; wordMatchCacheIds?: number }) {
  const reads = {
    exact: db.prepare('SELECT id FROM parts WHERE pn_norm = ?').pluck(),
    // Large id lists come back as one comma-separated string: one value to cross into JavaScript instead of one row per id (2-3x faster at 100k ids).
    prefix: db.prepare(`SELECT group_concat(id, ',') FROM parts WHERE pn_norm > @pn AND pn_norm < @pn || '${PREFIX_END}'`).pluck(),
    infix: db.prepare("SELECT group_concat(rowid, ',') FROM pn_tri WHERE pn_tri MATCH ?").pluck(),
    text: db.prepare("SELECT group_concat(rowid, ',') FROM parts_text WHERE parts_text MATCH ?").pluck(),
    // Bounded (ranking.ts NAME_TEST_IDS): FTS5 streams in rowid order, so LIMIT stops the read early.
    name: db.prepare(`SELECT group_concat(rowid, ',') FROM (SELECT rowid FROM parts_name WHERE parts_name MATCH ? LIMIT ${NAME_TEST_IDS})`).pluck(),
  };

  const vocab = db.prepare(`SELECT term FROM parts_text_vocab WHERE term >= ? AND term < ? LIMIT ${MAX_EXPANSION + 1}`).pluck();
  const expansions = new Map<string, string[]>();
  /** Index terms in [from, to), at most MAX_EXPANSION + 1. */
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
  function cachedIds(key: string, read: () => unknown): Int32Array {
    const known = wordMatches.get(key);
    if (known) {
      wordMatches.delete(key);
      wordMatches.set(key, known);
      return known;
    }
    const ids = idList(read() as string | null);
    if (ids.length <= wordMatchLimit / 4) {
      wordMatches.set(key, ids);
      wordMatchIds += ids.length;
      for (const [key, value] of wordMatches) {
        if (wordMatchIds <= wordMatchLimit) break;
        wordMatches.delete(key);
        wordMatchIds -= value.length;
      }
    }
    return ids;
  }

  function forget() {
    expansions.clear();
    wordMatches.clear();
    wordMatchIds = 0;
  }

  return {
    termsIn,
    isTerm,
    /** The vocabulary with document counts (corrections, relaxation order). */
    words,
    textIds: (expression: string) => cachedIds(expression, () => reads.text.get(expression)),
    /** Ids of the first NAME_TEST_IDS parts (by id) whose name alone matches the expression (the ranking window's coarse order). */
    nameIds: (expression: string) => cachedIds(`name\u0000${expression}`, () => reads.name.get(expression)),
    exactIds: (pn: string) => reads.exact.all(pn) as number[],
    prefixIds: (pn: string) => idList(reads.prefix.get({ pn })),
    infixIds: (pn: string) => idList(reads.infix.get(`"${pn}"`)),
    /** After a write: cached term lists and word matches go, the vocabulary is read again when due. */
    written() {
      forget();
      if (vocabulary) vocabulary.stale = true;
    },
    clear() {
      forget();
      vocabulary = undefined;
    },
  };
}
