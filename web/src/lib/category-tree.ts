import type { Category } from '@parts/shared/schemas';

export interface CategoryNode {
  category: Category;
  children: CategoryNode[];
}

/** Categories without a parent in the list: the home page's and the tree's first level. */
export function topLevelCategories(categories: Category[]): Category[] {
  const ids = new Set(categories.map((c) => c.id));
  return categories.filter((c) => c.parentId == null || !ids.has(c.parentId) || c.parentId === c.id);
}

/**
 * The categories as a tree, each level in the listed order. A category whose parent is missing
 * becomes a root; so does every member of a cycle in stored data, so nothing is ever lost.
 */
export function buildCategoryTree(categories: Category[]): CategoryNode[] {
  const nodes = new Map(categories.map((c) => [c.id, { category: c, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  const reachesRoot = (start: Category): boolean => {
    const seen = new Set<number>();
    for (let cur: Category | undefined = start; cur; cur = cur.parentId == null ? undefined : nodes.get(cur.parentId)?.category) {
      if (seen.has(cur.id)) return false;
      seen.add(cur.id);
    }
    return true;
  };
  for (const category of categories) {
    const node = nodes.get(category.id)!;
    const parent = category.parentId == null ? undefined : nodes.get(category.parentId);
    if (parent && parent !== node && reachesRoot(category)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The ids of a node and everything below it. */
export function subtreeIds(node: CategoryNode): number[] {
  return [node.category.id, ...node.children.flatMap(subtreeIds)];
}
