import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { normalizePartNumber } from '@parts/shared/part-number';
import type { FacetCount, PartListResponse, PartsQuery, Suggestion } from '@parts/shared/schemas';
import type { PartDocument, SearchIndex } from '../../ports/search-index';
import { parseQueryText, toPartView, toSuggestion, type ParsedQueryText } from './query-text';

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

/** Index settings and mapping: normalised part numbers (keyword + n-grams), search-as-you-type names, sort keywords, numeric specs. */
export const INDEX_BODY = {
  settings: {
    'index.max_ngram_diff': NGRAM_MAX - 3,
    analysis: {
      char_filter: { pn_strip: { type: 'pattern_replace', pattern: '[^\\p{L}\\p{N}]', replacement: '' } },
      filter: {
        pn_ngram: { type: 'ngram', min_gram: 3, max_gram: NGRAM_MAX },
        pn_truncate: { type: 'truncate', length: NGRAM_MAX },
      },
      normalizer: {
        upper_sort: { type: 'custom', filter: ['uppercase'] },
        lower_sort: { type: 'custom', filter: ['lowercase'] },
      },
      analyzer: {
        pn_infix: { type: 'custom', tokenizer: 'keyword', char_filter: ['pn_strip'], filter: ['asciifolding', 'uppercase', 'pn_ngram'] },
        pn_infix_query: { type: 'custom', tokenizer: 'keyword', char_filter: ['pn_strip'], filter: ['asciifolding', 'uppercase', 'pn_truncate'] },
        folded: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
      },
    },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'integer' },
      version: { type: 'long' },
      name: { type: 'search_as_you_type', analyzer: 'folded' },
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
      description: { type: 'text', analyzer: 'folded' },
      status: { type: 'keyword' },
      price: { type: 'double', index: false },
      image: { type: 'keyword', index: false },
      categoryId: { type: 'integer' },
      categoryPath: { type: 'integer' },
      categoryName: { type: 'text', analyzer: 'folded' },
      categorySlug: { type: 'keyword', index: false },
      /** Ancestor names and slugs, read back by the category facet; not searched. */
      categoryAncestors: { type: 'object', enabled: false },
      manufacturerId: { type: 'integer' },
      manufacturerName: { type: 'text', analyzer: 'folded', fields: { sort: { type: 'keyword', normalizer: 'lower_sort' } } },
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

  function textClause(text: ParsedQueryText, q: string) {
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
    if (text.words.length > 0) {
      should.push({
        multi_match: {
          query: q,
          type: 'bool_prefix',
          operator: 'and',
          fields: ['name', 'name._2gram', 'name._3gram', 'manufacturerName', 'categoryName', 'description'],
        },
      });
    }
    return { bool: { should, minimum_should_match: 1 } };
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
    const empty = { data: [], total: 0, page: query.page, pageSize: query.pageSize, totalPages: 0, facets: { categories: [], manufacturers: [] } };
    if (text && text.partNumber === '' && text.words.length === 0) return empty;
    const bool = { filter: filters(query), ...(text ? { must: [textClause(text, query.q ?? '')] } : {}) };
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

  async function autocomplete(q: string, limit: number): Promise<Suggestion[]> {
    const text = parseQueryText(q);
    if (!text || limit <= 0 || (text.partNumber === '' && text.words.length === 0)) return [];
    const res = await rawSearch({
      query: textClause(text, q),
      sort: [{ _score: 'desc' }, { 'partNumber.sort': 'asc' }, { id: 'asc' }],
      size: limit,
      track_total_hits: false,
    });
    return res.hits.hits.flatMap((h) => (h._source ? [toSuggestion(toPartView(h._source))] : []));
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
        { ...doc, partNumberNorm: normalizePartNumber(doc.partNumber) },
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
