import type { Category } from '@parts/shared/schemas';

/** The category itself and everything below it: choosing one of those as parent would make a cycle. */
export function excludedParents(categories: Category[], editingId: number | undefined): Set<number> {
  const excluded = new Set<number>();
  if (editingId === undefined) return excluded;
  excluded.add(editingId);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parentId != null && excluded.has(c.parentId) && !excluded.has(c.id)) {
        excluded.add(c.id);
        grew = true;
      }
    }
  }
  return excluded;
}
