import { dollarsToMicros } from '@parts/shared/numbers/money';
import type { Category, CategoryInput, Manufacturer, ManufacturerInput, PartInput, PartView, RelationRef } from '@parts/shared/schemas';
import { toPartView } from './part-view';
import type { Logger } from '../../lib/logger';
import type { CatalogRepository, StoredPart } from './ports/catalog-repository';
import type { SearchIndex, SearchSync } from '../search';

export interface CatalogServiceDeps {
  catalog: CatalogRepository;
  searchSync: SearchSync;
}

/**
 * Admin writes to the catalogue; each successful write is pushed to the search index at once. The
 * repository owns every existence, uniqueness and parent rule (checked atomically with the write).
 */
export function createCatalogService({ catalog, searchSync }: CatalogServiceDeps) {
  return {
    listCategories: (): Promise<Category[]> => catalog.listCategories(),
    /** Catalogue prices in micros of the parts that have one (the offer editor's bulk rule, issue 29); unknown ids are left out. */
    async partPrices(ids: number[]): Promise<{ id: number; priceMicros: number }[]> {
      const parts = await catalog.getParts([...new Set(ids)]);
      return parts.flatMap((p) => (p.price === null || p.price === undefined ? [] : [{ id: p.id, priceMicros: dollarsToMicros(p.price) }]));
    },
    getCategoryBySlug: (slug: string) => catalog.getCategoryBySlug(slug),
    listManufacturers: (): Promise<Manufacturer[]> => catalog.listManufacturers(),
    getManufacturerBySlug: (slug: string) => catalog.getManufacturerBySlug(slug),
    async createCategory(input: CategoryInput): Promise<Category> {
      const created = await catalog.createCategory(input);
      await searchSync.categoryChanged(created.id);
      return created;
    },
    async updateCategory(id: number, input: CategoryInput): Promise<Category> {
      const updated = await catalog.updateCategory(id, input);
      await searchSync.categoryChanged(id);
      return updated;
    },
    async createManufacturer(input: ManufacturerInput): Promise<Manufacturer> {
      const created = await catalog.createManufacturer(input);
      await searchSync.manufacturerChanged(created.id);
      return created;
    },
    async updateManufacturer(id: number, input: ManufacturerInput): Promise<Manufacturer> {
      const updated = await catalog.updateManufacturer(id, input);
      await searchSync.manufacturerChanged(id);
      return updated;
    },
    async createPart(input: PartInput): Promise<StoredPart> {
      const created = await catalog.createPart(input);
      await searchSync.partsChanged([created.id]);
      return created;
    },
    async updatePart(id: number, input: PartInput): Promise<StoredPart> {
      const updated = await catalog.updatePart(id, input);
      await searchSync.partsChanged([id]);
      return updated;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

/** The stored part as the API shows it, with manufacturer and category refs. */
export async function partViewOf(catalog: CatalogRepository, part: StoredPart) {
  const [category, manufacturer] = await Promise.all([
    part.categoryId === null ? undefined : catalog.getCategory(part.categoryId),
    part.manufacturerId === null ? undefined : catalog.getManufacturer(part.manufacturerId),
  ]);
  return toPartView(part, {
    category: category ? { name: category.name, slug: category.slug } : null,
    manufacturer: manufacturer ? { name: manufacturer.name, slug: manufacturer.slug } : null,
  });
}

/** A denormalised name and slug as a ref; none when the document was indexed without it (the table's null). */
const refOf = (name: string, slug: string): RelationRef | null => (slug ? { name, slug } : null);

/**
 * The part page's part by slug (ADR 086): its search document, which carries the category and
 * manufacturer names and every admin save at once (SearchSync writes before the save answers), so
 * no table read at all; else the table: one read for an unknown slug (404), the full read for a part
 * the index does not hold (indexing behind, rebuilt, down).
 */
export async function partViewBySlug(deps: { catalog: CatalogRepository; search: SearchIndex; logger: Logger }, slug: string): Promise<PartView | undefined> {
  try {
    const doc = await deps.search.partBySlug(slug);
    if (doc) return toPartView(doc, { category: refOf(doc.categoryName, doc.categorySlug), manufacturer: refOf(doc.manufacturerName, doc.manufacturerSlug) });
  } catch (err) {
    deps.logger.warn('part.index_read_failed', { slug, error: err instanceof Error ? err.message : String(err) });
  }
  const part = await deps.catalog.getPartBySlug(slug);
  return part ? partViewOf(deps.catalog, part) : undefined;
}
