import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkUpsertResult, CatalogRepository, PartUpsert } from '../ports/catalog-repository';
import { catalogErrors } from '../catalog-rules';
import { createCategoryStore } from './category-store';
import { keys } from '../../../adapters/dynamodb/keys';
import { createManufacturerStore } from './manufacturer-store';
import { createPartStore } from './part-store';
import { createPartUpsert } from './part-upsert';
import { countParts, getPartVersions, partIdCeiling } from './part-versions';
import type { TableContext } from '../../../adapters/dynamodb/support';

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
    upsertParts: (rows) => upsertSettlingRaces(createPartUpsert(ctx).upsertParts, rows),
    partIdCeiling: () => partIdCeiling(ctx),
    getPartVersions: (ids) => getPartVersions(ctx, ids),
    countParts: () => countParts(ctx),
    ping: async () => {
      await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: keys.counter('ping') }));
    },
  };
}

/**
 * A row whose (manufacturer, part number) a concurrent writer claimed between this upsert's read and its
 * write fails with "already exists". It is not a failure: the row goes through the upsert once more,
 * which now finds the part and reports the row unchanged (or updates it when it says something else).
 */
export async function upsertSettlingRaces(upsert: (rows: PartUpsert[]) => Promise<BulkUpsertResult>, rows: PartUpsert[]): Promise<BulkUpsertResult> {
  const first = await upsert(rows);
  const lostRace = (f: { index: number; error: string }) => {
    const row = rows[f.index];
    return typeof row?.partNumber === 'string' && [row.partNumber, row.partNumber.trim()].some((pn) => f.error === catalogErrors.partNumberTaken(pn).message);
  };
  const raced = first.failures.filter(lostRace);
  if (raced.length === 0) return first;
  const again = await upsert(raced.map((f) => rows[f.index]!));
  return {
    created: first.created + again.created,
    updated: first.updated + again.updated,
    unchanged: first.unchanged + again.unchanged,
    failures: [...first.failures.filter((f) => !lostRace(f)), ...again.failures.map((f) => ({ ...f, index: raced[f.index]!.index }))].sort(
      (a, b) => a.index - b.index,
    ),
    changedIds: [...first.changedIds, ...again.changedIds],
  };
}
