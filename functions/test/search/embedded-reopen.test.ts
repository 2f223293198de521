import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { partsQuerySchema } from '@parts/shared/schemas';
import { createEmbeddedSearchIndex } from '../../src/modules/search/adapters/embedded';
import type { PartDocument } from '../../src/modules/search/ports/search-index';

const dir = mkdtempSync(join(tmpdir(), 'embedded-reopen-'));
const file = join(dir, 'search.sqlite');

function part(id: number, overrides: Partial<PartDocument> = {}): PartDocument {
  return {
    id,
    version: 1,
    name: `Part ${id}`,
    slug: `part-${id}`,
    partNumber: `P-${1000 - id}`,
    status: 'active',
    price: null,
    categoryId: id % 2 === 0 ? 2 : 3,
    categoryPath: id % 2 === 0 ? [2, 1] : [3],
    categoryAncestors: id % 2 === 0 ? [{ id: 1, name: 'Root', slug: 'root' }] : [],
    categoryName: id % 2 === 0 ? 'Even' : 'Odd',
    categorySlug: id % 2 === 0 ? 'even' : 'odd',
    manufacturerId: 7,
    manufacturerName: 'Maker',
    manufacturerSlug: 'maker',
    specifications: { bore: `${id} mm` },
    specNumbers: { bore: id },
    ...overrides,
  };
}

describe('embedded index file', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps filters, facets, sorts and tombstones across a restart', async () => {
    const first = createEmbeddedSearchIndex({ file });
    await first.upsert(Array.from({ length: 30 }, (_, i) => part(i + 1)));
    await first.remove([{ id: 30, version: 1 }]);
    await first.close();

    const reopened = createEmbeddedSearchIndex({ file, sortInPlaceLimit: 0 });
    try {
      const res = await reopened.search(
        partsQuerySchema.parse({ categoryIds: [1], specifications: { bore: { min: 10, max: 20 } }, sortBy: 'partNumber', pageSize: 3 }),
      );
      // Even ids 10..20 under parent 1; part numbers run backwards from the ids.
      expect(res.total).toBe(6);
      expect(res.data.map((p) => p.id)).toEqual([20, 18, 16]);
      // The parent, named from the documents' ancestors, counts its child's parts; the category facet
      // ignores its own selection, so Odd shows what ticking it would add (ids 11..19 in the bore range).
      expect(res.facets.categories).toEqual([
        { id: 2, name: 'Even', slug: 'even', count: 6 },
        { id: 1, name: 'Root', slug: 'root', count: 6 },
        { id: 3, name: 'Odd', slug: 'odd', count: 5 },
      ]);
      expect(await reopened.count()).toBe(29);
      await reopened.upsert([part(30)]);
      expect(await reopened.count()).toBe(29);
      expect(await reopened.partIds({ categoryIds: [1] })).toEqual(Array.from({ length: 14 }, (_, i) => (i + 1) * 2));
    } finally {
      await reopened.close();
    }
  });
});
