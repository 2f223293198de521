import type { PartVersion } from '../ports/catalog-repository';
import { keys } from '../../../adapters/dynamodb/keys';
import { assertId, batchGetItems, getItem, type TableContext } from '../../../adapters/dynamodb/support';

/** The highest part id handed out so far (ids come from one counter, so every part id is at most this). */
export async function partIdCeiling(ctx: TableContext): Promise<number> {
  return Number((await getItem(ctx, keys.counter('part')))?.value ?? 0);
}

/**
 * Id and version of the given parts (absent ids are left out), through BatchGetItem with only those
 * attributes. The consistency check walks ids 1..ceiling this way instead of scanning: DynamoDB Local
 * re-sorts the table for every Scan page, so a full scan grows with the square of the table's size
 * (60,000 items: 2-4 s a page), while reads by key stay linear.
 */
export async function getPartVersions(ctx: TableContext, ids: number[]): Promise<PartVersion[]> {
  ids.forEach((id) => assertId(id));
  const found = await batchGetItems(
    ctx,
    [...new Set(ids)].map((id) => keys.part(id)),
    ['id', 'version'],
  );
  return [...found.values()].map((item) => ({ id: Number(item.id), version: Number(item.version) }));
}

/** Ids per getPartVersions call while counting, and calls in flight. */
const COUNT_RANGE = 500;
const COUNT_CONCURRENCY = 4;

/**
 * The parts stored, counted exactly from the table by id (1..the ceiling): there is no counter item that
 * a crash between two writes could leave behind (ADR 040). Linear in the table's size, so for checks,
 * tests and tools; the dashboard shows the search index's count, which the consistency check keeps equal.
 */
export async function countParts(ctx: TableContext): Promise<number> {
  const ceiling = await partIdCeiling(ctx);
  let next = 1;
  let total = 0;
  const worker = async () => {
    while (next <= ceiling) {
      const from = next;
      next = Math.min(ceiling + 1, from + COUNT_RANGE);
      // Read first, then add: `total += await …` would add to the total as it was before the await.
      const found = await getPartVersions(
        ctx,
        Array.from({ length: next - from }, (_, i) => from + i),
      );
      total += found.length;
    }
  };
  await Promise.all(Array.from({ length: COUNT_CONCURRENCY }, worker));
  return total;
}
