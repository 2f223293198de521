import type { Category, Manufacturer } from '@parts/shared/schemas';
import type { CatalogRepository, StoredPart } from '../../catalog';
import type { PartDocument } from '../ports/search-index';
import { partFieldsOf } from '../../catalog';

/** Category and manufacturer lookups for one indexing pass (loaded once, not per part). */
export interface Relations {
  categories: Map<number, Category>;
  manufacturers: Map<number, Manufacturer>;
}

export async function loadRelations(catalog: CatalogRepository): Promise<Relations> {
  const [categories, manufacturers] = await Promise.all([catalog.listCategories(), catalog.listManufacturers()]);
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    manufacturers: new Map(manufacturers.map((m) => [m.id, m])),
  };
}

/** The category and its ancestors, root last; a parent cycle stops the walk instead of looping. */
export function categoryPath(categories: Map<number, Category>, id: number | null): number[] {
  const path: number[] = [];
  let current: number | null | undefined = id;
  while (current != null && !path.includes(current)) {
    path.push(current);
    current = categories.get(current)?.parentId;
  }
  return path;
}

/**
 * The search document of a stored part: its Part fields (partFieldsOf, so a field added to the shared
 * Part schema is carried) with category and manufacturer names and slugs denormalised. The one
 * derivation both engines index (stream handler, read-your-writes sync, reindex).
 */
export function toPartDocument(part: StoredPart, relations: Relations): PartDocument {
  // An uncategorised part (null) has an empty path; no manufacturer means empty name and slug (ADR 101).
  const category = part.categoryId === null ? undefined : relations.categories.get(part.categoryId);
  const manufacturer = part.manufacturerId === null ? undefined : relations.manufacturers.get(part.manufacturerId);
  const path = categoryPath(relations.categories, part.categoryId);
  return {
    ...partFieldsOf(part),
    version: part.version,
    price: part.price ?? null,
    specifications: part.specifications ?? {},
    categoryPath: path,
    categoryAncestors: path.slice(1).map((id) => {
      const ancestor = relations.categories.get(id);
      return { id, name: ancestor?.name ?? '', slug: ancestor?.slug ?? '' };
    }),
    categoryName: category?.name ?? '',
    categorySlug: category?.slug ?? '',
    manufacturerName: manufacturer?.name ?? '',
    manufacturerSlug: manufacturer?.slug ?? '',
    specNumbers: part.specNumbers ?? {},
  };
}
