import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { normalizePartNumber } from '@parts/shared/part-number';
import type { FacetCount, Highlight, PartListResponse, PartsQuery } from '@parts/shared/schemas';
import type { AutocompleteAnswer, PartDocument, SearchIndex } from '../../ports/search-index';
import { parseQueryText, toPartView, toSuggestion, type ParsedQueryText } from './query-text';
import { DEFAULT_SYNONYMS, type SynonymList } from './synonyms';
import { wordForms } from './word-match';

/** from + size stays inside OpenSearch's default max_result_window; deeper pages walk with search_after. */
const RESULT_WINDOW = 10_000;
/** Results past this offset are not served (the total stays exact); see docs/search.md. */
export const MAX_DEEP_OFFSET = 100_000;
const NGRAM_MAX = 15;
/**
 * Engine versions are doubled: an upsert of v is 2v (external_gte, so a same-version re-index after a
 * rename lands), a delete of v is 2v + 1, which beats a replay of upsert v but loses to upsert v + 1.
 */
const engineVersion = (version: number) => version * 2;
/** Writes this small are admin saves: wait for the refresh so the next list fetch sees them. */
const READ_YOUR_WRITES_BATCH = 100;
const FACET_SIZE = 1000;

export function createOpenSearchClient(options: { node: string; region?: string; sigv4: boolean }): Client {
  if (!options.sigv4) return new Client({ node: options.node });
  return new Client({
    node: options.node,
    ...AwsSigv4Signer({ region: options.region ?? 'us-east-1', service: 'es', getCredentials: defaultProvider() }),
  });
}

/** The synonym list as search-time synonym_graph rules ("sov => sov, solenoid valve"). */
export function synonymRules(list: SynonymList): string[] {
  return Object.entries(list).map(([word, phrases]) => `${word} => ${[word, ...phrases.map((p) => p.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim())].join(', ')}`);
}

/**
 * Index settings and mapping: normalised part numbers (keyword + n-grams), search-as-you-type names,
 * sort keywords, numeric specs. Words are stemmed lightly (plural and common inflections) on both
 * sides; synonyms apply at search time only, so the list can change without a reindex.
 */
export const INDEX_BODY = {
  settings: {
    'index.max_ngram_diff': NGRAM_MAX - 3,
    analysis: {
      char_filter: { pn_strip: { type: 'pattern_replace', pattern: '[^\\p{L}\\p{N}]', replacement: '' } },
      filter: {
        pn_ngram: { type: 'ngram', min_gram: 3, max_gram: NGRAM_MAX },
        pn_truncate: { type: 'truncate', length: NGRAM_MAX },
        word_forms: { type: 'stemmer', language: 'minimal_english' },
        domain_synonyms: { type: 'synonym_graph', synonyms: synonymRules(DEFAULT_SYNONYMS) },
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
      },
    },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'integer' },
      version: { type: 'long' },
      name: { type: 'search_as_you_type', analyzer: 'folded', fields: { forms: { type: 'text', analyzer: 'words', search_analyzer: 'words_query' } } },
      slug: { type: 'keyword', index: false },
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
      description: { type: 'text', analyzer: 'folded', fields: { forms: { type: 'text', analyzer: 'words', search_analyzer: 'words_query' } } },
      status: { type: 'keyword' },
      price: { type: 'double', index: false },
      image: { type: 'keyword', index: false },
      categoryId: { type: 'integer' },
      categoryPath: { type: 'integer' },
      categoryName: { type: 'text', analyzer: 'folded' },
      /** The category and every ancestor's name, so "pneumatic" finds parts under Pneumatic Systems. */
      categoryWords: { type: 'text', analyzer: 'folded', fields: { forms: { type: 'text', analyzer: 'words', search_analyzer: 'words_query' } } },
      categorySlug: { type: 'keyword', index: false },
      /** Ancestor names and slugs, read back by the category facet; not searched. */
      categoryAncestors: { type: 'object', enabled: false },
      manufacturerId: { type: 'integer' },
      manufacturerName: {
        type: 'text',
        analyzer: 'folded',
        fields: { sort: { type: 'keyword', normalizer: 'lower_sort' }, forms: { type: 'text', analyzer: 'words', search_analyzer: 'words_query' } },
      },
      manufacturerSlug: { type: 'keyword', index: false },
      specifications: { type: 'object', enabled: false },
      specNumbers: { type: 'object', dynamic: true },
    },
    dynamic_templates: [{ spec_numbers: { path_match: 'specNumbers.*', mapping: { type: 'double' } } }],
  },
} as const;

interface Hit {
  _id: string;
  _source?: PartDocument;
  sort?: unknown[];
}
interface SearchBody {
  hits: { total?: { value: number } | number; hits: Hit[] };
  aggregations?: Record<string, { buckets: { key: number; doc_count: number; top: { hits: { hits: Hit[] } } }[] }>;
}

/**
 * OpenSearch behind the SearchIndex port (AWS). External versioning makes writes idempotent and
 * ordered: a document older than the indexed one is rejected by the engine itself.
 */
export function createOpenSearchIndex(options: { client: Client; index: string }): SearchIndex {
  const { client, index } = options;
  let ready: Promise<boolean> | undefined;
  let mapped: Promise<void> | undefined;

  /** Creates the index when missing; resolves true when this call created it. */
  async function createIfMissing(): Promise<boolean> {
    const exists = await client.indices.exists({ index });
    if (exists.body) return false;
    try {
      await client.indices.create({ index, body: INDEX_BODY as never });
      return true;
    } catch (err) {
      if (!String((err as { message?: string }).message).includes('resource_already_exists')) throw err;
      return false;
    }
  }
  // Writers bring an older index's strict mapping up to date (adding fields is allowed); readers never pay for it.
  async function syncMapping(): Promise<void> {
    if (await ensure()) return;
    await client.indices.putMapping({ index, body: { properties: INDEX_BODY.mappings.properties } as never });
  }
  const ensure = () => (ready ??= createIfMissing().catch((err: unknown) => ((ready = undefined), Promise.reject(err))));
  const ensureMapping = () => (mapped ??= syncMapping().catch((err: unknown) => ((mapped = undefined), Promise.reject(err))));

  async function rawSearch(body: Record<string, unknown>): Promise<SearchBody> {
    await ensure();
    const res = await client.search({ index, body: body as never });
    return res.body as unknown as SearchBody;
  }

  async function bulk(lines: unknown[], small: boolean) {
    await ensureMapping();
    const res = await client.bulk({ body: lines as never, refresh: small ? 'wait_for' : false });
    const body = res.body as unknown as { errors: boolean; items: Record<string, { status: number; error?: { reason?: string } }>[] };
    if (!body.errors) return;
    // 409 is the engine refusing an older version (or a replay): exactly what the port asks for.
    const failed = body.items.map((i) => Object.values(i)[0]).filter((r) => r && r.status !== 409 && !(r.status === 404));
    if (failed.length > 0) throw new Error(`OpenSearch bulk failed for ${failed.length} item(s): ${failed[0]?.error?.reason ?? 'unknown'}`);
  }

  /**
   * The same tiers as the embedded engine, as boosts: exact part number, prefix, infix, then the words
   * as typed (last one as a prefix), then word forms and synonyms, then typo-corrected words
   * (fuzziness AUTO:4,8 with a fixed first letter, never on part numbers: those are keywords).
   * Dimensions typed in the text narrow the word clauses.
   */
  function textClause(text: ParsedQueryText) {
    const should: unknown[] = [];
    const pn = text.partNumber;
    if (pn.length > 0) {
      should.push({ constant_score: { filter: { term: { partNumberNorm: pn } }, boost: 1000 } });
      should.push({ constant_score: { filter: { prefix: { partNumberNorm: pn } }, boost: 500 } });
      if (pn.length >= 3) {
        const infix: unknown[] = [{ match: { 'partNumber.infix': pn } }];
        // Fragments longer than the n-grams: the n-gram narrows, the wildcard makes it exact.
        if (pn.length > NGRAM_MAX) infix.push({ wildcard: { partNumberNorm: `*${pn}*` } });
        should.push({ constant_score: { filter: { bool: { filter: infix } }, boost: 200 } });
      }
    }
    const dims = Object.entries(text.specs).map(([key, r]) => ({ range: { [`specNumbers.${key}`]: { gte: r.min, lte: r.max } } }));
    const words = text.words.join(' ');
    const wordTiers: unknown[] = [];
    if (words !== '') {
      const typed = ['name', 'name._2gram', 'name._3gram', 'manufacturerName', 'categoryWords', 'description'];
      const forms = ['name.forms', 'manufacturerName.forms', 'categoryWords.forms', 'description.forms'];
      wordTiers.push(
        { constant_score: { filter: { multi_match: { query: words, type: 'bool_prefix', operator: 'and', fields: typed } }, boost: 100 } },
        { constant_score: { filter: { multi_match: { query: words, type: 'cross_fields', operator: 'and', fields: forms } }, boost: 50 } },
        {
          constant_score: {
            filter: { multi_match: { query: words, type: 'best_fields', operator: 'and', fields: forms, fuzziness: 'AUTO:4,8', prefix_length: 1 } },
            boost: 10,
          },
        },
      );
    }
    if (wordTiers.length > 0) should.push({ bool: { should: wordTiers, minimum_should_match: 1, filter: dims } });
    else if (dims.length > 0) should.push({ constant_score: { filter: { bool: { filter: dims } }, boost: 100 } });
    return { bool: { should, minimum_should_match: 1 } };
  }

  /** What of the typed text to mark: the words and their forms and synonyms (the client marks only what a name contains). */
  function highlightOf(text: ParsedQueryText, corrections: Map<string, string>, partNumberFound: boolean): Highlight {
    const terms = new Set<string>();
    text.words.forEach((w, i) => {
      if (i < text.words.length - 1) terms.add(w);
      for (const f of wordForms(w)) terms.add(f);
      for (const p of DEFAULT_SYNONYMS[w] ?? []) for (const part of p.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (part) terms.add(part);
      const fixed = corrections.get(w);
      if (fixed) terms.add(fixed);
    });
    const last = text.words[text.words.length - 1];
    return { terms: [...terms].slice(0, 64), prefixes: last ? [last] : [], partNumber: partNumberFound ? text.partNumber : null };
  }

  /** Corrections the index's own vocabulary offers for words it does not contain (term suggester). */
  async function correctionsOf(words: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (words.length === 0) return out;
    const res = (await rawSearch({
      size: 0,
      suggest: {
        text: words.join(' '),
        fix: { term: { field: 'description', suggest_mode: 'missing', prefix_length: 1, min_word_length: 4, max_edits: 2, sort: 'score' } },
      },
    })) as SearchBody & { suggest?: { fix?: { text: string; options: { text: string }[] }[] } };
    for (const entry of res.suggest?.fix ?? []) {
      const best = entry.options[0]?.text;
      if (best && !/\d/.test(entry.text)) out.set(entry.text, best);
    }
    return out;
  }

  function filters(query: PartsQuery): unknown[] {
    const out: unknown[] = [];
    if (query.categoryIds.length > 0) out.push({ terms: { categoryPath: query.categoryIds } });
    if (query.manufacturerIds.length > 0) out.push({ terms: { manufacturerId: query.manufacturerIds } });
    for (const [key, range] of Object.entries(query.specifications)) {
      if (range.min == null && range.max == null) continue;
      out.push({ range: { [`specNumbers.${key}`]: { ...(range.min != null ? { gte: range.min } : {}), ...(range.max != null ? { lte: range.max } : {}) } } });
    }
    return out;
  }

  function sortOf(query: PartsQuery, hasText: boolean): unknown[] {
    const order = query.sortOrder;
    if (query.sortBy === 'partNumber') return [{ 'partNumber.sort': order }, { id: order }];
    if (query.sortBy === 'manufacturer') return [{ 'manufacturerName.sort': order }, { 'partNumber.sort': order }, { id: order }];
    return hasText ? [{ _score: 'desc' }, { 'partNumber.sort': 'asc' }, { id: 'asc' }] : [{ id: 'asc' }];
  }

  /** Any document in a category bucket has that category on its path: its own category or one of its ancestors names it. */
  function nameOf(kind: 'category' | 'manufacturer', id: number, src: PartDocument | undefined): { name: string; slug: string } {
    if (kind === 'manufacturer') return { name: src?.manufacturerName ?? '', slug: src?.manufacturerSlug ?? '' };
    if (src?.categoryId === id) return { name: src.categoryName, slug: src.categorySlug };
    const ancestor = src?.categoryAncestors?.find((a) => a.id === id);
    return { name: ancestor?.name ?? '', slug: ancestor?.slug ?? '' };
  }

  function facetList(buckets: { key: number; doc_count: number; top: { hits: { hits: Hit[] } } }[] | undefined, kind: 'category' | 'manufacturer'): FacetCount[] {
    return (buckets ?? [])
      .map((b) => ({ id: Number(b.key), ...nameOf(kind, Number(b.key), b.top.hits.hits[0]?._source), count: b.doc_count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
  }

  async function search(query: PartsQuery): Promise<PartListResponse> {
    const text = parseQueryText(query.q);
    const first = await searchText(query, text);
    if (!text) return first;
    const corrections = await correctionsOf(text.words);
    const didYouMean = corrections.size > 0 ? text.words.map((w) => corrections.get(w) ?? w).join(' ') : null;
    const partNumberFound = first.total > 0 && first.data.some((p) => normalizePartNumber(p.partNumber).includes(text.partNumber));
    const highlight = highlightOf(text, corrections, partNumberFound);
    if (first.total > 0) {
      // Results that exist only through corrections: say what was searched for.
      const typedMatches = corrections.size > 0 ? await searchText({ ...query, page: 1, pageSize: 1 }, text, true) : first;
      return { ...first, highlight, correctedQuery: typedMatches.total === 0 ? didYouMean : null };
    }
    // Nothing matched every word: drop one word, the least selective (most frequent) first, or the typed dimensions.
    const dimsTyped = Object.keys(text.specs).length > 0;
    if (text.relaxable && text.words.length + (dimsTyped ? 1 : 0) >= 2) {
      const frequency = await Promise.all(text.words.map(async (w) => (await searchText({ ...query, page: 1, pageSize: 1 }, { ...text, partNumber: '', words: [w], specs: {} })).total));
      const order = text.words.map((_, i) => i).sort((a, b) => frequency[b]! - frequency[a]!);
      const variants = order.map((i) => ({ ...text, partNumber: '', words: text.words.filter((_, j) => j !== i) }));
      if (dimsTyped) variants.push({ ...text, partNumber: '', specs: {} });
      for (const variant of variants.slice(0, 8)) {
        const answer = await searchText(query, variant);
        if (answer.total > 0) return { ...answer, highlight, relaxedQuery: variant.words.map((w) => corrections.get(w) ?? w).join(' '), correctedQuery: null, didYouMean };
      }
    }
    return { ...first, highlight, didYouMean };
  }

  async function searchText(query: PartsQuery, text: ParsedQueryText | null, typedOnly = false): Promise<PartListResponse> {
    const empty = { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: { categories: [], manufacturers: [] } };
    if (text && text.partNumber === '' && text.words.length === 0 && Object.keys(text.specs).length === 0) return empty;
    const clause = text ? textClause(text) : undefined;
    // typedOnly: the part-number tiers and the words as typed, without forms, synonyms or corrections.
    if (clause && typedOnly) {
      const should = clause.bool.should as { bool?: { should: unknown[] } }[];
      for (const s of should) if (s.bool?.should) s.bool.should = s.bool.should.slice(0, 1);
    }
    const bool = { filter: filters(query), ...(clause ? { must: [clause] } : {}) };
    const sort = sortOf(query, Boolean(text));
    const offset = (query.page - 1) * query.pageSize;
    const top = (fields: string[]) => ({ top_hits: { size: 1, _source: { includes: fields } } });
    const aggs = {
      // On the path, so a parent counts its descendants' parts: the same total a filter on it returns.
      categories: { terms: { field: 'categoryPath', size: FACET_SIZE }, aggs: { top: top(['categoryId', 'categoryName', 'categorySlug', 'categoryAncestors']) } },
      manufacturers: { terms: { field: 'manufacturerId', size: FACET_SIZE }, aggs: { top: top(['manufacturerName', 'manufacturerSlug']) } },
    };
    const deep = offset + query.pageSize > RESULT_WINDOW;
    const first = await rawSearch({
      query: { bool },
      track_total_hits: true,
      sort,
      aggs,
      from: deep ? 0 : offset,
      size: deep ? 0 : query.pageSize,
    });
    const total = typeof first.hits.total === 'number' ? first.hits.total : (first.hits.total?.value ?? 0);
    let hits = first.hits.hits;
    if (deep && offset < total && offset < MAX_DEEP_OFFSET) hits = await deepPage(bool, sort, offset, query.pageSize);
    return {
      data: hits.flatMap((h) => (h._source ? [toPartView(h._source)] : [])),
      total,
      page: query.page,
      pageSize: query.pageSize,
      totalPages: Math.ceil(total / query.pageSize),
      facets: {
        categories: facetList(first.aggregations?.categories?.buckets, 'category'),
        manufacturers: facetList(first.aggregations?.manufacturers?.buckets, 'manufacturer'),
      },
    };
  }

  /** Skips `offset` hits with search_after (sort values only), then reads the page. */
  async function deepPage(bool: unknown, sort: unknown[], offset: number, size: number): Promise<Hit[]> {
    let after: unknown[] | undefined;
    let skipped = 0;
    while (skipped < offset) {
      const step = Math.min(RESULT_WINDOW, offset - skipped);
      const res = await rawSearch({ query: { bool }, sort, size: step, _source: false, track_total_hits: false, ...(after ? { search_after: after } : {}) });
      const last = res.hits.hits[res.hits.hits.length - 1];
      if (!last?.sort) return [];
      after = last.sort;
      skipped += res.hits.hits.length;
    }
    const page = await rawSearch({ query: { bool }, sort, size, track_total_hits: false, ...(after ? { search_after: after } : {}) });
    return page.hits.hits;
  }

  async function autocomplete(q: string, limit: number): Promise<AutocompleteAnswer> {
    const text = parseQueryText(q);
    if (!text || limit <= 0 || (text.partNumber === '' && text.words.length === 0)) return { suggestions: [], highlight: null };
    const res = await rawSearch({
      query: textClause(text),
      sort: [{ _score: 'desc' }, { 'partNumber.sort': 'asc' }, { id: 'asc' }],
      size: limit,
      track_total_hits: false,
    });
    const suggestions = res.hits.hits.flatMap((h) => (h._source ? [toSuggestion(toPartView(h._source))] : []));
    const partNumberFound = text.partNumber !== '' && suggestions.some((s) => normalizePartNumber(s.partNumber).includes(text.partNumber));
    return { suggestions, highlight: highlightOf(text, new Map(), partNumberFound) };
  }

  async function partIds(filter: { categoryIds?: number[]; manufacturerIds?: number[] }): Promise<number[]> {
    const should: unknown[] = [];
    if (filter.categoryIds?.length) should.push({ terms: { categoryPath: filter.categoryIds } });
    if (filter.manufacturerIds?.length) should.push({ terms: { manufacturerId: filter.manufacturerIds } });
    if (should.length === 0) return [];
    const ids: number[] = [];
    let after: unknown[] | undefined;
    for (;;) {
      const res = await rawSearch({
        query: { bool: { should, minimum_should_match: 1 } },
        sort: [{ id: 'asc' }],
        size: RESULT_WINDOW,
        _source: false,
        track_total_hits: false,
        ...(after ? { search_after: after } : {}),
      });
      for (const h of res.hits.hits) ids.push(Number(h._id));
      const last = res.hits.hits[res.hits.hits.length - 1];
      if (!last?.sort || res.hits.hits.length < RESULT_WINDOW) return ids;
      after = last.sort;
    }
  }

  return {
    async upsert(docs) {
      if (docs.length === 0) return;
      const lines = docs.flatMap((doc) => [
        { index: { _index: index, _id: String(doc.id), version: engineVersion(doc.version), version_type: 'external_gte' } },
        { ...doc, partNumberNorm: normalizePartNumber(doc.partNumber), categoryWords: [doc.categoryName, ...(doc.categoryAncestors ?? []).map((a) => a.name)].join(' ') },
      ]);
      await bulk(lines, docs.length <= READ_YOUR_WRITES_BATCH);
    },
    async remove(items) {
      if (items.length === 0) return;
      const lines = items.map((i) => ({ delete: { _index: index, _id: String(i.id), version: engineVersion(i.version) + 1, version_type: 'external_gte' } }));
      await bulk(lines, items.length <= READ_YOUR_WRITES_BATCH);
    },
    search,
    autocomplete,
    partIds,
    async clear() {
      await client.indices.delete({ index, ignore_unavailable: true });
      ready = undefined;
      mapped = undefined;
      await ensure();
    },
    async count() {
      await ensure();
      const res = await client.count({ index });
      return Number((res.body as unknown as { count: number }).count);
    },
    async ping() {
      await client.ping();
    },
    async close() {
      await client.close();
    },
  };
}
