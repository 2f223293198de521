import { ConflictError, NotFoundError, ValidationError } from './errors';

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
