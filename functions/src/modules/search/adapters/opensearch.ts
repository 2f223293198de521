import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { normalizePartNumber } from '@parts/shared/part-number';
import { synonymListSchema, type FacetCount, type Highlight, type PartListResponse, type PartsQuery } from '@parts/shared/schemas';
import type { AutocompleteAnswer, PartDocument, SearchIndex } from '../ports/search-index';
import {
  allFilters,
  documentOf,
  indexBody,
  indexedDocument,
  listingRequest,
  readWordInfo,
  sortOf,
  textClause,
  wordInfoRequest,
  type WordInfo,
} from './opensearch-queries';
import { parseQueryText, toPartView, toSuggestion, type ParsedQueryText } from './query-text';
import { DEFAULT_SYNONYMS, type SynonymList } from './synonyms';
import { allowedEdits, editDistance, wordForms } from './word-match';
import type { SearchClient } from './opensearch-apis';
import { createOpenSearchMatchSource } from './opensearch-match';
import { matchPartLines } from '../../bom';

export { synonymRules } from './opensearch-queries';

/** from + size stays inside OpenSearch's default max_result_window; deeper pages walk with search_after. */
const RESULT_WINDOW = 10_000;
/** Results past this offset are not served (the total stays exact); see docs/search.md. */
export const MAX_DEEP_OFFSET = 100_000;
/**
 * Engine versions are doubled: an upsert of v is 2v (external_gte, so a same-version re-index after a
 * rename lands), a delete of v is 2v + 1, which beats a replay of upsert v but loses to upsert v + 1.
 */
const engineVersion = (version: number) => version * 2;
/** Writes this small are admin saves: wait for the refresh so the next list fetch sees them. */
const READ_YOUR_WRITES_BATCH = 100;

/**
 * Slow-log thresholds (dynamic index settings, set on every index this adapter creates): the domain publishes
 * what crosses them to CloudWatch Logs (infra search.ts). A listing answers in tens of milliseconds (docs/search.md).
 */
export const SLOW_LOG_SETTINGS = {
  'index.search.slowlog.threshold.query.warn': '2s',
  'index.search.slowlog.threshold.query.info': '500ms',
  'index.search.slowlog.threshold.fetch.warn': '1s',
  'index.search.slowlog.threshold.fetch.info': '200ms',
  'index.indexing.slowlog.threshold.index.warn': '2s',
  'index.indexing.slowlog.threshold.index.info': '500ms',
} as const;

/**
 * The concrete index behind the alias `index` (ADR 107): `<index>-<UTC time to the millisecond>`. Readers and
 * writers use the alias; a rebuild fills a new concrete index and moves the alias in one step.
 */
export const concreteIndexName = (index: string, at: Date) => `${index}-${at.toISOString().replace(/[-:.]/g, '').toLowerCase()}`;

export function createOpenSearchClient(options: { node: string; region?: string; sigv4: boolean }): SearchClient {
  if (!options.sigv4) return new Client({ node: options.node });
  return new Client({
    node: options.node,
    ...AwsSigv4Signer({ region: options.region ?? 'us-east-1', service: 'es', getCredentials: defaultProvider() }),
  });
}

/** Index settings and mapping with the default synonyms (see opensearch-queries.ts). */
export const INDEX_BODY = indexBody(DEFAULT_SYNONYMS);

interface Hit {
  _id: string;
  _source?: PartDocument;
  sort?: unknown[];
}
type Buckets = { buckets: { key: number; doc_count: number; top: { hits: { hits: Hit[] } } }[] };
interface SearchBody {
  hits: { total?: { value: number } | number; hits: Hit[] };
  aggregations?: { categories?: { ids?: Buckets }; manufacturers?: { ids?: Buckets } } & Record<string, unknown>;
  suggest?: unknown;
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
 * OpenSearch behind the SearchIndex port (AWS). External versioning makes writes idempotent and
 * ordered: a document older than the indexed one is rejected by the engine itself. Matching and
 * ranking follow the embedded engine (docs/search.md); the request bodies are in opensearch-queries.ts.
 */
export function createOpenSearchIndex(options: {
  client: SearchClient;
  index: string;
  synonyms?: SynonymList;
  replicas?: number;
  /** The clock naming new concrete indices (tests). */
  now?: () => Date;
  /** Internal: an index `rebuild` fills, already created, not behind the alias. */
  concrete?: boolean;
}): SearchIndex {
  const { client, index } = options;
  const now = options.now ?? (() => new Date());
  const synonyms = options.synonyms ? synonymListSchema.parse(options.synonyms) : DEFAULT_SYNONYMS;
  const body = indexBody(synonyms);
  // The domain's shape decides (infra: 0 on one node, 1 on two); the engine's default (1) otherwise.
  const createBody = {
    ...body,
    settings: { ...body.settings, ...SLOW_LOG_SETTINGS, ...(options.replicas === undefined ? {} : { 'index.number_of_replicas': options.replicas }) },
  };
  let ready: Promise<boolean> | undefined;
  let mapped: Promise<void> | undefined;

  /** Creates a concrete index behind the alias when neither exists; resolves true when this call created it. */
  async function createIfMissing(): Promise<boolean> {
    const exists = await client.indices.exists({ index });
    if (exists.body || options.concrete) return false;
    try {
      // One fixed name, so two containers creating it at once end with one index (the other gets resource_already_exists).
      await client.indices.create({ index: `${index}-initial`, body: { ...createBody, aliases: { [index]: {} } } as never });
      return true;
    } catch (err) {
      if (!String((err as { message?: string }).message).includes('resource_already_exists')) throw err;
      return false;
    }
  }

  /**
   * The concrete indices behind `index`: those of the alias, or `index` itself when an index of that name exists (a
   * domain indexed before ADR 107: the first rebuild replaces it with an alias), or none.
   */
  async function liveIndices(): Promise<{ names: string[]; unaliased: boolean }> {
    if (!(await client.indices.exists({ index })).body) return { names: [], unaliased: false };
    const aliased = await client.indices.existsAlias({ name: index });
    if (!aliased.body) return { names: [index], unaliased: true };
    const res = await client.indices.getAlias({ name: index });
    return { names: Object.keys(res.body as object), unaliased: false };
  }

  /** Ids and versions of every document of a concrete index, ascending by id. */
  async function allVersions(name: string): Promise<Map<number, number>> {
    const reader = createOpenSearchIndex({ client, index: name, concrete: true });
    const out = new Map<number, number>();
    for (let after = 0; ;) {
      const page = await reader.listVersions(after, RESULT_WINDOW);
      for (const d of page) out.set(d.id, d.version);
      if (page.length < RESULT_WINDOW) return out;
      after = page[page.length - 1]!.id;
    }
  }

  /** Documents that differ between two concrete indices, with the version the second holds (0: absent there). */
  async function differences(before: string[], after: string): Promise<{ id: number; version: number }[]> {
    if (before.length === 0) return [];
    await client.indices.refresh({ index: [...before, after].join(',') });
    const old = new Map<number, number>();
    for (const name of before) for (const [id, v] of await allVersions(name)) old.set(id, Math.max(v, old.get(id) ?? 0));
    const fresh = await allVersions(after);
    const out: { id: number; version: number }[] = [];
    for (const [id, v] of old) if (fresh.get(id) !== v) out.push({ id, version: fresh.get(id) ?? 0 });
    for (const [id, v] of fresh) if (!old.has(id)) out.push({ id, version: v });
    return out.sort((a, b) => a.id - b.id);
  }

  async function rebuild<T>(fill: (target: SearchIndex) => Promise<T>): Promise<{ result: T; differing: { id: number; version: number }[] }> {
    const live = await liveIndices();
    const next = concreteIndexName(index, now());
    await client.indices.create({ index: next, body: createBody as never });
    let result: T;
    try {
      result = await fill(createOpenSearchIndex({ ...options, index: next, concrete: true }));
    } catch (err) {
      // The live index is untouched; the half-filled one goes.
      await client.indices.delete({ index: next, ignore_unavailable: true });
      throw err;
    }
    // An unaliased index must go in the same step as the alias takes its name, so compare before; otherwise after
    // the swap, when no write reaches the old index any more.
    const early = live.unaliased ? await differences(live.names, next) : undefined;
    await client.indices.updateAliases({
      body: {
        actions: [
          { add: { index: next, alias: index } },
          ...(live.unaliased ? [{ remove_index: { index } }] : live.names.map((name) => ({ remove: { index: name, alias: index } }))),
        ],
      } as never,
    });
    ready = undefined;
    mapped = undefined;
    const differing = early ?? (await differences(live.names, next));
    if (!live.unaliased && live.names.length > 0) await client.indices.delete({ index: live.names.join(',') });
    return { result, differing };
  }
  /**
   * Writers bring an older index up to date before their first write; readers never pay for it. New
   * analyzers or a changed synonym list need the index closed for a moment (analysis settings are
   * static); new fields are added to the strict mapping. Documents written before a new field existed
   * gain it on the next reindex.
   */
  async function syncMapping(): Promise<void> {
    if (await ensure()) return;
    const res = await client.indices.getSettings({ index });
    const current = Object.values(res.body as unknown as Record<string, { settings?: { index?: { analysis?: unknown } } }>)[0]?.settings?.index?.analysis;
    if (analysisDiffers(current, body.settings.analysis)) {
      await client.indices.close({ index });
      try {
        await client.indices.putSettings({ index, body: { analysis: body.settings.analysis } as never });
      } finally {
        await client.indices.open({ index });
      }
    }
    await client.indices.putMapping({ index, body: { properties: body.mappings.properties } as never });
  }
  const ensure = () => (ready ??= createIfMissing().catch((err: unknown) => ((ready = undefined), Promise.reject(err))));
  const ensureMapping = () => (mapped ??= syncMapping().catch((err: unknown) => ((mapped = undefined), Promise.reject(err))));

  async function rawSearch(request: Record<string, unknown>): Promise<SearchBody> {
    await ensure();
    const res = await client.search({ index, body: request as never });
    return res.body as unknown as SearchBody;
  }

  async function count(query: unknown): Promise<number> {
    const res = await rawSearch({ query, size: 0, track_total_hits: true });
    return totalOf(res);
  }

  async function bulk(lines: unknown[], small: boolean) {
    await ensureMapping();
    const res = await client.bulk({ body: lines as never, refresh: small ? 'wait_for' : false });
    const result = res.body as unknown as { errors: boolean; items: Record<string, { status: number; error?: { reason?: string } }>[] };
    if (!result.errors) return;
    // 409 is the engine refusing an older version (or a replay): exactly what the port asks for.
    const failed = result.items.map((i) => Object.values(i)[0]).filter((r) => r && r.status !== 409 && !(r.status === 404));
    if (failed.length > 0) throw new Error(`OpenSearch bulk failed for ${failed.length} item(s): ${failed[0]?.error?.reason ?? 'unknown'}`);
  }

  /** Asks the index about the typed words: which it knows (as typed, by a form or synonym), and the closest terms of the others. */
  async function planWords(text: ParsedQueryText, extraEdits = 0): Promise<WordPlan> {
    const info = readWordInfo(text.words, await rawSearch(wordInfoRequest(text.words)));
    const unknown = new Set<string>();
    const corrections = new Map<string, string>();
    text.words.forEach((w, i) => {
      if (text.fixed.has(w) || info.typed[i]! > 0 || info.forms[i]! > 0) return;
      unknown.add(w);
      const max = Math.min(2, allowedEdits(w) + extraEdits);
      const best = info.suggestions[i]!.find((s) => !/\d/.test(s) && editDistance(w, s, max) <= max);
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
    return { terms: [...terms].slice(0, 64), prefixes: last ? [last] : [], partNumber: partNumberFound ? text.partNumber : null };
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

  /**
   * A listing. When the typed text matches no part at all (before the filters), it is relaxed as the
   * embedded engine does: one word dropped (a word nothing explains first, then the most frequent), or
   * the typed dimensions, then the words corrected one edit further.
   */
  async function search(query: PartsQuery): Promise<PartListResponse> {
    const text = parseQueryText(query.q);
    if (!text) return listing(query, null, null);
    const plan = text.words.length > 0 ? await planWords(text) : null;
    const clause = textClause(text, plan?.unknown);
    const first = await listing(query, text, clause);
    const correctedText = plan && plan.corrections.size > 0 ? text.words.map((w) => plan.corrections.get(w) ?? w).join(' ') : null;
    if (first.total > 0 || (await count(clause)) > 0) {
      const partNumberFound = first.data.some((p) => text.partNumber !== '' && normalizePartNumber(p.partNumber).includes(text.partNumber));
      // Results that exist only through corrections: say what was searched for.
      const corrected = correctedText !== null && first.total > 0 && !partNumberFound ? correctedText : null;
      return { ...first, highlight: highlightOf(text, plan?.corrections ?? new Map(), partNumberFound), correctedQuery: corrected };
    }
    const variants: { text: ParsedQueryText; label: string | null; extraEdits: number }[] = relaxations(text, plan).map((v) => ({ ...v, extraEdits: 0 }));
    if (text.words.length > 0) variants.push({ text, label: null, extraEdits: 1 });
    let didYouMean: string | null = null;
    for (const variant of variants) {
      const variantPlan = variant.text.words.length > 0 ? await planWords(variant.text, variant.extraEdits) : null;
      if (variant.extraEdits > 0 && variantPlan && variantPlan.corrections.size > 0) {
        didYouMean = variant.text.words.map((w) => variantPlan.corrections.get(w) ?? w).join(' ');
      }
      const variantClause = textClause(variant.text, variantPlan?.unknown, variant.extraEdits);
      if ((await count(variantClause)) === 0) continue;
      const answer = await listing(query, variant.text, variantClause);
      const label = variant.label ?? didYouMean;
      if (answer.total > 0 && label) {
        const shown = variantPlan && variantPlan.corrections.size > 0 ? variant.text.words.map((w) => variantPlan.corrections.get(w) ?? w).join(' ') : label;
        return {
          ...answer,
          highlight: highlightOf(variant.text, variantPlan?.corrections ?? new Map(), false),
          relaxedQuery: shown,
          correctedQuery: null,
          didYouMean: didYouMean ?? correctedText,
        };
      }
    }
    return { ...first, highlight: highlightOf(text, plan?.corrections ?? new Map(), false), correctedQuery: null, didYouMean: didYouMean ?? correctedText };
  }

  /** Shorter texts to try: without one word (a word nothing explains first, then the most frequent), or without the typed dimensions. */
  function relaxations(text: ParsedQueryText, plan: WordPlan | null): { text: ParsedQueryText; label: string }[] {
    const dims = Object.keys(text.specs).length > 0;
    if (!text.relaxable || text.words.length + (dims ? 1 : 0) < 2) return [];
    const weight = (w: string, i: number) => {
      if (!plan) return 0;
      const known = Math.max(plan.info.typed[i]!, plan.info.forms[i]!);
      if (known > 0) return known;
      return plan.corrections.has(w) ? 0 : Number.POSITIVE_INFINITY;
    };
    const order = text.words.map((w, i) => ({ i, weight: weight(w, i) })).sort((a, b) => b.weight - a.weight);
    const out = order.map(({ i }) => {
      const kept = text.words.filter((_, j) => j !== i);
      return { text: { ...text, partNumber: '', words: kept }, label: kept.join(' ') };
    });
    if (dims) out.push({ text: { ...text, partNumber: '', specs: {} }, label: text.words.join(' ') });
    return out.slice(0, 8);
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
    let corrections = new Map<string, string>();
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
        indexedDocument(doc, normalizePartNumber(doc.partNumber)),
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
    async partBySlug(slug) {
      // A term search: it sees an admin's save at once, since small writes wait for the refresh.
      const res = await rawSearch({ query: { term: { slugKey: slug } }, size: 2, track_total_hits: false });
      const hits = res.hits.hits;
      return hits.length === 1 && hits[0]!._source ? documentOf(hits[0]!._source) : undefined;
    },
    partIds,
    async listVersions(afterId, limit) {
      const res = await rawSearch({
        query: { match_all: {} },
        sort: [{ id: 'asc' }],
        size: Math.min(limit, RESULT_WINDOW),
        _source: ['version'],
        track_total_hits: false,
        search_after: [afterId],
      });
      return res.hits.hits.map((h) => ({ id: Number(h._id), version: Number((h._source as { version?: unknown } | undefined)?.version) }));
    },
    async matchParts(lines) {
      return matchPartLines(createOpenSearchMatchSource({ client, index, ready: ensure }), lines);
    },
    async clear() {
      const { names } = await liveIndices();
      if (names.length > 0) await client.indices.delete({ index: names.join(','), ignore_unavailable: true });
      ready = undefined;
      mapped = undefined;
      await ensure();
    },
    ...(options.concrete ? {} : { rebuild }),
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

function totalOf(res: SearchBody): number {
  return typeof res.hits.total === 'number' ? res.hits.total : (res.hits.total?.value ?? 0);
}

/** Whether the index's analysis settings lack an analyzer, filter or normalizer of this version, or differ in one (a changed synonym list). */
export function analysisDiffers(current: unknown, wanted: Record<string, Record<string, unknown>>): boolean {
  const have = (current ?? {}) as Record<string, Record<string, unknown> | undefined>;
  for (const [kind, entries] of Object.entries(wanted)) {
    for (const [name, definition] of Object.entries(entries)) {
      if (!sameSetting(have[kind]?.[name], definition)) return true;
    }
  }
  return false;
}

/** OpenSearch returns settings as strings ("3", "true") and arrays as given: compare loosely. */
function sameSetting(have: unknown, want: unknown): boolean {
  if (Array.isArray(want)) return Array.isArray(have) && have.length === want.length && want.every((w, i) => sameSetting(have[i], w));
  if (want !== null && typeof want === 'object') {
    if (have === null || typeof have !== 'object') return false;
    return Object.entries(want).every(([k, v]) => sameSetting((have as Record<string, unknown>)[k], v));
  }
  return have !== undefined && String(have) === String(want);
}
