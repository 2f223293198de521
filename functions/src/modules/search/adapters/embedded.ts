import { synonymListSchema, type PartListResponse, type PartsQuery } from '@parts/shared/schemas';
import type { SearchIndex } from '../ports/search-index';
import { matchPartLines, yieldingMatchSource } from '../../bom';
import { parseQueryText, type ParsedQueryText } from '../query-text';
import { FUZZIER_EDITS, needsCorrection, RELEVANCE_BUCKETS, relevanceBucket, relaxedSearch, withCorrections } from '../ranking';
import { DEFAULT_SYNONYMS, type SynonymList } from '../synonyms';
import { wordForms } from '../word-match';
import { createEmbeddedAutocomplete } from './embedded-autocomplete';
import { facetList, filtersOf, filterPass } from './embedded-facets';
import { createTextLookups, type TextLookups } from './embedded-lookups';
import { createEmbeddedMatchSource } from './embedded-match';
import { pageOf, unfilteredPage } from './embedded-paging';
import { rankedPage } from './embedded-rank';
import { openEmbeddedStore, type EmbeddedStore } from './embedded-store';
import { findCandidates, planText, release, Scratch, type Candidates } from './embedded-text';
import type { PartColumns } from './part-columns';

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

const SORT_IN_PLACE_LIMIT = 20_000;

/** What a listing over the columns reads and where it works. */
interface Listing {
  store: EmbeddedStore;
  scratch: Scratch;
  sortInPlaceLimit: number;
}

/**
 * The embedded search engine. SQLite (one file, WAL) holds the documents and does the matching:
 * normalised part numbers through a B-tree (exact, prefix) and a trigram FTS5 table (infix), words
 * through a second FTS5 table with prefix indexes. Filters, exact totals, facets and sorted pages
 * run over in-memory typed columns (part-columns.ts). The rules (tiers, relevance order, typo policy,
 * relaxation) are ranking.ts's; this engine supplies the look-ups. By concern: embedded-store.ts
 * (storage), embedded-lookups.ts and embedded-text.ts (text planning and candidates), embedded-facets.ts
 * (filters, totals, facets), embedded-paging.ts (pages), embedded-autocomplete.ts. See docs/search.md.
 */
export function createEmbeddedSearchIndex(options: EmbeddedSearchOptions): SearchIndex {
  const store = openEmbeddedStore(options.file);
  const { db, ensureIndexes, columns } = store;
  const sortInPlaceLimit = options.sortInPlaceLimit ?? SORT_IN_PLACE_LIMIT;
  // Its lookups are synchronous SQLite reads: sliced, with a turn of the event loop between slices (issue 26).
  const matchSource = yieldingMatchSource(createEmbeddedMatchSource(db));
  const synonyms = options.synonyms ? synonymListSchema.parse(options.synonyms) : DEFAULT_SYNONYMS;
  const lookups = createTextLookups(db, options);
  const scratch = new Scratch();
  const context = { lookups, synonyms, scratch };
  const listing: Listing = { store, scratch, sortInPlaceLimit };
  const autocomplete = createEmbeddedAutocomplete(db, { ensureIndexes, planText: (text) => planText(lookups, synonyms, text) });

  /**
   * A listing (ranking.ts relaxedSearch): the typed text's candidates, or the first relaxation's. Each
   * step finds, lists and releases its candidates before returning, so nothing is held across a turn.
   */
  async function search(query: PartsQuery): Promise<PartListResponse> {
    ensureIndexes();
    const c = columns();
    const text = parseQueryText(query.q);
    if (!text) return run(listing, query, c, undefined);
    return relaxedSearch(text, {
      asTyped: () => {
        const found = findCandidates(context, text, c);
        if (found && found.ids.length > 0) return run(listing, query, c, found);
        release(found);
        return null;
      },
      selectivity: (w, i) => selectivity(lookups, synonyms, text, w, i === text.words.length - 1),
      relaxed: (step) => {
        const relaxed = findCandidates(context, step.text, c, step.extraEdits);
        if (!relaxed || relaxed.ids.length === 0) {
          release(relaxed);
          return null;
        }
        // The rules count the typed words the relaxation dropped too: a part that holds one of them ranks first.
        if (step.extraEdits === 0 && text.words.length > 0) relaxed.ranked = planText(lookups, synonyms, text).ranked;
        return { answer: run(listing, query, c, relaxed), corrected: relaxed.corrected };
      },
      didYouMean: () => didYouMean(lookups, text),
      unmatched: () => ({ ...empty(query), highlight: { terms: [], prefixes: [], partNumber: null } }),
    });
  }

  return {
    async upsert(docs) {
      if (docs.length === 0) return;
      if (store.upsert(docs) > 0) lookups.written();
    },
    async remove(items) {
      if (items.length === 0) return;
      if (store.remove(items) > 0) lookups.written();
    },
    search,
    async autocomplete(q, limit) {
      return autocomplete(q, limit);
    },
    async partBySlug(slug) {
      return store.bySlug(slug);
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
      return store.versionsAfter(afterId, limit);
    },
    async clear() {
      store.clear();
      lookups.clear();
      scratch.clear();
    },
    async count() {
      return store.count();
    },
    async ping() {
      db.prepare('SELECT 1').get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

/** How many parts a word selects: as typed, else through a form, a synonym or a correction; a word nothing explains: Infinity. */
function selectivity(lookups: TextLookups, synonyms: SynonymList, text: ParsedQueryText, w: string, last: boolean): number {
  const vocabulary = lookups.words();
  if (vocabulary.has(w)) return vocabulary.docCount(w);
  if (last && vocabulary.hasPrefix(w)) return 0;
  if (text.fixed.has(w)) return Number.POSITIVE_INFINITY;
  const form = wordForms(w).find((f) => vocabulary.has(f));
  if (form) return vocabulary.docCount(form);
  if (synonyms[w]) return 0;
  const best = vocabulary.corrections(w, { prefix: last, limit: 1 })[0];
  return best ? best.docs : Number.POSITIVE_INFINITY;
}

/** The typed text with each word the index does not know replaced by its closest known term, FUZZIER_EDITS further. */
function didYouMean(lookups: TextLookups, text: ParsedQueryText): string | null {
  const vocabulary = lookups.words();
  return withCorrections(text.words, (w, i) => {
    const last = i === text.words.length - 1;
    if (!needsCorrection(text, w, () => lookups.isTerm(w) || (last && vocabulary.hasPrefix(w)))) return null;
    return vocabulary.corrections(w, { prefix: last, extraEdits: FUZZIER_EDITS, limit: 1 })[0]?.term;
  });
}

function empty(query: PartsQuery): PartListResponse {
  return { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: { categories: [], manufacturers: [] } };
}

function run(ctx: Listing, query: PartsQuery, c: PartColumns, found: Candidates | undefined): PartListResponse {
  try {
    const answer = listColumns(ctx, query, c, found);
    return found ? { ...answer, highlight: found.highlight, correctedQuery: found.corrected } : answer;
  } finally {
    release(found);
  }
}

/**
 * Filters, exact total, both facets and the page, in one pass over the candidates (or the posting
 * lists, or every id); see embedded-facets.ts and embedded-paging.ts.
 */
function listColumns(ctx: Listing, query: PartsQuery, c: PartColumns, found: Candidates | undefined): PartListResponse {
  const filters = filtersOf(query, c);
  const { matched, mark } = ctx.scratch.of(c);
  if (!found && !filters.categoryMask && !filters.manufacturerMask && filters.ranges.length === 0) return unfiltered(ctx, query, c);
  const pass = filterPass(c, filters, found?.ids, matched);
  const n = pass.n;
  const bucketCounts = new Array<number>(RELEVANCE_BUCKETS).fill(0);
  if (found) for (let i = 0; i < n; i++) bucketCounts[relevanceBucket(found.tier[matched[i]!]!, c.discontinued[matched[i]!]!)]!++;
  const offset = (query.page - 1) * query.pageSize;
  let pageIds: number[] = [];
  if (offset < n) {
    const matches = { matched, n, active: n - pass.discontinued, mark, bucketCounts };
    const coarse = (from: number, to: number) => pageOf(query, c, found, matches, from, to, ctx.sortInPlaceLimit);
    pageIds =
      found && query.sortBy === 'relevance'
        ? rankedPage(c, found, n, offset, offset + query.pageSize, coarse, ctx.store.documents, (id) => ctx.store.names.category.get(id)?.name)
        : coarse(offset, offset + query.pageSize);
  }
  return answerOf(ctx, query, c, pageIds, n, pass.categoryCounts, pass.manufacturerCounts);
}

/** The unfiltered listing: totals and facets are kept by the columns, the page is read off an order. */
function unfiltered(ctx: Listing, query: PartsQuery, c: PartColumns): PartListResponse {
  return answerOf(ctx, query, c, unfilteredPage(query, c, (query.page - 1) * query.pageSize), c.size, c.categoryCounts, c.manufacturerCounts);
}

function answerOf(
  ctx: Listing,
  query: PartsQuery,
  c: PartColumns,
  pageIds: number[],
  total: number,
  categoryCounts: ArrayLike<number>,
  manufacturerCounts: ArrayLike<number>,
): PartListResponse {
  const names = ctx.store.names;
  return {
    data: ctx.store.readDocs(pageIds),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(total / query.pageSize),
    facets: { categories: facetList(c.categoryTotals(categoryCounts), names.category), manufacturers: facetList(manufacturerCounts, names.manufacturer) },
  };
}
