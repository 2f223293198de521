import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { normalizePartNumber } from '@parts/shared/part-number';
import { synonymListSchema } from '@parts/shared/schemas';
import type { SearchIndex } from '../ports/search-index';
import { DEFAULT_SYNONYMS, type SynonymList } from '../synonyms';
import { matchPartLines } from '../../bom';
import type { SearchClient } from './opensearch-apis';
import { createIndexLifecycle, RESULT_WINDOW } from './opensearch-lifecycle';
import { createOpenSearchMatchSource } from './opensearch-match';
import { documentOf, indexBody, indexedDocument } from './opensearch-queries';
import { createOpenSearchSearch, type SearchBody } from './opensearch-search';

export { synonymRules } from './opensearch-queries';
export { analysisDiffers, concreteIndexName, SLOW_LOG_SETTINGS } from './opensearch-lifecycle';
export { MAX_DEEP_OFFSET } from './opensearch-search';

/**
 * Engine versions are doubled: an upsert of v is 2v (external_gte, so a same-version re-index after a
 * rename lands), a delete of v is 2v + 1, which beats a replay of upsert v but loses to upsert v + 1.
 */
const engineVersion = (version: number) => version * 2;
/** Writes this small are admin saves: wait for the refresh so the next list fetch sees them. */
const READ_YOUR_WRITES_BATCH = 100;

export function createOpenSearchClient(options: { node: string; region?: string; sigv4: boolean }): SearchClient {
  if (!options.sigv4) return new Client({ node: options.node });
  return new Client({
    node: options.node,
    ...AwsSigv4Signer({ region: options.region ?? 'us-east-1', service: 'es', getCredentials: defaultProvider() }),
  });
}

/** Index settings and mapping with the default synonyms (see opensearch-queries.ts). */
export const INDEX_BODY = indexBody(DEFAULT_SYNONYMS);

/**
 * OpenSearch behind the SearchIndex port (AWS). External versioning makes writes idempotent and
 * ordered: a document older than the indexed one is rejected by the engine itself. The rules (tiers,
 * relevance order, typo policy, relaxation) are ranking.ts's, as for the embedded engine
 * (docs/search.md); by concern: opensearch-search.ts (listing, autocomplete), opensearch-queries.ts
 * (the request bodies), opensearch-lifecycle.ts (the index behind its alias, mapping, rebuild).
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
  const synonyms = options.synonyms ? synonymListSchema.parse(options.synonyms) : DEFAULT_SYNONYMS;
  const lifecycle = createIndexLifecycle({
    client,
    index,
    body: indexBody(synonyms),
    replicas: options.replicas,
    now: options.now ?? (() => new Date()),
    concrete: options.concrete,
    open: (name) => createOpenSearchIndex({ ...options, index: name, concrete: true }),
  });
  const { ensure } = lifecycle;

  async function rawSearch(request: Record<string, unknown>): Promise<SearchBody> {
    await ensure();
    const res = await client.search({ index, body: request as never });
    return res.body as unknown as SearchBody;
  }

  const { search, autocomplete } = createOpenSearchSearch({ rawSearch, synonyms });

  async function bulk(lines: unknown[], small: boolean) {
    await lifecycle.ensureMapping();
    const res = await client.bulk({ body: lines as never, refresh: small ? 'wait_for' : false });
    const result = res.body as unknown as { errors: boolean; items: Record<string, { status: number; error?: { reason?: string } }>[] };
    if (!result.errors) return;
    // 409 is the engine refusing an older version (or a replay): exactly what the port asks for.
    const failed = result.items.map((i) => Object.values(i)[0]).filter((r) => r && r.status !== 409 && !(r.status === 404));
    if (failed.length > 0) throw new Error(`OpenSearch bulk failed for ${failed.length} item(s): ${failed[0]?.error?.reason ?? 'unknown'}`);
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
      await lifecycle.clear();
    },
    ...(options.concrete ? {} : { rebuild: lifecycle.rebuild }),
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
