import { describe, expect, it } from 'vitest';
import type { Category } from '@parts/shared/schemas';
import { columnMappingSchema } from '@parts/shared/schemas';
import { excludedParents } from './category-tree';
import { autoSlug } from './slug-autofill';
import { assignTarget, estimateRows, guessMapping, hasRequired, specTarget } from './column-mapping';

const category = (id: number, parentId?: number): Category => ({ id, name: `C${id}`, slug: `c${id}`, parentId });

describe('excludedParents', () => {
  it('offers every category when creating', () => {
    expect(excludedParents([category(1), category(2, 1)], undefined).size).toBe(0);
  });

  it('excludes the edited category and all its descendants, but not its ancestors or siblings', () => {
    const tree = [category(1), category(2, 1), category(3, 2), category(4, 3), category(5, 1), category(6)];
    expect([...excludedParents(tree, 2)].sort()).toEqual([2, 3, 4]);
  });

  it('terminates on a cycle in stored data', () => {
    expect([...excludedParents([category(1, 2), category(2, 1)], 1)].sort()).toEqual([1, 2]);
  });
});

describe('autoSlug', () => {
  it('fills an empty slug from the name with the shared slug rule', () => {
    expect(autoSlug({ slug: '', previousName: '', name: 'Ball Valves & Fittings', editing: true })).toBe('ball-valves-and-fittings');
  });

  it('keeps following the name in a create dialog until the slug is edited by hand', () => {
    expect(autoSlug({ slug: 'ball', previousName: 'Ball', name: 'Ball V', editing: false })).toBe('ball-v');
    expect(autoSlug({ slug: 'my-own', previousName: 'Ball', name: 'Ball V', editing: false })).toBeNull();
  });

  it('never rewrites an existing slug while editing', () => {
    expect(autoSlug({ slug: 'ball', previousName: 'Ball', name: 'Ball V', editing: true })).toBeNull();
  });
});

describe('column mapping', () => {
  it('offers a specification target only for headers that can name one', () => {
    expect(specTarget('Bore (mm)')).toBe('spec:Bore mm');
    expect(specTarget('42')).toBeNull();
    const target = specTarget('Pressure Rating');
    expect(target).toBe('spec:Pressure Rating');
    expect(columnMappingSchema.safeParse({ a: 'name', b: 'partNumber', c: target }).success).toBe(true);
  });

  it('moves a part field to the latest header chosen and clears a header set back to Not mapped', () => {
    let mapping = assignTarget({}, 'A', 'name');
    mapping = assignTarget(mapping, 'B', 'name');
    expect(mapping).toEqual({ B: 'name' });
    mapping = assignTarget(mapping, 'C', 'partNumber');
    expect(hasRequired(mapping)).toBe(true);
    mapping = assignTarget(mapping, 'C', '');
    expect(mapping).toEqual({ B: 'name' });
    expect(hasRequired(mapping)).toBe(false);
  });

  it('pre-maps headers named like a field, its label or the template; the rest stay unmapped', () => {
    const template = ['name', 'partNumber', 'description', 'price', 'categoryId', 'manufacturerId', 'status', 'image', 'spec:bore', 'spec:pressureRating'];
    expect(guessMapping(template)).toEqual({
      name: 'name',
      partNumber: 'partNumber',
      description: 'description',
      price: 'price',
      categoryId: 'categoryId',
      manufacturerId: 'manufacturerId',
      status: 'status',
      image: 'image',
      'spec:bore': 'spec:bore',
      'spec:pressureRating': 'spec:pressureRating',
    });
    expect(guessMapping(['Part Name', 'PART NUMBER', 'Image URL', 'Category', 'Product', 'SKU', 'Bore'])).toEqual({
      'Part Name': 'name',
      'PART NUMBER': 'partNumber',
      'Image URL': 'image',
      Category: 'categoryId',
    });
    // One column per field: a second header naming the same field stays unmapped.
    expect(guessMapping(['name', 'Part Name'])).toEqual({ name: 'name' });
    expect(specTarget('spec:bore')).toBe('spec:bore');
    expect(columnMappingSchema.safeParse(guessMapping(template)).success).toBe(true);
  });

  it('estimates the rows of a file from its head', async () => {
    const rows = ['name,partNumber', ...Array.from({ length: 100 }, (_, i) => `Part ${i},P-${i}`)].join('\n');
    expect(await estimateRows(new Blob([rows]))).toBe(100);
  });
});
