import type { Category, CategoryInput, Manufacturer, ManufacturerInput, PartInput } from '@parts/shared/schemas';
import { NotFoundError, ValidationError } from '../domain/errors';
import type { CatalogRepository, StoredPart } from '../ports/catalog-repository';
import type { SearchSync } from '../ports/search-index';

export interface CatalogServiceDeps {
  catalog: CatalogRepository;
  searchSync: SearchSync;
}

/** Admin writes to the catalogue; each successful write is pushed to the search index at once. */
export function createCatalogService({ catalog, searchSync }: CatalogServiceDeps) {
  async function checkParent(id: number | undefined, parentId: number | null | undefined) {
    if (parentId == null) return;
    if (id !== undefined && parentId === id) throw new ValidationError('A category cannot be its own parent');
    const byId = new Map((await catalog.listCategories()).map((c) => [c.id, c]));
    if (!byId.has(parentId)) throw new ValidationError('Parent category not found');
    if (id === undefined) return;
    const seen = new Set<number>();
    for (let cur = byId.get(parentId); cur; cur = cur.parentId == null ? undefined : byId.get(cur.parentId)) {
      if (cur.id === id) throw new ValidationError('A category cannot be placed under one of its own subcategories');
      if (seen.has(cur.id)) break;
      seen.add(cur.id);
    }
  }

  async function checkPartRefs(input: PartInput) {
    const [category, manufacturer] = await Promise.all([
      catalog.getCategory(input.categoryId),
      catalog.getManufacturer(input.manufacturerId),
    ]);
    if (!category) throw new ValidationError('Category not found', [{ path: 'categoryId', message: 'Category not found' }]);
    if (!manufacturer) {
      throw new ValidationError('Manufacturer not found', [{ path: 'manufacturerId', message: 'Manufacturer not found' }]);
    }
  }

  return {
    async createCategory(input: CategoryInput): Promise<Category> {
      await checkParent(undefined, input.parentId);
      const created = await catalog.createCategory(input);
      await searchSync.categoryChanged(created.id);
      return created;
    },
    async updateCategory(id: number, input: CategoryInput): Promise<Category> {
      if (!(await catalog.getCategory(id))) throw new NotFoundError('Category not found');
      await checkParent(id, input.parentId);
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
      if (!(await catalog.getManufacturer(id))) throw new NotFoundError('Manufacturer not found');
      const updated = await catalog.updateManufacturer(id, input);
      await searchSync.manufacturerChanged(id);
      return updated;
    },
    async createPart(input: PartInput): Promise<StoredPart> {
      await checkPartRefs(input);
      const created = await catalog.createPart(input);
      await searchSync.partsChanged([created.id]);
      return created;
    },
    async updatePart(id: number, input: PartInput): Promise<StoredPart> {
      if (!(await catalog.getPart(id))) throw new NotFoundError('Part not found');
      await checkPartRefs(input);
      const updated = await catalog.updatePart(id, input);
      await searchSync.partsChanged([id]);
      return updated;
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

/** The stored part as the API shows it: without internal fields, with manufacturer and category refs. */
export async function toPartView(catalog: CatalogRepository, part: StoredPart) {
  const [category, manufacturer] = await Promise.all([
    catalog.getCategory(part.categoryId),
    catalog.getManufacturer(part.manufacturerId),
  ]);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { specNumbers, createdAt, updatedAt, ...rest } = part;
  return {
    ...rest,
    category: category ? { name: category.name, slug: category.slug } : null,
    manufacturer: manufacturer ? { name: manufacturer.name, slug: manufacturer.slug } : null,
  };
}
