import { manufacturerInputSchema, type Manufacturer, type ManufacturerInput } from '@parts/shared/schemas';
import { catalogErrors } from '../catalog-rules';
import { ConflictError } from '../../../domain/errors';
import { parseOrThrow } from '../../../domain/validation';
import type { CatalogRepository } from '../ports/catalog-repository';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import {
  allocateIds,
  assertId,
  compact,
  countPartition,
  getItem,
  idBySlug,
  OPTIMISTIC_ATTEMPTS,
  queryPartition,
  type TableContext,
} from '../../../adapters/dynamodb/support';
import { guardDelete, guardPut, putIf, putNew, transactWrite } from '../../../adapters/dynamodb/transact-write';

type ManufacturerStore = Pick<
  CatalogRepository,
  'listManufacturers' | 'getManufacturer' | 'getManufacturerBySlug' | 'createManufacturer' | 'updateManufacturer' | 'countManufacturers'
>;

const toManufacturer = (item: Record<string, unknown>): Manufacturer => {
  const m = stripLayout<Manufacturer>(item);
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    ...(m.description ? { description: m.description } : {}),
    ...(m.logo ? { logo: m.logo } : {}),
  };
};

const manufacturerItem = (id: number, input: ManufacturerInput) => ({ ...keys.manufacturer(id), type: 'manufacturer', id, ...compact(input) });

/** Manufacturers: items under one partition, slugs unique through guard items. */
export function createManufacturerStore(ctx: TableContext): ManufacturerStore {
  const slugTaken = (slug: string) => catalogErrors.slugTaken('manufacturer', slug);

  async function createManufacturer(raw: ManufacturerInput): Promise<Manufacturer> {
    const input = parseOrThrow(manufacturerInputSchema, raw);
    const id = await allocateIds(ctx, 'manufacturer', 1);
    const item = manufacturerItem(id, input);
    await transactWrite(ctx, [
      putNew(ctx, item, new ConflictError('The manufacturer could not be saved; try again')),
      guardPut(ctx, keys.slugGuard('manufacturer', input.slug), id, slugTaken(input.slug)),
    ]);
    return toManufacturer(item);
  }

  async function updateManufacturer(id: number, raw: ManufacturerInput): Promise<Manufacturer> {
    assertId(id);
    const input = parseOrThrow(manufacturerInputSchema, raw);
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const current = await getItem(ctx, keys.manufacturer(id));
      if (!current) throw catalogErrors.notFound('Manufacturer');
      const item = manufacturerItem(id, input);
      const oldSlug = String(current.slug);
      const outcome = await transactWrite(ctx, [
        putIf(ctx, item, { expression: 'attribute_exists(pk) AND slug = :old', values: { ':old': oldSlug } }, 'retry'),
        ...(oldSlug === input.slug
          ? []
          : [
              guardDelete(ctx, keys.slugGuard('manufacturer', oldSlug), id),
              guardPut(ctx, keys.slugGuard('manufacturer', input.slug), id, slugTaken(input.slug)),
            ]),
      ]);
      if (outcome === 'ok') return toManufacturer(item);
    }
    throw catalogErrors.changedConcurrently('Manufacturer', id);
  }

  return {
    listManufacturers: async () => (await queryPartition(ctx, 'MANUFACTURER')).map(toManufacturer),
    getManufacturer: async (id) => {
      assertId(id);
      const item = await getItem(ctx, keys.manufacturer(id));
      return item ? toManufacturer(item) : undefined;
    },
    getManufacturerBySlug: async (slug) => {
      const id = await idBySlug(ctx, 'manufacturer', slug);
      const item = id ? await getItem(ctx, keys.manufacturer(id)) : undefined;
      return item ? toManufacturer(item) : undefined;
    },
    createManufacturer,
    updateManufacturer,
    countManufacturers: () => countPartition(ctx, 'MANUFACTURER'),
  };
}
