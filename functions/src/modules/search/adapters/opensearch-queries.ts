import type { PartsQuery } from '@parts/shared/schemas';
import type { PartDocument } from '../ports/search-index';
import type { ParsedQueryText } from '../query-text';
import { editBudget, MIN_INFIX_CHARS, RELEVANCE_ORDER, RELEVANCE_ORDER_WITHOUT_TEXT } from '../ranking';
import type { SynonymList } from '../synonyms';

/**
 * The OpenSearch index body and the request bodies the adapter sends, as pure functions (unit-tested
 * in opensearch-queries.test.ts; the contract suite runs them against a real engine when
 * OPENSEARCH_URL is set).
 */

export const NGRAM_MAX = 15;
/** OpenSearch's fuzziness and term suggester allow at most two edits (ranking.ts editBudget can ask for more). */
export const MAX_EDITS = 2;
export const FACET_SIZE = 1000;

/**
 * The relevance tiers of ranking.ts (TIER) as boosts: exact, prefix and infix part number, then per word
 * as typed (tier typed) or through a form or synonym / a correction (tier widened, corrections lowest).
 * Text scores add up per word (at most 12 words × 100), below the part-number tiers.
 */
export const BOOST = { exact: 100_000, prefix: 50_000, infix: 20_000, typed: 100, forms: 50, corrected: 10 } as const;

/**
 * The ranking rules below the tiers (ranking.ts RANKING_RULES) as score, each step smaller than the one
 * before it: proximity (the words as a phrase in the name: together 30, within 2 positions 20, within 8
 * 10; below the 40 between a form and a correction), the field a word matched in (per word: name 8,
 * manufacturer 6, category 4, description 0; specifications are not searched), exactness (1 for the last
 * word matched whole, not only as a prefix), then demand (a rank_feature, saturated below 1).
 */
export const FIELD_BONUS = { name: 8, manufacturerName: 6, categoryWords: 4, description: 0 } as const;
export const PROXIMITY = [
  { slop: 0, boost: 30 },
  { slop: 2, boost: 20 },
  { slop: 8, boost: 10 },
] as const;
export const WHOLE_WORD = 1;
export const DEMAND_BOOST = 0.9;

/** The synonym list as search-time synonym_graph rules ("sov => sov, solenoid valve"). */
export function synonymRules(list: SynonymList): string[] {
  const clean = (p: string) =>
    p
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return Object.entries(list).map(([word, phrases]) => `${clean(word)} => ${[clean(word), ...phrases.map(clean)].join(', ')}`);
}

/**
 * Index settings and mapping: normalised part numbers (keyword + n-grams), search-as-you-type names,
 * sort keywords, numeric specs. Words are stemmed lightly (plurals, -ing, -ed) on both sides;
 * synonyms apply at search time only, so the list can change without a reindex. Codes written in
 * names and descriptions ("S7-1200") are also indexed joined ("s71200") by word_delimiter_graph.
 */
export function indexBody(synonyms: SynonymList) {
  const forms = { type: 'text', analyzer: 'words', search_analyzer: 'words_query' } as const;
  return {
    settings: {
      'index.max_ngram_diff': NGRAM_MAX - 3,
      analysis: {
        char_filter: { pn_strip: { type: 'pattern_replace', pattern: '[^\\p{L}\\p{N}]', replacement: '' } },
        filter: {
          pn_ngram: { type: 'ngram', min_gram: 3, max_gram: NGRAM_MAX },
          pn_truncate: { type: 'truncate', length: NGRAM_MAX },
          word_forms: { type: 'stemmer', language: 'light_english' },
          domain_synonyms: { type: 'synonym_graph', synonyms: synonymRules(synonyms) },
          /** "S7-1200" → "S71200": only the catenation; a token without punctuation passes through unchanged. */
          code_join: {
            type: 'word_delimiter_graph',
            generate_word_parts: false,
            generate_number_parts: false,
            catenate_all: true,
            split_on_case_change: false,
            split_on_numerics: false,
            preserve_original: false,
            stem_english_possessive: false,
          },
        },
        normalizer: {
          upper_sort: { type: 'custom', filter: ['uppercase'] },
          lower_sort: { type: 'custom', filter: ['lowercase'] },
        },
        analyzer: {
          pn_infix: { type: 'custom', tokenizer: 'keyword', char_filter: ['pn_strip'], filter: ['asciifolding', 'uppercase', 'pn_ngram'] },
          pn_infix_query: { type: 'custom', tokenizer: 'keyword', char_filter: ['pn_strip'], filter: ['asciifolding', 'uppercase', 'pn_truncate'] },
          folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
          words: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'word_forms'] },
          words_query: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'domain_synonyms', 'word_forms'] },
          // Graph filters need flattening at index time.
          codes: { type: 'custom', tokenizer: 'whitespace', filter: ['code_join', 'lowercase', 'asciifolding', 'flatten_graph'] },
          code_query: { type: 'custom', tokenizer: 'whitespace', filter: ['lowercase', 'asciifolding'] },
        },
      },
    },
    mappings: {
      dynamic: 'strict',
      properties: {
        id: { type: 'integer' },
        version: { type: 'long' },
        name: { type: 'search_as_you_type', analyzer: 'folded', fields: { forms } },
        slug: { type: 'keyword', index: false },
        /**
         * The slug, searchable (the part page's lookup, ADR 086; written by the adapter). A field of its
         * own: an existing field's `index` cannot be changed in place.
         */
        slugKey: { type: 'keyword' },
        /** Normalised by the adapter (shared normalizePartNumber): exact, prefix and long-fragment wildcard. */
        partNumberNorm: { type: 'keyword' },
        partNumber: {
          type: 'keyword',
          index: false,
          fields: {
            infix: { type: 'text', analyzer: 'pn_infix', search_analyzer: 'pn_infix_query' },
            sort: { type: 'keyword', normalizer: 'upper_sort' },
          },
        },
        description: { type: 'text', analyzer: 'folded', fields: { forms } },
        status: { type: 'keyword' },
        /** The demand signal (PartDocument.demand), written only when above 0: rank_feature takes positive values. */
        demand: { type: 'rank_feature' },
        /** 1 for a discontinued part (written by the adapter): sorts it after the others for equal relevance. */
        statusRank: { type: 'byte' },
        price: { type: 'double', index: false },
        image: { type: 'keyword', index: false },
        categoryId: { type: 'integer' },
        categoryPath: { type: 'integer' },
        categoryName: { type: 'text', analyzer: 'folded' },
        /** The category and every ancestor's name, so "pneumatic" finds parts under Pneumatic Systems. */
        categoryWords: { type: 'text', analyzer: 'folded', fields: { forms } },
        categorySlug: { type: 'keyword', index: false },
        /** Ancestor names and slugs, read back by the category facet; not searched. */
        categoryAncestors: { type: 'object', enabled: false },
        manufacturerId: { type: 'integer' },
        manufacturerName: {
          type: 'text',
          analyzer: 'folded',
          fields: { sort: { type: 'keyword', normalizer: 'lower_sort' }, forms },
        },
        manufacturerSlug: { type: 'keyword', index: false },
        /**
         * Every searchable word of the part (written by the adapter): which typed words the index knows
         * and how many parts each selects, the term suggester's corrections, and the joined codes.
         */
        allWords: {
          type: 'text',
          analyzer: 'folded',
          fields: { forms, codes: { type: 'text', analyzer: 'codes', search_analyzer: 'code_query' } },
        },
        specifications: { type: 'object', enabled: false },
        specNumbers: { type: 'object', dynamic: true },
      },
      dynamic_templates: [{ spec_numbers: { path_match: 'specNumbers.*', mapping: { type: 'double' } } }],
    },
  };
}

/** What the adapter writes for a part: the document plus the fields it derives for searching and sorting. */
export function indexedDocument(doc: PartDocument, normalisedPartNumber: string) {
  const categoryWords = [doc.categoryName, ...(doc.categoryAncestors ?? []).map((a) => a.name)].join(' ');
  const { demand, ...rest } = doc;
  return {
    ...rest,
    ...(demand !== undefined && demand > 0 ? { demand } : {}),
    partNumberNorm: normalisedPartNumber,
    slugKey: doc.slug,
    categoryWords,
    allWords: [doc.name, doc.manufacturerName, categoryWords, doc.description ?? ''].join(' \n '),
    statusRank: doc.status === 'discontinued' ? 1 : 0,
  };
}

/** The part document of an indexed one: indexedDocument's derived fields taken off again. */
export function documentOf(source: ReturnType<typeof indexedDocument> | PartDocument): PartDocument {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { partNumberNorm, slugKey, categoryWords, allWords, statusRank, ...doc } = source as ReturnType<typeof indexedDocument>;
  return doc;
}

const FOLDED_FIELDS = ['name', 'manufacturerName', 'categoryWords', 'description'] as const;

/** What the index knows of each typed word (from wordInfoRequest): parts it selects as typed and through forms or synonyms. */
export interface WordInfo {
  typed: number[];
  forms: number[];
  /** Closest terms the index has for each word, from the term suggester (closest first). */
  suggestions: string[][];
}

/**
 * One request that says, per typed word, how many parts contain it as typed (the last word as a
 * prefix), how many through a form or synonym, and which index terms are close to it.
 */
export function wordInfoRequest(words: string[]) {
  const filters: Record<string, unknown> = {};
  words.forEach((w, i) => {
    const last = i === words.length - 1;
    filters[`t${i}`] = last
      ? { bool: { should: [{ prefix: { allWords: w } }, { term: { 'allWords.codes': w } }] } }
      : { bool: { should: [{ term: { allWords: w } }, { term: { 'allWords.codes': w } }] } };
    filters[`f${i}`] = { match: { 'allWords.forms': { query: w } } };
  });
  return {
    size: 0,
    track_total_hits: false,
    aggs: { words: { filters: { filters } } },
    suggest: {
      fix: {
        text: words.join(' '),
        term: { field: 'allWords', suggest_mode: 'missing', prefix_length: 1, min_word_length: 4, max_edits: 2, size: 5, sort: 'score' },
      },
    },
  };
}

export function readWordInfo(words: string[], body: { aggregations?: unknown; suggest?: unknown }): WordInfo {
  const buckets = (body.aggregations as { words?: { buckets?: Record<string, { doc_count: number }> } } | undefined)?.words?.buckets ?? {};
  const entries = (body.suggest as { fix?: { text: string; options: { text: string }[] }[] } | undefined)?.fix ?? [];
  const byText = new Map(entries.map((e) => [e.text, e.options.map((o) => o.text)]));
  return {
    typed: words.map((_, i) => buckets[`t${i}`]?.doc_count ?? 0),
    forms: words.map((_, i) => buckets[`f${i}`]?.doc_count ?? 0),
    suggestions: words.map((w) => byText.get(w) ?? []),
  };
}

/**
 * The relevance tiers as boosts: exact part number, prefix, infix; then per word the best of: as
 * typed (the last one as a prefix; codes joined), a form or synonym, and — only for a word the
 * index does not know at all — a fuzzy match (fuzziness AUTO:4,8, the first letter fixed). Pieces of a
 * typed code or number are never fuzzy. Dimensions typed in the text narrow the word clauses.
 */
export function textClause(text: ParsedQueryText, fuzzy: ReadonlySet<string> = new Set(), extraEdits = 0) {
  const should: unknown[] = [];
  const pn = text.partNumber;
  if (pn.length > 0) {
    should.push({ constant_score: { filter: { term: { partNumberNorm: pn } }, boost: BOOST.exact } });
    should.push({ constant_score: { filter: { prefix: { partNumberNorm: pn } }, boost: BOOST.prefix } });
    if (pn.length >= MIN_INFIX_CHARS) {
      const infix: unknown[] = [{ match: { 'partNumber.infix': pn } }];
      // Fragments longer than the n-grams: the n-gram narrows, the wildcard makes it exact.
      if (pn.length > NGRAM_MAX) infix.push({ wildcard: { partNumberNorm: `*${pn}*` } });
      should.push({ constant_score: { filter: { bool: { filter: infix } }, boost: BOOST.infix } });
    }
  }
  const dims = Object.entries(text.specs).map(([key, r]) => ({ range: { [`specNumbers.${key}`]: { gte: r.min, lte: r.max } } }));
  const words = text.words.map((w, i) => {
    const last = i === text.words.length - 1;
    const queries: unknown[] = [];
    // As typed, per field (the field rule); the last word whole (exactness) or as a prefix; codes joined count as the name.
    for (const field of FOLDED_FIELDS) {
      const bonus = BOOST.typed + FIELD_BONUS[field];
      queries.push({ constant_score: { filter: { match: { [field]: { query: w } } }, boost: bonus + (last ? WHOLE_WORD : 0) } });
      if (last) {
        const prefixFields = field === 'name' ? ['name', 'name._2gram', 'name._3gram'] : [field];
        queries.push({ constant_score: { filter: { multi_match: { query: w, type: 'bool_prefix', fields: prefixFields } }, boost: bonus } });
      }
    }
    const code = last ? { prefix: { 'allWords.codes': w } } : { term: { 'allWords.codes': w } };
    queries.push({ constant_score: { filter: code, boost: BOOST.typed + FIELD_BONUS.name } });
    for (const field of FOLDED_FIELDS) {
      queries.push({ constant_score: { filter: { match: { [`${field}.forms`]: { query: w, operator: 'and' } } }, boost: BOOST.forms + FIELD_BONUS[field] } });
    }
    if (fuzzy.has(w) && !text.fixed.has(w)) {
      // OpenSearch allows at most two edits; the fuzzier last relaxation asks for one more than AUTO gives.
      const fuzziness = extraEdits > 0 ? Math.min(MAX_EDITS, editBudget(w, extraEdits)) : 'AUTO:4,8';
      for (const field of FOLDED_FIELDS) {
        queries.push({
          constant_score: { filter: { match: { [field]: { query: w, fuzziness, prefix_length: 1 } } }, boost: BOOST.corrected + FIELD_BONUS[field] },
        });
      }
    }
    return { dis_max: { queries } };
  });
  // Proximity: the typed words as a phrase in the name, closer first (scored only, never required).
  const phrase = text.words.join(' ');
  const proximity =
    text.words.length > 1
      ? [
          {
            dis_max: {
              queries: PROXIMITY.map(({ slop, boost }) => ({ constant_score: { filter: { match_phrase: { name: { query: phrase, slop } } }, boost } })),
            },
          },
        ]
      : [];
  if (words.length > 0) should.push({ bool: { must: words, filter: dims, should: proximity } });
  else if (dims.length > 0) should.push({ constant_score: { filter: { bool: { filter: dims } }, boost: BOOST.typed } });
  return { bool: { should, minimum_should_match: 1 } };
}

/** The filters of a listing: specification ranges narrow everything; category and manufacturer selections are facets. */
export function listingFilters(query: PartsQuery) {
  const ranges: unknown[] = [];
  for (const [key, range] of Object.entries(query.specifications)) {
    if (range.min == null && range.max == null) continue;
    ranges.push({ range: { [`specNumbers.${key}`]: { ...(range.min != null ? { gte: range.min } : {}), ...(range.max != null ? { lte: range.max } : {}) } } });
  }
  const category = query.categoryIds.length > 0 ? { terms: { categoryPath: query.categoryIds } } : null;
  const manufacturer = query.manufacturerIds.length > 0 ? { terms: { manufacturerId: query.manufacturerIds } } : null;
  return { ranges, category, manufacturer };
}

/** ranking.ts's relevance order as sort clauses: the tier is the score (the boosts above). */
const RELEVANCE_SORT = {
  tier: { _score: 'desc' },
  // Documents indexed before statusRank count as active.
  discontinued: { statusRank: { order: 'asc', missing: 0, unmapped_type: 'byte' } },
  partNumber: { 'partNumber.sort': 'asc' },
  id: { id: 'asc' },
} as const;

export function sortOf(query: Pick<PartsQuery, 'sortBy' | 'sortOrder'>, hasText: boolean): unknown[] {
  const order = query.sortOrder;
  if (query.sortBy === 'partNumber') return [{ 'partNumber.sort': order }, { id: order }];
  if (query.sortBy === 'manufacturer') return [{ 'manufacturerName.sort': order }, { 'partNumber.sort': order }, { id: order }];
  return (hasText ? RELEVANCE_ORDER : RELEVANCE_ORDER_WITHOUT_TEXT).map((key) => RELEVANCE_SORT[key]);
}

/**
 * A listing request with disjunctive facets: the text and specification ranges are the query; the
 * category and manufacturer selections are a post_filter on the hits (and the total), and each facet
 * is aggregated under the other facet's selection only, so it ignores its own.
 */
export function listingRequest(query: PartsQuery, text: ParsedQueryText | null, clause: unknown, window: { from: number; size: number }) {
  const { ranges, category, manufacturer } = listingFilters(query);
  const selections = [category, manufacturer].filter((f) => f !== null);
  const top = (fields: string[]) => ({ top_hits: { size: 1, _source: { includes: fields } } });
  const under = (filter: unknown) => (filter ? { bool: { filter: [filter] } } : { match_all: {} });
  return {
    // Demand only adds to the score of what the text matched (ranking.ts: after exactness, before discontinued).
    query: {
      bool: { filter: ranges, ...(clause ? { must: [clause], should: [{ rank_feature: { field: 'demand', saturation: {}, boost: DEMAND_BOOST } }] } : {}) },
    },
    ...(selections.length > 0 ? { post_filter: { bool: { filter: selections } } } : {}),
    track_total_hits: true,
    sort: sortOf(query, text !== null),
    aggs: {
      categories: {
        filter: under(manufacturer),
        aggs: {
          // On the path, so a parent counts its descendants' parts: the same total a filter on it returns.
          ids: { terms: { field: 'categoryPath', size: FACET_SIZE }, aggs: { top: top(['categoryId', 'categoryName', 'categorySlug', 'categoryAncestors']) } },
        },
      },
      manufacturers: {
        filter: under(category),
        aggs: { ids: { terms: { field: 'manufacturerId', size: FACET_SIZE }, aggs: { top: top(['manufacturerName', 'manufacturerSlug']) } } },
      },
    },
    from: window.from,
    size: window.size,
  };
}

/** The whole filter (text, ranges and selections) as one bool, for counting and deep paging without aggregations. */
export function allFilters(query: PartsQuery, clause: unknown) {
  const { ranges, category, manufacturer } = listingFilters(query);
  return { bool: { filter: [...ranges, ...[category, manufacturer].filter((f) => f !== null)], ...(clause ? { must: [clause] } : {}) } };
}
