import { expect, test } from 'vitest';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import { decodePart, encodePart } from './part-item';
import { decodeCatalogChange } from '../../../adapters/dynamodb/stream-records';

const input = {
  name: 'Gear pump',
  slug: 'gear-pump',
  partNumber: 'GP-100/A',
  status: 'active' as const,
  categoryId: 3,
  manufacturerId: 7,
  specifications: { bore: '32 mm' },
  price: 12.5,
};
const item = encodePart(42, input, 2, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z');
const streamRecord = (eventName: DynamoDBRecord['eventName'], images: { NewImage?: object; OldImage?: object }): DynamoDBRecord => ({
  eventName,
  dynamodb: Object.fromEntries(Object.entries(images).map(([k, v]) => [k, marshall(v, { removeUndefinedValues: true }) as Record<string, AttributeValue>])),
});

test('a part item decodes to the part that was encoded, with its parsed spec numbers and without layout attributes', () => {
  expect(item).toMatchObject({ pk: 'PART#42', type: 'part', partNumberNorm: 'GP100A' });
  expect(decodePart(item)).toEqual({
    id: 42,
    ...input,
    version: 2,
    specNumbers: { bore: 32 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
  });
});

test('an item that is not a readable part decodes to nothing', () => {
  expect(decodePart({ ...item, status: 'sold' })).toBeUndefined();
  expect(decodePart({ ...item, version: 'x' })).toBeUndefined();
  expect(decodePart({ ...item, partNumber: 5 })).toBeUndefined();
});

test('a stream record decodes through the same codec as a table read', () => {
  expect(decodeCatalogChange(streamRecord('MODIFY', { NewImage: item, OldImage: item }))).toEqual({ kind: 'part-written', part: decodePart(item) });
  expect(decodeCatalogChange(streamRecord('REMOVE', { OldImage: item }))).toEqual({ kind: 'part-removed', id: 42, version: 2 });
  expect(decodeCatalogChange(streamRecord('INSERT', { NewImage: { ...item, status: 'sold' } }))).toMatchObject({ kind: 'unreadable' });
});

test('a category or manufacturer change matters only when a field the documents copy changed', () => {
  const category = { pk: 'CATEGORY', sk: '000000000003', type: 'category', id: 3, name: 'Pumps', slug: 'pumps', parentId: null };
  expect(decodeCatalogChange(streamRecord('MODIFY', { OldImage: category, NewImage: { ...category, description: 'x' } }))).toEqual({ kind: 'ignored' });
  expect(decodeCatalogChange(streamRecord('MODIFY', { OldImage: category, NewImage: { ...category, parentId: 1 } }))).toEqual({
    kind: 'relation-renamed',
    type: 'category',
    id: 3,
  });
  const maker = { pk: 'MANUFACTURER', sk: '000000000007', type: 'manufacturer', id: 7, name: 'Parker', slug: 'parker' };
  expect(decodeCatalogChange(streamRecord('MODIFY', { OldImage: maker, NewImage: { ...maker, name: 'Parker Hannifin' } }))).toMatchObject({
    kind: 'relation-renamed',
    type: 'manufacturer',
  });
});
