import { describe, expect, it } from 'vitest';
import type { Category } from '@parts/shared/schemas';
import { buildCategoryTree, topLevelCategories } from './category-tree';

const category = (id: number, parentId?: number | null): Category => ({ id, name: `C${id}`, slug: `c${id}`, parentId });

describe('category tree', () => {
  it('puts children under their parents in the listed order; orphans and cycles become roots', () => {
    const tree = buildCategoryTree([category(1), category(2, 1), category(3, 2), category(4, null), category(5, 99), category(6, 1)]);
    expect(tree.map((n) => n.category.id)).toEqual([1, 4, 5]);
    expect(tree[0]!.children.map((n) => n.category.id)).toEqual([2, 6]);
    expect(tree[0]!.children[0]!.children.map((n) => n.category.id)).toEqual([3]);
    const cyclic = buildCategoryTree([category(1, 2), category(2, 1)]);
    expect(cyclic.map((n) => n.category.id).sort()).toEqual([1, 2]);
  });

  it('top-level categories are those without a (known) parent', () => {
    expect(topLevelCategories([category(1), category(2, 1), category(3, null)]).map((c) => c.id)).toEqual([1, 3]);
  });
});
