import { describe, expect, it } from 'vitest';
import type { Client } from '@opensearch-project/opensearch';
import { partsQuerySchema } from '@parts/shared/schemas';
import type { PartDocument } from '../ports/search-index';
import { analysisDiffers, createOpenSearchIndex, INDEX_BODY } from './opensearch';

/**
 * The adapter's decisions (which requests, in which order, and what it makes of the answers) against
 * a scripted client: a unit test. Matching itself is the engine's, pinned by the contract suite when
 * OPENSEARCH_URL is set.
 */
type Body = Record<string, unknown>;

function part(id: number, name: string): PartDocument {
  return {
    id,
    version: 1,
    name,
    slug: `p-${id}`,
    partNumber: `PN-${id}`,
    status: 'active',
    price: null,
    categoryId: 3,
    categoryPath: [3, 1],
    categoryName: 'Cylinders',
    categorySlug: 'cylinders',
    manufacturerId: 7,
    manufacturerName: 'Festo',
    manufacturerSlug: 'festo',
    specifications: {},
    specNumbers: {},
  };
}

/** Answers word-information requests from `words`, counts and listings from `matches(bodyText)`. */
function scriptedClient(options: {
  words: Record<string, { typed: number; forms: number; suggestions?: string[] }>;
  matches: (request: string) => number;
  analysis?: unknown;
}) {
  const calls: { api: string; body?: Body }[] = [];
  const ok = (body: unknown) => Promise.resolve({ body });
  const client = {
    indices: {
      exists: () => ok(true),
      create: () => ok({}),
      getSettings: () => ok({ 'parts-v1': { settings: { index: { analysis: options.analysis ?? {} } } } }),
      close: () => (calls.push({ api: 'close' }), ok({})),
      putSettings: () => (calls.push({ api: 'putSettings' }), ok({})),
      open: () => (calls.push({ api: 'open' }), ok({})),
      putMapping: () => (calls.push({ api: 'putMapping' }), ok({})),
    },
    bulk: () => (calls.push({ api: 'bulk' }), ok({ errors: false, items: [] })),
    search: ({ body }: { body: Body }) => {
      calls.push({ api: 'search', body });
      const aggs = body.aggs as Record<string, { filters?: { filters: Record<string, unknown> } }> | undefined;
      if (aggs?.words?.filters) {
        const buckets: Record<string, { doc_count: number }> = {};
        const text = ((body.suggest as { fix: { text: string } }).fix.text ?? '').split(' ');
        text.forEach((w, i) => {
          buckets[`t${i}`] = { doc_count: options.words[w]?.typed ?? 0 };
          buckets[`f${i}`] = { doc_count: options.words[w]?.forms ?? 0 };
        });
        const fix = text.map((w) => ({ text: w, options: (options.words[w]?.suggestions ?? []).map((s) => ({ text: s })) }));
        return ok({ hits: { hits: [] }, aggregations: { words: { buckets } }, suggest: { fix } });
      }
      const total = options.matches(JSON.stringify({ query: body.query, post_filter: body.post_filter }));
      const size = typeof body.size === 'number' ? body.size : 10;
      const hits = Array.from({ length: Math.min(total, size) }, (_, i) => ({ _id: String(i + 1), _source: part(i + 1, 'Round cylinder') }));
      const top = { hits: { hits: [{ _source: part(1, 'Round cylinder') }] } };
      const aggregations =
        total > 0
          ? { categories: { ids: { buckets: [{ key: 3, doc_count: total, top }] } }, manufacturers: { ids: { buckets: [{ key: 7, doc_count: total, top }] } } }
          : {};
      return ok({ hits: { total: { value: total }, hits }, aggregations });
    },
  };
  return { client: client as unknown as Client, calls };
}

const listing = (q: Record<string, unknown>) => partsQuerySchema.parse({ pageSize: 9, ...q });
const searches = (calls: { api: string; body?: Body }[]) => calls.filter((c) => c.api === 'search').map((c) => JSON.stringify(c.body));

describe('OpenSearch adapter', () => {
  it('reads the part page by a term on slugKey: one hit is the document without the derived fields; none or two are no answer', async () => {
    const stored = part(4, 'Round cylinder');
    const source = { ...stored, slugKey: stored.slug, partNumberNorm: 'PN4', categoryWords: 'Cylinders', allWords: 'Round cylinder', statusRank: 0 };
    let hits: { _id: string; _source: unknown }[] = [{ _id: '4', _source: source }];
    const bodies: Body[] = [];
    const client = {
      indices: { exists: () => Promise.resolve({ body: true }) },
      search: ({ body }: { body: Body }) => (bodies.push(body), Promise.resolve({ body: { hits: { hits } } })),
    } as unknown as Client;
    const index = createOpenSearchIndex({ client, index: 'parts' });
    expect(await index.partBySlug('p-4')).toEqual(stored);
    expect(bodies[0]).toMatchObject({ query: { term: { slugKey: 'p-4' } }, size: 2 });
    hits = [];
    expect(await index.partBySlug('p-4')).toBeUndefined();
    hits = [
      { _id: '4', _source: source },
      { _id: '5', _source: { ...source, id: 5 } },
    ];
    expect(await index.partBySlug('p-4')).toBeUndefined();
  });

  it('reads totals and disjunctive facets from the aggregations', async () => {
    const { client, calls } = scriptedClient({ words: { cylinder: { typed: 2, forms: 2 } }, matches: () => 2 });
    const answer = await createOpenSearchIndex({ client, index: 'parts' }).search(listing({ q: 'cylinder', categoryIds: [3] }));
    expect(answer.total).toBe(2);
    expect(answer.facets.categories).toEqual([{ id: 3, name: 'Cylinders', slug: 'cylinders', count: 2 }]);
    expect(answer.facets.manufacturers).toEqual([{ id: 7, name: 'Festo', slug: 'festo', count: 2 }]);
    expect(answer.correctedQuery).toBeNull();
    expect(searches(calls).some((s) => s.includes('"post_filter"'))).toBe(true);
  });

  it('corrects only a word the index does not know, and says what it searched for', async () => {
    const { client, calls } = scriptedClient({
      words: { hydraulc: { typed: 0, forms: 0, suggestions: ['hydraulic'] }, pump: { typed: 5, forms: 5 } },
      matches: () => 3,
    });
    const answer = await createOpenSearchIndex({ client, index: 'parts' }).search(listing({ q: 'hydraulc pump' }));
    expect(answer.correctedQuery).toBe('hydraulic pump');
    expect(answer.highlight?.terms).toContain('hydraulic');
    const list = searches(calls).find((s) => s.includes('"aggs":{"categories"'))!;
    // One fuzzy clause per field, for the one unknown word.
    expect(list.match(/"fuzziness"/g)).toHaveLength(4);
    expect(list).toContain('"match":{"name":{"query":"hydraulc","fuzziness":"AUTO:4,8","prefix_length":1}}');
  });

  it('relaxes a text that matches nothing: the word nothing explains is dropped first', async () => {
    const { client } = scriptedClient({
      words: { qzxv: { typed: 0, forms: 0 }, round: { typed: 8, forms: 8 }, cylinder: { typed: 5, forms: 5 } },
      matches: (request) => (request.includes('qzxv') ? 0 : 4),
    });
    const answer = await createOpenSearchIndex({ client, index: 'parts' }).search(listing({ q: 'round qzxv cylinder' }));
    expect(answer.relaxedQuery).toBe('round cylinder');
    expect(answer.total).toBe(4);
    expect(answer.correctedQuery).toBeNull();
  });

  it('does not relax when the words match but the filters leave nothing', async () => {
    const { client, calls } = scriptedClient({
      words: { round: { typed: 8, forms: 8 }, cylinder: { typed: 5, forms: 5 } },
      // The category selection (a post_filter) leaves nothing; the text alone matches six parts.
      matches: (request) => (request.includes('categoryPath') ? 0 : 6),
    });
    const answer = await createOpenSearchIndex({ client, index: 'parts' }).search(listing({ q: 'round cylinder', categoryIds: [9] }));
    expect(answer.total).toBe(0);
    expect(answer.relaxedQuery ?? null).toBeNull();
    expect(searches(calls).filter((s) => s.includes('"aggs":{"categories"'))).toHaveLength(1);
  });

  it('never corrects a piece of a typed code, not even in the last, fuzzier try', async () => {
    const { client, calls } = scriptedClient({ words: { dsnv: { typed: 0, forms: 0, suggestions: ['dsnu'] } }, matches: () => 0 });
    const answer = await createOpenSearchIndex({ client, index: 'parts' }).search(listing({ q: 'dsnv-32' }));
    expect(answer.total).toBe(0);
    expect(answer.didYouMean ?? null).toBeNull();
    expect(searches(calls).some((s) => s.includes('fuzziness'))).toBe(false);
  });

  it('brings an older index up to date before the first write: analysis (closed for a moment), then the mapping', async () => {
    const old = scriptedClient({ words: {}, matches: () => 0, analysis: { analyzer: { folded: {} } } });
    await createOpenSearchIndex({ client: old.client, index: 'parts' }).upsert([part(1, 'Round cylinder')]);
    expect(old.calls.map((c) => c.api)).toEqual(['close', 'putSettings', 'open', 'putMapping', 'bulk']);
    const current = scriptedClient({
      words: {},
      matches: () => 0,
      analysis: JSON.parse(JSON.stringify(INDEX_BODY.settings.analysis, (_k, v: unknown) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v))),
    });
    await createOpenSearchIndex({ client: current.client, index: 'parts' }).upsert([part(1, 'Round cylinder')]);
    expect(current.calls.map((c) => c.api)).toEqual(['putMapping', 'bulk']);
  });

  it('notices a changed synonym list as an analysis change', () => {
    const analysis = INDEX_BODY.settings.analysis as unknown as Record<string, Record<string, unknown>>;
    expect(analysisDiffers(analysis, analysis)).toBe(false);
    const edited = { ...analysis, filter: { ...analysis.filter, domain_synonyms: { type: 'synonym_graph', synonyms: ['cyl => cyl, cylinder'] } } };
    expect(analysisDiffers(analysis, edited)).toBe(true);
  });
});
