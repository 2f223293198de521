import { expect, test } from 'vitest';
import { partSchema } from '@parts/shared/schemas';
import type { StoredPart } from '../../catalog/ports/catalog-repository';
import { toPartView } from '../../catalog/part-view';
import { toPartView as viewOfDocument } from '../adapters/part-view';
import { toPartDocument } from './part-document';

const part: StoredPart = {
  id: 9,
  name: 'Gear pump',
  slug: 'gear-pump',
  partNumber: 'GP-1',
  description: 'Cast iron',
  status: 'active',
  categoryId: 2,
  manufacturerId: 5,
  specifications: { bore: '32 mm' },
  price: 10,
  image: 'https://example.com/p.png',
  version: 3,
  specNumbers: { bore: 32 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const relations = {
  categories: new Map([
    [1, { id: 1, name: 'Hydraulics', slug: 'hydraulics', parentId: null }],
    [2, { id: 2, name: 'Pumps', slug: 'pumps', parentId: 1 }],
  ]),
  manufacturers: new Map([[5, { id: 5, name: 'Parker', slug: 'parker' }]]),
};
const refs = { category: { name: 'Pumps', slug: 'pumps' }, manufacturer: { name: 'Parker', slug: 'parker' } };

test('every Part field of the shared schema reaches the search document and both part views', () => {
  const doc = toPartDocument(part, relations);
  const fromStore = toPartView(part, refs);
  const fromIndex = viewOfDocument(doc);
  for (const field of Object.keys(partSchema.shape) as (keyof typeof part)[]) {
    expect(doc, field).toHaveProperty(field, part[field]);
    expect(fromStore, field).toHaveProperty(field, part[field]);
  }
  // A part read from the index looks exactly like the same part read from the table.
  expect(fromIndex).toEqual(fromStore);
  expect(fromStore).not.toHaveProperty('specNumbers');
  expect(fromStore).not.toHaveProperty('createdAt');
  expect(doc).toMatchObject({ categoryPath: [2, 1], categoryName: 'Pumps', manufacturerName: 'Parker', specNumbers: { bore: 32 } });
});
