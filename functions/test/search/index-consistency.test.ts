import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSearchIndex } from '../../src/modules/search/adapters/embedded';
import { checkIndex } from '../../src/modules/search/indexer/consistency';
import { loadRelations, toPartDocument } from '../../src/modules/search/indexer/part-document';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import type { IndexProgress, PartDocument, SearchIndex } from '../../src/modules/search/ports/search-index';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { buildPartInput, createCatalogFixture } from '../support/builders';

/** The real embedded index, recording which ids were written or removed through it. */
function recording(index: SearchIndex) {
  const upserted: number[] = [];
  const removed: number[] = [];
  const wrapped: SearchIndex = {
    ...index,
    upsert: async (docs: PartDocument[]) => {
      upserted.push(...docs.map((d) => d.id));
      await index.upsert(docs);
    },
    remove: async (items) => {
      removed.push(...items.map((i) => i.id));
      await index.remove(items);
    },
  };
  return { index: wrapped, upserted, removed };
}

describe('index consistency check (table vs index by id and version)', () => {
  let deps: TestDeps;
  let dir: string;
  let parts: StoredPart[];

  beforeAll(async () => {
    deps = await createTestDeps();
    dir = mkdtempSync(join(tmpdir(), 'consistency-'));
    const { category, manufacturer } = await createCatalogFixture(deps.catalog);
    parts = [];
    // Straight into the table: nothing tells the index (as after a crash between table write and indexing).
    for (let i = 0; i < 30; i++) parts.push(await deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await deps.close();
  });

  it('finds missing, outdated and deleted parts without a counter, and repairs only those', async () => {
    const file = join(dir, 'partial.sqlite');
    const base = createEmbeddedSearchIndex({ file });
    try {
      const relations = await loadRelations(deps.catalog);
      // 25 of 30 indexed, one of them at an older version, plus a document whose part is not in the table.
      const indexed = parts.slice(0, 25).map((p) => toPartDocument(p, relations));
      indexed[3] = { ...indexed[3]!, version: 0, name: 'Stale name' };
      const ghost = { ...indexed[0]!, id: 9_000_000, slug: 'ghost-part', partNumber: 'GHOST-1' };
      await base.upsert([...indexed, ghost]);
      const { index, upserted, removed } = recording(base);

      const seen: IndexProgress[] = [];
      const report = await checkIndex({ catalog: deps.catalog, search: index, repair: false, onProgress: (p) => seen.push(p) });
      expect(report).toMatchObject({ tableParts: 30, indexedBefore: 26, missing: 5, stale: 1, extra: 1, repaired: 0 });
      expect(upserted).toEqual([]);
      expect(seen.at(-1)).toMatchObject({ phase: 'checking' });

      const repaired = await checkIndex({ catalog: deps.catalog, search: index, repair: true, onProgress: (p) => seen.push(p) });
      expect(repaired).toMatchObject({ missing: 5, stale: 1, extra: 1, repaired: 7 });
      expect(upserted.sort((a, b) => a - b)).toEqual([parts[3]!.id, ...parts.slice(25).map((p) => p.id)].sort((a, b) => a - b));
      expect(removed).toEqual([9_000_000]);
      expect(seen.at(-1)).toEqual({ phase: 'indexing', done: 7, total: 7 });

      const ids = (await base.listVersions(0, 1000)).map((v) => v.id);
      expect(ids).toEqual(parts.map((p) => p.id).sort((a, b) => a - b));
      expect((await base.listVersions(0, 1000)).find((v) => v.id === parts[3]!.id)?.version).toBe(parts[3]!.version);
      // Consistent now: a second pass changes nothing.
      upserted.length = 0;
      expect(await checkIndex({ catalog: deps.catalog, search: index, repair: true })).toMatchObject({ missing: 0, stale: 0, extra: 0, repaired: 0 });
      expect(upserted).toEqual([]);
    } finally {
      await base.close();
    }
  });

  it('fills an empty index (new or rebuilt file) in one pass with "indexing N of M" progress', async () => {
    const base = createEmbeddedSearchIndex({ file: join(dir, 'empty.sqlite') });
    try {
      const seen: IndexProgress[] = [];
      const report = await checkIndex({ catalog: deps.catalog, search: base, repair: true, onProgress: (p) => seen.push(p) });
      expect(report).toMatchObject({ tableParts: 30, indexedBefore: 0, missing: 30, repaired: 30 });
      expect(await base.count()).toBe(30);
      const ceiling = await deps.catalog.partIdCeiling();
      expect(seen.at(-1)).toEqual({ phase: 'indexing', done: ceiling, total: ceiling });
    } finally {
      await base.close();
    }
  });
});
