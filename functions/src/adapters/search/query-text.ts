import { normalizePartNumber } from '@parts/shared/part-number';
import type { PartView, Suggestion } from '@parts/shared/schemas';
import type { PartDocument } from '../../ports/search-index';

/** What both engines take from the typed text: the normalised part number and the words. */
export interface ParsedQueryText {
  /** Upper-case letters and digits only; '' when the text had none. */
  partNumber: string;
  /** Lower-case words; the last one is matched as a prefix (search-as-you-type). */
  words: string[];
}

export function parseQueryText(q: string | undefined): ParsedQueryText | null {
  const text = (q ?? '').trim();
  if (text === '') return null;
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  return { partNumber: normalizePartNumber(text), words };
}

export function toPartView(doc: PartDocument): PartView {
  return {
    id: doc.id,
    name: doc.name,
    slug: doc.slug,
    partNumber: doc.partNumber,
    ...(doc.description !== undefined ? { description: doc.description } : {}),
    status: doc.status,
    categoryId: doc.categoryId,
    manufacturerId: doc.manufacturerId,
    specifications: doc.specifications,
    price: doc.price,
    ...(doc.image !== undefined ? { image: doc.image } : {}),
    version: doc.version,
    manufacturer: { name: doc.manufacturerName, slug: doc.manufacturerSlug },
    category: { name: doc.categoryName, slug: doc.categorySlug },
  };
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
