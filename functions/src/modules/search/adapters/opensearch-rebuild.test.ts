import { describe, expect, it } from 'vitest';
import type { CatalogRepository, StoredPart } from '../../catalog/ports/catalog-repository';
import type { PartDocument } from '../ports/search-index';
import { reindexAll } from '../indexer/reindex';
import { createAwsSearchIndex } from '../../../config/aws-deps';
import type { Env } from '../../../config/env';
import type { SearchClient } from './opensearch-apis';
import { SLOW_LOG_SETTINGS, createOpenSearchIndex } from './opensearch';

/**
 * A full reindex on OpenSearch (ADR 107) against an in-memory stand-in for the few index and alias APIs the adapter
 * calls (no OpenSearch runs on the build machines; the contract suite covers matching when OPENSEARCH_URL is set).
 * What a buyer notices: the listing never goes empty while the index is rebuilt, and a part saved meanwhile is not lost.
 */
interface Doc {
  version: number;
  source: Record<string, unknown>;
}

function fakeOpenSearch(initial: { unaliased?: Record<number, number> } = {}) {
  const indices = new Map<string, { docs: Map<number, Doc>; settings: Record<string, unknown> }>();
  const aliases = new Map<string, string[]>();
  const ok = (body: unknown) => Promise.resolve({ body });
  const resolve = (name: string): string[] => {
    const aliased = aliases.get(name);
    if (aliased) return aliased;
    if (indices.has(name)) return [name];
    throw Object.assign(new Error(`index_not_found_exception: ${name}`), { statusCode: 404 });
  };
  const single = (name: string) => {
    const names = resolve(name);
    if (names.length !== 1) throw new Error(`alias [${name}] has more than one index: no write index`);
    return indices.get(names[0]!)!;
  };
  if (initial.unaliased) {
    const docs = new Map(Object.entries(initial.unaliased).map(([id, v]) => [Number(id), { version: v * 2, source: { id: Number(id), version: v } }]));
    indices.set('parts', { docs, settings: {} });
  }
  const client = {
    indices: {
      exists: ({ index }: { index: string }) => ok(indices.has(index) || aliases.has(index)),
      existsAlias: ({ name }: { name: string }) => ok(aliases.has(name)),
      getAlias: ({ name }: { name: string }) => ok(Object.fromEntries((aliases.get(name) ?? []).map((i) => [i, { aliases: { [name]: {} } }]))),
      create: ({ index, body }: { index: string; body: { settings: Record<string, unknown>; aliases?: Record<string, unknown> } }) => {
        if (indices.has(index) || aliases.has(index)) return Promise.reject(new Error('resource_already_exists_exception'));
        indices.set(index, { docs: new Map(), settings: body.settings });
        for (const alias of Object.keys(body.aliases ?? {})) aliases.set(alias, [...(aliases.get(alias) ?? []), index]);
        return ok({});
      },
      delete: ({ index }: { index: string }) => {
        for (const name of index.split(',')) {
          if (aliases.has(name)) return Promise.reject(new Error('illegal_argument_exception: matches an alias, specify the concrete index'));
          indices.delete(name);
          for (const [alias, names] of aliases)
            aliases.set(
              alias,
              names.filter((n) => n !== name),
            );
        }
        return ok({});
      },
      updateAliases: ({ body }: { body: { actions: Record<string, { index: string; alias?: string }>[] } }) => {
        for (const action of body.actions) {
          const [kind, { index }] = Object.entries(action)[0]!;
          if (kind === 'remove_index') indices.delete(index);
        }
        for (const action of body.actions) {
          const [kind, { index, alias }] = Object.entries(action)[0]!;
          if (kind === 'add') aliases.set(alias!, [...(aliases.get(alias!) ?? []), index]);
          if (kind === 'remove')
            aliases.set(
              alias!,
              (aliases.get(alias!) ?? []).filter((n) => n !== index),
            );
        }
        return ok({});
      },
      refresh: () => ok({}),
      getSettings: ({ index }: { index: string }) =>
        ok(
          Object.fromEntries(
            resolve(index).map((n) => [n, { settings: { index: { analysis: (indices.get(n)!.settings as { analysis?: unknown }).analysis } } }]),
          ),
        ),
      putMapping: () => ok({}),
      close: () => ok({}),
      open: () => ok({}),
      putSettings: () => ok({}),
    },
    bulk: ({ body }: { body: Record<string, { _index: string; _id: string; version: number }>[] }) => {
      for (let i = 0; i < body.length; i++) {
        const [kind, meta] = Object.entries(body[i]!)[0]!;
        const target = single(meta._index);
        const id = Number(meta._id);
        const have = target.docs.get(id);
        if (kind === 'index') {
          const source = body[++i] as unknown as Record<string, unknown>;
          if (!have || meta.version >= have.version) target.docs.set(id, { version: meta.version, source });
        } else if (kind === 'delete' && have && meta.version >= have.version) target.docs.delete(id);
      }
      return ok({ errors: false, items: [] });
    },
    search: ({ index, body }: { index: string; body: { size: number; search_after?: number[] } }) => {
      const docs = resolve(index).flatMap((n) => [...indices.get(n)!.docs].map(([id, d]) => ({ id, d })));
      const after = body.search_after?.[0] ?? 0;
      const hits = docs
        .filter(({ id }) => id > after)
        .sort((a, b) => a.id - b.id)
        .slice(0, body.size)
        .map(({ id, d }) => ({ _id: String(id), _source: { version: d.source.version }, sort: [id] }));
      return ok({ hits: { total: { value: docs.length }, hits } });
    },
    count: ({ index }: { index: string }) => ok({ count: resolve(index).reduce((n, name) => n + indices.get(name)!.docs.size, 0) }),
    ping: () => ok({}),
    close: () => Promise.resolve(),
  };
  return {
    client: client as unknown as SearchClient,
    indices,
    aliases,
    versionsIn: (alias: string) => Object.fromEntries([...single(alias).docs].map(([id, d]) => [id, d.source.version])),
  };
}

function doc(id: number, version: number): PartDocument {
  return {
    id,
    version,
    name: `Part ${id}`,
    slug: `part-${id}`,
    partNumber: `PN-${id}`,
    status: 'active',
    price: null,
    categoryId: null,
    categoryPath: [],
    categoryName: '',
    categorySlug: '',
    manufacturerId: null,
    manufacturerName: '',
    manufacturerSlug: '',
    specifications: {},
    specNumbers: {},
  } as unknown as PartDocument;
}

const clock = (() => {
  let t = Date.parse('2026-11-26T10:00:00.000Z');
  return () => new Date((t += 1000));
})();

describe('OpenSearch rebuild: a new index behind the alias, swapped in when full (ADR 107)', () => {
  it('a first write creates one index behind the alias, with the slow-log thresholds set', async () => {
    const os = fakeOpenSearch();
    const search = createOpenSearchIndex({ client: os.client, index: 'parts', now: clock });
    await search.upsert([doc(1, 1)]);
    expect(os.aliases.get('parts')).toEqual(['parts-initial']);
    expect(os.indices.get('parts-initial')!.settings).toMatchObject(SLOW_LOG_SETTINGS);
  });

  it('searches keep the full old index while the new one fills; then the alias moves and the old index goes', async () => {
    const os = fakeOpenSearch();
    const search = createOpenSearchIndex({ client: os.client, index: 'parts', now: clock });
    await search.upsert([doc(1, 1), doc(2, 1), doc(3, 1)]);
    const seenWhileFilling: number[] = [];
    const { result, differing } = await search.rebuild!(async (target) => {
      seenWhileFilling.push(await search.count());
      await target.upsert([doc(1, 1)]);
      seenWhileFilling.push(await search.count());
      await target.upsert([doc(2, 1), doc(3, 1)]);
      return 3;
    });
    expect(seenWhileFilling).toEqual([3, 3]);
    expect(result).toBe(3);
    expect(differing).toEqual([]);
    expect(await search.count()).toBe(3);
    const live = os.aliases.get('parts')!;
    expect(live).toHaveLength(1);
    expect(live[0]).toMatch(/^parts-20261126t/);
    expect([...os.indices.keys()]).toEqual(live);
    expect(os.indices.get(live[0]!)!.settings).toMatchObject(SLOW_LOG_SETTINGS);
  });

  it('names what changed in the live index while the new one filled, with the new index’s version', async () => {
    const os = fakeOpenSearch();
    const search = createOpenSearchIndex({ client: os.client, index: 'parts', now: clock });
    await search.upsert([doc(1, 1), doc(2, 1), doc(3, 1)]);
    const { differing } = await search.rebuild!(async (target) => {
      await target.upsert([doc(1, 1), doc(2, 1), doc(3, 1)]);
      // The stream indexer meanwhile: part 2 saved again, part 4 created, part 3 deleted — all into the live index.
      await search.upsert([doc(2, 2), doc(4, 1)]);
      await search.remove([{ id: 3, version: 1 }]);
    });
    expect(differing).toEqual([
      { id: 2, version: 1 },
      { id: 3, version: 1 },
      { id: 4, version: 0 },
    ]);
  });

  it('a failed fill leaves the live index as it was and drops the half-filled one', async () => {
    const os = fakeOpenSearch();
    const search = createOpenSearchIndex({ client: os.client, index: 'parts', now: clock });
    await search.upsert([doc(1, 1), doc(2, 1)]);
    await expect(
      search.rebuild!(async (target) => {
        await target.upsert([doc(1, 1)]);
        throw new Error('table read failed');
      }),
    ).rejects.toThrow('table read failed');
    expect(os.aliases.get('parts')).toEqual(['parts-initial']);
    expect([...os.indices.keys()]).toEqual(['parts-initial']);
    expect(await search.count()).toBe(2);
  });

  it('a domain indexed before the alias existed: its index named "parts" is replaced by the alias in the same step', async () => {
    const os = fakeOpenSearch({ unaliased: { 1: 1, 2: 3 } });
    const search = createOpenSearchIndex({ client: os.client, index: 'parts', now: clock });
    const { differing } = await search.rebuild!(async (target) => {
      await target.upsert([doc(1, 1), doc(2, 3), doc(5, 1)]);
    });
    expect(os.indices.has('parts')).toBe(false);
    expect(os.aliases.get('parts')).toHaveLength(1);
    expect(await search.count()).toBe(3);
    expect(differing).toEqual([{ id: 5, version: 1 }]);
  });
});

describe('reindexAll on OpenSearch: rebuilt from the table, then caught up with the writes made meanwhile', () => {
  it('parts saved, created or deleted during the rebuild end as the table has them', async () => {
    const os = fakeOpenSearch();
    const search = createOpenSearchIndex({ client: os.client, index: 'parts', now: clock });
    await search.upsert([doc(1, 1), doc(2, 1), doc(3, 1)]);
    const table = new Map<number, StoredPart>([1, 2, 3].map((id) => [id, { ...doc(id, 1), createdAt: '', updatedAt: '' } as unknown as StoredPart]));
    let reads = 0;
    const catalog = {
      partIdCeiling: () => Promise.resolve(4),
      listCategories: () => Promise.resolve([]),
      listManufacturers: () => Promise.resolve([]),
      async getParts(ids: number[]) {
        const parts = ids.flatMap((id) => (table.has(id) ? [table.get(id)!] : []));
        if (reads++ === 0) {
          // Right after the rebuild read the table: an admin saves part 2, creates part 4 and deletes part 3.
          table.set(2, { ...table.get(2)!, version: 2, name: 'Part 2 renamed' });
          table.set(4, { ...doc(4, 1), createdAt: '', updatedAt: '' } as unknown as StoredPart);
          table.delete(3);
          await search.upsert([doc(2, 2), doc(4, 1)]);
          await search.remove([{ id: 3, version: 1 }]);
        }
        return parts;
      },
    } as unknown as CatalogRepository;
    const answer = await reindexAll({ catalog, search });
    expect(answer).toEqual({ indexed: 3, caughtUp: 3 });
    expect(os.versionsIn('parts')).toEqual({ 1: 1, 2: 2, 4: 1 });
  });
});

describe('on AWS', () => {
  it('the lazily loaded OpenSearch index offers rebuild, so the reindex Lambda never clears the live index', () => {
    const search = createAwsSearchIndex({
      OPENSEARCH_URL: 'https://search-parts.eu-west-1.es.amazonaws.com',
      AWS_REGION: 'eu-west-1',
      OPENSEARCH_INDEX: 'parts',
    } as Env);
    expect(typeof search.rebuild).toBe('function');
  });
});
