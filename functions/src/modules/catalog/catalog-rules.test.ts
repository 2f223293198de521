import { expect, test } from 'vitest';
import { assertCategoryNameFree, assertParentAllowed, categoryNameKey } from './catalog-rules';

// 1 ← 2 ← 3 (3's parent is 2, 2's parent is 1); 4 stands alone.
const tree = new Map<number, number | null>([
  [1, null],
  [2, 1],
  [3, 2],
  [4, null],
]);

test('a category may move under an ancestor, a sibling tree or a parent it does not know yet', () => {
  expect(() => assertParentAllowed(3, 1, tree)).not.toThrow();
  expect(() => assertParentAllowed(1, 4, tree)).not.toThrow();
  expect(() => assertParentAllowed(1, 99, tree)).not.toThrow();
});

test('never under itself or one of its descendants, with the parentId field named', () => {
  expect(() => assertParentAllowed(2, 2, tree)).toThrow('A category cannot be its own parent');
  for (const descendant of [2, 3]) {
    try {
      assertParentAllowed(1, descendant, tree);
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({
        status: 400,
        issues: [{ path: 'parentId', message: 'A category cannot be placed under one of its own subcategories' }],
      });
    }
  }
});

test('a cycle already stored ends the walk', () => {
  const looped = new Map<number, number | null>([
    [5, 6],
    [6, 5],
  ]);
  expect(() => assertParentAllowed(7, 5, looped)).not.toThrow();
});

test("category names compare without case, width or repeated spaces, only among one parent's children", () => {
  expect(categoryNameKey('  Probe   Cat E ')).toBe(categoryNameKey('ＰＲＯＢＥ cat e'));
  const siblings = [
    { id: 1, name: 'Probe Cat E', parentId: 5 },
    { id: 2, name: 'Valves', parentId: null },
  ];
  expect(() => assertCategoryNameFree(undefined, 'probe cat e', 5, siblings)).toThrow('A category named "probe cat e" already exists here');
  expect(() => assertCategoryNameFree(1, 'PROBE CAT E', 5, siblings)).not.toThrow();
  expect(() => assertCategoryNameFree(undefined, 'Probe Cat E', 6, siblings)).not.toThrow();
  expect(() => assertCategoryNameFree(undefined, 'valves', null, siblings)).toThrow();
});
