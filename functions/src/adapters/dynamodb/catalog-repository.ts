import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CatalogRepository } from '../../ports/catalog-repository';
import { createCategoryStore } from './category-store';
import { keys } from './keys';
import { createManufacturerStore } from './manufacturer-store';
import { createPartStore } from './part-store';
import { createPartUpsert } from './part-upsert';
import { countParts, getPartVersions, partIdCeiling } from './part-versions';
import type { TableContext } from './support';

/**
 * The catalogue over the single table: categories (category-store.ts), manufacturers
 * (manufacturer-store.ts), parts (part-store.ts, bulk upsert in part-upsert.ts, the stored shape in
 * part-item.ts). Uniqueness and references are checked atomically in each write's transaction.
 */
export function createCatalogRepository(ctx: TableContext): CatalogRepository {
  return {
    ...createCategoryStore(ctx),
    ...createManufacturerStore(ctx),
    ...createPartStore(ctx),
    ...createPartUpsert(ctx),
    partIdCeiling: () => partIdCeiling(ctx),
    getPartVersions: (ids) => getPartVersions(ctx, ids),
    countParts: () => countParts(ctx),
    ping: async () => {
      await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.counter('ping') }));
    },
  };
}
