import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';

/**
 * The catalogue's refusals, worded once. The DynamoDB repository raises them from its atomic checks
 * (guard items, condition checks); each names the form field it is about.
 */
export const catalogErrors = {
  slugTaken: (entity: 'category' | 'manufacturer' | 'part', slug: string) => {
    const message = `A ${entity} with slug "${slug}" already exists`;
    return new ConflictError(message, [{ path: 'slug', message }]);
  },
  partNumberTaken: (partNumber: string) => {
    const message = `Part number "${partNumber}" already exists for this manufacturer`;
    return new ConflictError(message, [{ path: 'partNumber', message }]);
  },
  /** A sibling (same parent, or both at the top level) already has this name, compared by categoryNameKey. */
  categoryNameTaken: (name: string) => {
    const message = `A category named "${name}" already exists here`;
    return new ConflictError(message, [{ path: 'name', message }]);
  },
  categoryMissing: () => fieldError('categoryId', 'Category not found'),
  manufacturerMissing: () => fieldError('manufacturerId', 'Manufacturer not found'),
  parentMissing: () => fieldError('parentId', 'Parent category not found'),
  ownParent: () => fieldError('parentId', 'A category cannot be its own parent'),
  parentIsDescendant: () => fieldError('parentId', 'A category cannot be placed under one of its own subcategories'),
  notFound: (entity: 'Category' | 'Manufacturer' | 'Part') => new NotFoundError(`${entity} not found`),
  changedConcurrently: (entity: 'Category' | 'Manufacturer' | 'Part', id: number) =>
    new ConflictError(`${entity} ${id} was changed by someone else; try again`),
};

function fieldError(path: string, message: string): ValidationError {
  return new ValidationError(message, [{ path, message }]);
}

/**
 * The one cycle check: refuses `parentId` for category `id` when it is the category itself or one of
 * its descendants. `parentOf` answers each category's parent; a cycle already stored ends the walk.
 */
export function assertParentAllowed(id: number, parentId: number, parentOf: ReadonlyMap<number, number | null>): void {
  if (parentId === id) throw catalogErrors.ownParent();
  const seen = new Set<number>();
  for (let cursor: number | null | undefined = parentId; cursor != null && !seen.has(cursor); cursor = parentOf.get(cursor)) {
    if (cursor === id) throw catalogErrors.parentIsDescendant();
    seen.add(cursor);
  }
}

/**
 * What makes two category names the same among one parent's children: case, width (NFKC) and runs of
 * spaces do not count ("Probe Cat E", "probe  cat e" and "ＰＲＯＢＥ CAT E" are one name).
 */
export function categoryNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Refuses `name` for category `id` (undefined: a new one) under `parentId` when a sibling already holds
 * it. The guard items make this atomic for every category written since they exist (ADR 102); this read
 * also sees older categories, written before, that have no guard.
 */
export function assertCategoryNameFree(
  id: number | undefined,
  name: string,
  parentId: number | null,
  categories: readonly { id: number; name: string; parentId?: number | null }[],
): void {
  const key = categoryNameKey(name);
  const taken = categories.some((c) => c.id !== id && (c.parentId ?? null) === parentId && categoryNameKey(c.name) === key);
  if (taken) throw catalogErrors.categoryNameTaken(name);
}
