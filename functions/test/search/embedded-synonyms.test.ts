import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsQuerySchema } from '@parts/shared/schemas';
import { createEmbeddedSearchIndex } from '../../src/modules/search/adapters/embedded';
import type { PartDocument, SearchIndex } from '../../src/modules/search/ports/search-index';

const hose: PartDocument = {
  id: 1,
  version: 1,
  name: 'Hydraulic hose assembly',
  slug: 'hose',
  partNumber: 'HS-1',
  status: 'active',
  price: null,
  categoryId: 1,
  categoryPath: [1],
  categoryName: 'Hoses',
  categorySlug: 'hoses',
  manufacturerId: 1,
  manufacturerName: 'Parker',
  manufacturerSlug: 'parker',
  specifications: {},
  specNumbers: {},
};

describe('embedded engine: the synonym list is data it is given', () => {
  let edited: SearchIndex;
  let defaults: SearchIndex;
  beforeAll(async () => {
    edited = createEmbeddedSearchIndex({ file: ':memory:', synonyms: { tube: ['hose assembly'] } });
    defaults = createEmbeddedSearchIndex({ file: ':memory:' });
    await edited.upsert([hose]);
    await defaults.upsert([hose]);
  });
  afterAll(async () => {
    await edited.close();
    await defaults.close();
  });

  it('an edited list finds what the default list does not', async () => {
    const search = (index: SearchIndex) => index.search(partsQuerySchema.parse({ q: 'hydraulic tube' }));
    expect((await search(edited)).data.map((p) => p.id)).toEqual([1]);
    expect((await search(defaults)).relaxedQuery).toBe('hydraulic');
  });

  it('refuses a list that is not a synonym list', () => {
    expect(() => createEmbeddedSearchIndex({ file: ':memory:', synonyms: { 'two words': ['x'] } })).toThrow();
  });
});
