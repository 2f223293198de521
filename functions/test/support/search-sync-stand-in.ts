import type { CatalogRepository, StoredPart } from '../../src/ports/catalog-repository';
import type { PartDocument, SearchIndex, SearchSync } from '../../src/ports/search-index';

/**
 * Projects parts into the search index directly, until the search engineer's createSearchSync
 * (functions/src/indexer/search-sync.ts) replaces it in createTestDeps.
 */
export function createSearchSyncStandIn({ catalog, search }: { catalog: CatalogRepository; search: SearchIndex }): SearchSync {
  const project = async (parts: StoredPart[]) => {
    if (parts.length === 0) return;
    const [categories, manufacturers] = await Promise.all([catalog.listCategories(), catalog.listManufacturers()]);
    const catById = new Map(categories.map((c) => [c.id, c]));
    const mfrById = new Map(manufacturers.map((m) => [m.id, m]));
    const docs: PartDocument[] = parts.map((p) => {
      const path: number[] = [];
      for (let id: number | null | undefined = p.categoryId; id != null && !path.includes(id); id = catById.get(id)?.parentId) path.push(id);
      const cat = catById.get(p.categoryId);
      const mfr = mfrById.get(p.manufacturerId);
      return {
        id: p.id,
        version: p.version,
        name: p.name,
        slug: p.slug,
        partNumber: p.partNumber,
        ...(p.description ? { description: p.description } : {}),
        status: p.status,
        price: p.price,
        ...(p.image ? { image: p.image } : {}),
        categoryId: p.categoryId,
        categoryPath: path,
        categoryName: cat?.name ?? '',
        categorySlug: cat?.slug ?? '',
        manufacturerId: p.manufacturerId,
        manufacturerName: mfr?.name ?? '',
        manufacturerSlug: mfr?.slug ?? '',
        specifications: p.specifications,
        specNumbers: p.specNumbers,
      };
    });
    await search.upsert(docs);
  };
  const all = async () => {
    let cursor: string | undefined;
    do {
      const page = await catalog.scanParts(cursor, 500);
      await project(page.items);
      cursor = page.cursor;
    } while (cursor);
  };
  return {
    partsChanged: async (ids) => project(await catalog.getParts(ids)),
    categoryChanged: async () => all(),
    manufacturerChanged: async () => all(),
  };
}
