import { normalizePartNumber } from '@parts/shared/part-number';
import type { FacetCount, Highlight, PartListResponse, PartsQuery } from '@parts/shared/schemas';
import type { AutocompleteAnswer, PartDocument } from '../ports/search-index';
import { parseQueryText, type ParsedQueryText } from '../query-text';
import { correctableTerm, correctedQueryOf, editBudget, highlightOf as highlight, needsCorrection, relaxedSearch, withCorrections } from '../ranking';
import type { SynonymList } from '../synonyms';
import { editDistance, wordForms } from '../word-match';
import { RESULT_WINDOW } from './opensearch-lifecycle';
import { allFilters, listingRequest, MAX_EDITS, readWordInfo, sortOf, textClause, wordInfoRequest, type WordInfo } from './opensearch-queries';
import { toPartView, toSuggestion } from './part-view';

/** Results past this offset are not served (the total stays exact); see docs/search.md. */
export const MAX_DEEP_OFFSET = 100_000;

interface Hit {
  _id: string;
  _source?: PartDocument;
  sort?: unknown[];
}
type Buckets = { buckets: { key: number; doc_count: number; top: { hits: { hits: Hit[] } } }[] };
export interface SearchBody {
  hits: { total?: { value: number } | number; hits: Hit[] };
  aggregations?: { categories?: { ids?: Buckets }; manufacturers?: { ids?: Buckets } } & Record<string, unknown>;
  suggest?: unknown;
}

function totalOf(res: SearchBody): number {
  return typeof res.hits.total === 'number' ? res.hits.total : (res.hits.total?.value ?? 0);
}

/** How the typed words meet the index: which get a fuzzy clause, their corrections, and how many parts each selects. */
interface WordPlan {
  info: WordInfo;
  /** Words the index does not know as typed, through a form or a synonym (never a piece of a code): corrected. */
  unknown: Set<string>;
  /** The closest index term of each unknown word within the allowed edits (plus extraEdits). */
  corrections: Map<string, string>;
}

/**
 * OpenSearch's listing and autocomplete: the look-ups (word information, counts, listings) that the
 * rules of ranking.ts ask for, as the request bodies of opensearch-queries.ts.
 */
export function createOpenSearchSearch(options: { rawSearch: (request: Record<string, unknown>) => Promise<SearchBody>; synonyms: SynonymList }) {
  const { rawSearch, synonyms } = options;

  async function count(query: unknown): Promise<number> {
    const res = await rawSearch({ query, size: 0, track_total_hits: true });
    return totalOf(res);
  }

  /** Asks the index about the typed words: which it knows (as typed, by a form or synonym), and the closest terms of the others. */
  async function planWords(text: ParsedQueryText, extraEdits = 0): Promise<WordPlan> {
    const info = readWordInfo(text.words, await rawSearch(wordInfoRequest(text.words)));
    const unknown = new Set<string>();
    const corrections = new Map<string, string>();
    text.words.forEach((w, i) => {
      if (!needsCorrection(text, w, () => info.typed[i]! > 0 || info.forms[i]! > 0)) return;
      unknown.add(w);
      const max = Math.min(MAX_EDITS, editBudget(w, extraEdits));
      const best = info.suggestions[i]!.find((s) => correctableTerm(s) && editDistance(w, s, max) <= max);
      if (best) corrections.set(w, best);
    });
    return { info, unknown, corrections };
  }

  /** What of the typed text to mark: the words and their forms, synonyms and corrections (the client marks only what a name contains). */
  function highlightOf(text: ParsedQueryText, corrections: Map<string, string>, partNumberFound: boolean): Highlight {
    const terms = new Set<string>();
    text.words.forEach((w, i) => {
      if (i < text.words.length - 1) terms.add(w);
      for (const f of wordForms(w)) terms.add(f);
      for (const p of synonyms[w] ?? []) for (const part of p.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (part) terms.add(part);
      const fixed = corrections.get(w);
      if (fixed) terms.add(fixed);
    });
    const last = text.words[text.words.length - 1];
    return highlight(terms, last ? [last] : [], partNumberFound ? text.partNumber : null);
  }

  const correctedText = (text: ParsedQueryText, plan: WordPlan | null) => (plan ? withCorrections(text.words, (w) => plan.corrections.get(w)) : null);
  const noCorrections = new Map<string, string>();

  /** A listing, following ranking.ts relaxedSearch; each relaxation is checked with a `size: 0` count first. */
  async function search(query: PartsQuery): Promise<PartListResponse> {
    const text = parseQueryText(query.q);
    if (!text) return listing(query, null, null);
    const plan = text.words.length > 0 ? await planWords(text) : null;
    const typedCorrected = correctedText(text, plan);
    let first: PartListResponse | undefined;
    let fuzzierCorrected: string | null = null;
    return relaxedSearch(text, {
      asTyped: async () => {
        const clause = textClause(text, plan?.unknown);
        first = await listing(query, text, clause);
        if (first.total === 0 && (await count(clause)) === 0) return null;
        const partNumberFound = first.data.some((p) => text.partNumber !== '' && normalizePartNumber(p.partNumber).includes(text.partNumber));
        // A corrected word is one the index does not know as typed: no part has every word as typed.
        const corrected = correctedQueryOf(typedCorrected, { found: first.total > 0, partNumber: partNumberFound, asTyped: false });
        return { ...first, highlight: highlightOf(text, plan?.corrections ?? noCorrections, partNumberFound), correctedQuery: corrected };
      },
      selectivity: (w, i) => {
        if (!plan) return 0;
        const known = Math.max(plan.info.typed[i]!, plan.info.forms[i]!);
        if (known > 0) return known;
        return plan.corrections.has(w) ? 0 : Number.POSITIVE_INFINITY;
      },
      relaxed: async (step) => {
        const stepPlan = step.text.words.length > 0 ? await planWords(step.text, step.extraEdits) : null;
        const corrected = correctedText(step.text, stepPlan);
        if (step.extraEdits > 0 && corrected) fuzzierCorrected = corrected;
        const clause = textClause(step.text, stepPlan?.unknown, step.extraEdits);
        if ((await count(clause)) === 0) return null;
        const answer = await listing(query, step.text, clause);
        return { answer: { ...answer, highlight: highlightOf(step.text, stepPlan?.corrections ?? noCorrections, false) }, corrected };
      },
      didYouMean: () => fuzzierCorrected ?? typedCorrected,
      unmatched: () => ({ ...first!, highlight: highlightOf(text, plan?.corrections ?? noCorrections, false) }),
    });
  }

  async function listing(query: PartsQuery, text: ParsedQueryText | null, clause: unknown): Promise<PartListResponse> {
    if (text && text.partNumber === '' && text.words.length === 0 && Object.keys(text.specs).length === 0) {
      return { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: { categories: [], manufacturers: [] } };
    }
    const offset = (query.page - 1) * query.pageSize;
    const deep = offset + query.pageSize > RESULT_WINDOW;
    const first = await rawSearch(listingRequest(query, text, clause, deep ? { from: 0, size: 0 } : { from: offset, size: query.pageSize }));
    const total = totalOf(first);
    let hits = first.hits.hits;
    if (deep && offset < total && offset < MAX_DEEP_OFFSET)
      hits = await deepPage(allFilters(query, clause), sortOf(query, text !== null), offset, query.pageSize);
    return {
      data: hits.flatMap((h) => (h._source ? [toPartView(h._source)] : [])),
      total,
      page: query.page,
      pageSize: query.pageSize,
      totalPages: Math.ceil(total / query.pageSize),
      facets: {
        categories: facetList(first.aggregations?.categories?.ids?.buckets, 'category'),
        manufacturers: facetList(first.aggregations?.manufacturers?.ids?.buckets, 'manufacturer'),
      },
    };
  }

  /** Skips `offset` hits with search_after (sort values only), then reads the page. */
  async function deepPage(query: unknown, sort: unknown[], offset: number, size: number): Promise<Hit[]> {
    let after: unknown[] | undefined;
    let skipped = 0;
    while (skipped < offset) {
      const step = Math.min(RESULT_WINDOW, offset - skipped);
      const res = await rawSearch({ query, sort, size: step, _source: false, track_total_hits: false, ...(after ? { search_after: after } : {}) });
      const last = res.hits.hits[res.hits.hits.length - 1];
      if (!last?.sort) return [];
      after = last.sort;
      skipped += res.hits.hits.length;
    }
    const page = await rawSearch({ query, sort, size, track_total_hits: false, ...(after ? { search_after: after } : {}) });
    return page.hits.hits;
  }

  /** Suggestions as typed (and by forms and synonyms); when that leaves room, a mistyped word is corrected too. */
  async function autocomplete(q: string, limit: number): Promise<AutocompleteAnswer> {
    const text = parseQueryText(q);
    if (!text || limit <= 0 || (text.partNumber === '' && text.words.length === 0)) return { suggestions: [], highlight: null };
    const suggest = async (clause: unknown) => {
      const res = await rawSearch({ query: clause, sort: sortOf({ sortBy: 'relevance', sortOrder: 'asc' }, true), size: limit, track_total_hits: false });
      return res.hits.hits.flatMap((h) => (h._source ? [toSuggestion(toPartView(h._source))] : []));
    };
    let suggestions = await suggest(textClause(text));
    let corrections = noCorrections;
    if (suggestions.length < limit && text.words.length > 0) {
      const plan = await planWords(text);
      if (plan.unknown.size > 0) {
        suggestions = await suggest(textClause(text, plan.unknown));
        corrections = plan.corrections;
      }
    }
    const partNumberFound = text.partNumber !== '' && suggestions.some((s) => normalizePartNumber(s.partNumber).includes(text.partNumber));
    return { suggestions, highlight: highlightOf(text, corrections, partNumberFound) };
  }

  return { search, autocomplete };
}

/** Any document in a category bucket has that category on its path: its own category or one of its ancestors names it. */
function nameOf(kind: 'category' | 'manufacturer', id: number, src: PartDocument | undefined): { name: string; slug: string } {
  if (kind === 'manufacturer') return { name: src?.manufacturerName ?? '', slug: src?.manufacturerSlug ?? '' };
  if (src?.categoryId === id) return { name: src.categoryName, slug: src.categorySlug };
  const ancestor = src?.categoryAncestors?.find((a) => a.id === id);
  return { name: ancestor?.name ?? '', slug: ancestor?.slug ?? '' };
}

function facetList(buckets: Buckets['buckets'] | undefined, kind: 'category' | 'manufacturer'): FacetCount[] {
  return (buckets ?? [])
    .filter((b) => b.doc_count > 0)
    .map((b) => ({ id: Number(b.key), ...nameOf(kind, Number(b.key), b.top.hits.hits[0]?._source), count: b.doc_count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
