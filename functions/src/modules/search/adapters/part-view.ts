import type { PartView, Suggestion } from '@parts/shared/schemas';
import type { PartDocument } from '../ports/search-index';
import { toPartView as partView } from '../../catalog';

/** What both engines answer for an indexed document: the part as the API shows it, and its autocomplete suggestion. */
export function toPartView(doc: PartDocument): PartView {
  // No manufacturer / category (null ids, ADR 101) reads as null, as the table's read does.
  return partView(doc, {
    manufacturer: doc.manufacturerId === null ? null : { name: doc.manufacturerName, slug: doc.manufacturerSlug },
    category: doc.categoryId === null ? null : { name: doc.categoryName, slug: doc.categorySlug },
  });
}

export function toSuggestion(view: PartView): Suggestion {
  return {
    id: view.id,
    name: view.name,
    partNumber: view.partNumber,
    manufacturer: view.manufacturer?.name ?? '',
    category: view.category?.name ?? '',
    slug: view.slug,
  };
}
