import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { normalizePartNumber } from '@parts/shared/part-number';
import { slugify } from '@parts/shared/slugify';
import { catalogErrors } from '../../domain/catalog-rules';
import { ConflictError, ValidationError } from '../../domain/errors';
import { rowErrorText, toValidationError } from '../../domain/validation';
import type { BulkUpsertResult, CatalogRepository, PartUpsert, StoredPart } from '../../ports/catalog-repository';
import { keys } from './keys';
import { decodePart, encodePart, partUpsertSchema, type PartItem } from './part-item';
import { newPartActions } from './part-store';
import { allocateIds, batchGetItems, chunk, isConditionFailed, mapLimit, queryPartition, type TableContext } from './support';
import { transactWrite } from './transact-write';

/** Parts per TransactWriteItems call in bulk upserts: 3 actions each, under the 100-action cap. */
const PARTS_PER_TRANSACTION = 25;
/** DynamoDB Local serialises transactions on locks; more in flight only adds lock timeouts. */
const WRITE_CONCURRENCY = 4;
const MAX_ROWS = 10_000;

type UpsertInput = z.infer<typeof partUpsertSchema>;
type Failure = BulkUpsertResult['failures'][number];
/** A row that passed validation, with the key of its (manufacturer, part number) guard. */
interface ValidRow {
  index: number;
  input: UpsertInput;
  guardKey: { pk: string; sk: string };
}

/**
 * Bulk upsert by (manufacturerId, normalised part number), in five steps: validate the rows, find
 * the parts they already name, sort them into new / changed / unchanged, write the changed ones
 * (optimistic on version) and create the new ones (ids in one block, guarded transactions).
 */
export function createPartUpsert(ctx: TableContext): Pick<CatalogRepository, 'upsertParts'> {
  async function upsertParts(rows: PartUpsert[]): Promise<BulkUpsertResult> {
    if (!Array.isArray(rows)) throw new ValidationError('rows must be an array');
    if (rows.length > MAX_ROWS) throw new ValidationError(`At most ${MAX_ROWS} rows per call`);
    if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0, failures: [], changedIds: [] };

    const { valid, failures } = validateRows(rows, await referenceIds());
    const existing = await findExisting(valid);
    const toCreate: ValidRow[] = [];
    const toUpdate: { row: ValidRow; current: StoredPart }[] = [];
    let unchanged = 0;
    for (const row of valid) {
      const current = existing.get(row.guardKey.pk);
      if (!current) toCreate.push(row);
      else if (samePart(current, row.input)) unchanged++;
      else toUpdate.push({ row, current });
    }

    const now = ctx.now().toISOString();
    const updated = await updateChanged(toUpdate, now);
    const created = await createNew(toCreate, now);
    return {
      created: created.ids.length,
      updated: updated.ids.length,
      unchanged,
      failures: [...failures, ...updated.failures, ...created.failures].sort((a, b) => a.index - b.index),
      changedIds: [...updated.ids, ...created.ids],
    };
  }

  async function referenceIds() {
    const ids = async (pk: string) => new Set((await queryPartition(ctx, pk)).map((item) => Number(item.id)));
    const [categories, manufacturers] = await Promise.all([ids('CATEGORY'), ids('MANUFACTURER')]);
    return { categories, manufacturers };
  }

  /** The part each row's (manufacturer, part number) guard points to, by guard key. */
  async function findExisting(valid: ValidRow[]): Promise<Map<string, StoredPart>> {
    const guards = await batchGetItems(ctx, valid.map((row) => row.guardKey));
    const partIds = new Set([...guards.values()].map((guard) => Number(guard.id)));
    const parts = await batchGetItems(ctx, [...partIds].map((id) => keys.part(id)));
    const out = new Map<string, StoredPart>();
    for (const [guardPk, guard] of guards) {
      const item = parts.get(keys.part(Number(guard.id)).pk);
      const part = item && decodePart(item);
      if (part) out.set(guardPk, part);
    }
    return out;
  }

  /** Rewrites changed parts, each only if nobody changed it since it was read. */
  async function updateChanged(toUpdate: { row: ValidRow; current: StoredPart }[], now: string) {
    const ids: number[] = [];
    const failures: Failure[] = [];
    await mapLimit(toUpdate, WRITE_CONCURRENCY, async ({ row, current }) => {
      const item = encodePart(current.id, { ...row.input, slug: current.slug }, current.version + 1, current.createdAt, now);
      try {
        await ctx.client.send(
          new PutCommand({
            TableName: ctx.tableName,
            Item: item,
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': current.version },
          }),
        );
        ids.push(current.id);
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
        failures.push({ index: row.index, error: 'The part was changed at the same time; import the row again' });
      }
    });
    return { ids, failures };
  }

  /** Creates new parts in transactions of 25; a group that hits a guard is written row by row. */
  async function createNew(toCreate: ValidRow[], now: string) {
    const ids: number[] = [];
    const failures: Failure[] = [];
    if (toCreate.length === 0) return { ids, failures };
    const firstId = await allocateIds(ctx, 'part', toCreate.length);
    const slugsInBatch = new Set<string>();
    const items = toCreate.map((row, i) => {
      const id = firstId + i;
      let slug = row.input.slug ?? derivedSlug(row.input.name, row.input.partNumber, id);
      if (slugsInBatch.has(slug)) slug = withIdSuffix(slug, id);
      slugsInBatch.add(slug);
      return { row, item: encodePart(id, { ...row.input, slug }, 1, now, now) };
    });
    await mapLimit(chunk(items, PARTS_PER_TRANSACTION), WRITE_CONCURRENCY, async (group) => {
      const retry = { item: 'retry', slug: 'retry', partNumber: 'retry' } as const;
      if ((await transactWrite(ctx, group.flatMap(({ item }) => newPartActions(ctx, item, retry)))) === 'ok') {
        ids.push(...group.map(({ item }) => item.id));
        return;
      }
      for (const { row, item } of group) {
        const written = await createOne(item, row.input.slug === undefined);
        if (written.ok) ids.push(item.id);
        else failures.push({ index: row.index, error: written.error });
      }
    });
    return { ids, failures };
  }

  /** One new part; a derived slug that is taken gets the id appended once. */
  async function createOne(item: PartItem, slugIsDerived: boolean): Promise<{ ok: true } | { ok: false; error: string }> {
    let candidate = item;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const taken = { item: new ConflictError('The part could not be saved'), slug: catalogErrors.slugTaken('part', candidate.slug), partNumber: catalogErrors.partNumberTaken(item.partNumber) };
      try {
        await transactWrite(ctx, newPartActions(ctx, candidate, taken));
        return { ok: true };
      } catch (err) {
        if (err === taken.slug && slugIsDerived && attempt === 1) {
          candidate = { ...candidate, slug: withIdSuffix(candidate.slug, candidate.id) };
          continue;
        }
        const known = [taken.item, taken.slug, taken.partNumber].find((e) => e === err);
        if (known) return { ok: false, error: known.message };
        throw err;
      }
    }
    return { ok: false, error: 'The part could not be saved' };
  }

  return { upsertParts };
}

/** Parses each row and checks what can be checked without writing; failures carry the row index. */
function validateRows(rows: PartUpsert[], refs: { categories: Set<number>; manufacturers: Set<number> }) {
  const valid: ValidRow[] = [];
  const failures: Failure[] = [];
  const firstRowByGuard = new Map<string, number>();
  rows.forEach((row, index) => {
    const parsed = partUpsertSchema.safeParse(row);
    if (!parsed.success) return void failures.push({ index, error: rowErrorText(toValidationError(parsed.error)) });
    const input = parsed.data;
    if (!refs.categories.has(input.categoryId)) return void failures.push({ index, error: rowErrorText(catalogErrors.categoryMissing()) });
    if (!refs.manufacturers.has(input.manufacturerId)) return void failures.push({ index, error: rowErrorText(catalogErrors.manufacturerMissing()) });
    const guardKey = keys.partNumberGuard(input.manufacturerId, normalizePartNumber(input.partNumber));
    const earlier = firstRowByGuard.get(guardKey.pk);
    if (earlier !== undefined) return void failures.push({ index, error: `Duplicate of row ${earlier} in this batch` });
    firstRowByGuard.set(guardKey.pk, index);
    valid.push({ index, input, guardKey });
  });
  return { valid, failures };
}

/** Every field a row can set, read from the schema (a new part field is compared without a change here). */
const COMPARED_FIELDS = Object.keys(partUpsertSchema.shape).filter((k) => k !== 'slug') as (keyof UpsertInput & keyof StoredPart)[];

/** Whether writing the row would change nothing (absent and null are the same; maps compare by entries). */
function samePart(current: StoredPart, input: UpsertInput): boolean {
  return COMPARED_FIELDS.every((field) => sameValue(current[field], input[field]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
  }
  return (a ?? null) === (b ?? null);
}

function derivedSlug(name: string, partNumber: string, id: number): string {
  const slug = slugify(`${name} ${partNumber}`).replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 180).replace(/-$/, '');
  return slug || `part-${id}`;
}

function withIdSuffix(slug: string, id: number): string {
  return `${slug.slice(0, 180)}-${id}`;
}
