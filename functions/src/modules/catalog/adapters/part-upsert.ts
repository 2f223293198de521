import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { z } from 'zod';
import { normalizePartNumber } from '@parts/shared/part-number';
import { catalogErrors } from '../catalog-rules';
import { loadSlugify, loadedSlugify } from '../../../lib/slugify-loader';
import { ConflictError, ValidationError } from '../../../domain/errors';
import { rowErrorText, toValidationError } from '../../../domain/validation';
import type { BulkUpsertResult, CatalogRepository, PartUpsert, StoredPart } from '../ports/catalog-repository';
import { keys } from '../../../adapters/dynamodb/keys';
import { decodePart, encodePart, partContentHash, partUpsertSchema, type PartItem } from './part-item';
import { newPartActions } from './part-store';
import {
  allocateIds,
  batchGetItems,
  batchPutItems,
  cancellationCodes,
  chunk,
  isConditionFailed,
  mapLimit,
  queryPartition,
  withConflictRetry,
  type TableContext,
} from '../../../adapters/dynamodb/support';
import { guardPut, putNew, transactWrite, type TransactAction } from '../../../adapters/dynamodb/transact-write';

/** The guard still holds entity `id` at commit time (else 'retry': another writer moved it). */
const guardHeld = (ctx: TableContext, key: { pk: string; sk: string }, id: number): TransactAction => ({
  action: { ConditionCheck: { TableName: ctx.tableName, Key: key, ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': id } } },
  onConditionFailed: 'retry',
});

/** New parts whose two guards are claimed in one TransactWriteItems call: 2 actions each, the 100-action cap. */
const PARTS_PER_CLAIM = 50;
/**
 * Claim-then-write groups in flight. DynamoDB Local serialises transactions on locks, so more only adds
 * conflicts; in AWS the limit is request latency and this could be higher.
 */
const WRITE_CONCURRENCY = 4;
/** Changed parts rewritten at once (each a conditional put on its version). */
const UPDATE_CONCURRENCY = 8;
const MAX_ROWS = 10_000;

type UpsertInput = z.infer<typeof partUpsertSchema>;
type Failure = BulkUpsertResult['failures'][number];
/** A row that passed validation, with the key of its (manufacturer, part number) guard and its content hash. */
interface ValidRow {
  index: number;
  input: UpsertInput;
  guardKey: { pk: string; sk: string };
  hash: string;
}
interface NewPart {
  row: ValidRow;
  item: PartItem;
}

/**
 * Bulk upsert by (manufacturerId, normalised part number). Uniqueness stays enforced by conditions, only
 * the unconditional bulk of the bytes is batched (ADR 060):
 *  1. validate the rows; read their part number guards (BatchGetItem, only the id);
 *  2. read the content hash of the parts they point to (BatchGetItem, only that attribute): a part whose
 *     hash matches its row is unchanged, nothing more is read or written;
 *  3. other existing parts are read whole and rewritten on their version (a conditional put each);
 *  4. new parts: ids in one block, slugs checked against their guards (BatchGetItem), then per group of 50
 *     both guards of every part are claimed in one transaction (attribute_not_exists) and the part items
 *     follow in BatchWriteItem. A group whose claim fails on some guard drops those rows to the one-by-one
 *     path (which names the conflict) and claims the rest again.
 * A crash between claim and part write leaves guards pointing to an id with no part ("orphans"); the next
 * import of the row finds the orphan and writes the part under that id, so a restarted import converges.
 */
export function createPartUpsert(ctx: TableContext): Pick<CatalogRepository, 'upsertParts'> {
  async function upsertParts(rows: PartUpsert[]): Promise<BulkUpsertResult> {
    if (!Array.isArray(rows)) throw new ValidationError('rows must be an array');
    if (rows.length > MAX_ROWS) throw new ValidationError(`At most ${MAX_ROWS} rows per call`);
    if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0, failures: [], changedIds: [] };
    await loadSlugify();

    const { valid, failures } = validateRows(rows, await referenceIds(ctx));
    const guards = await batchGetItems(
      ctx,
      valid.map((row) => row.guardKey),
      ['id'],
    );
    const toCreate: ValidRow[] = [];
    const existing: { row: ValidRow; id: number }[] = [];
    for (const row of valid) {
      const guard = guards.get(row.guardKey.pk);
      if (guard) existing.push({ row, id: Number(guard.id) });
      else toCreate.push(row);
    }
    // Only the hash of the existing parts travels; whole parts are read for the rows that differ.
    const hashes = await batchGetItems(
      ctx,
      [...new Set(existing.map(({ id }) => id))].map((id) => keys.part(id)),
      ['contentHash'],
    );
    let unchanged = 0;
    const differing: { row: ValidRow; id: number }[] = [];
    const orphans: { row: ValidRow; id: number }[] = [];
    for (const entry of existing) {
      const stored = hashes.get(keys.part(entry.id).pk);
      if (!stored) orphans.push(entry);
      else if (stored.contentHash === entry.row.hash) unchanged++;
      else differing.push(entry);
    }
    const parts = await batchGetItems(
      ctx,
      [...new Set(differing.map(({ id }) => id))].map((id) => keys.part(id)),
    );
    const toUpdate: { row: ValidRow; current: StoredPart }[] = [];
    for (const { row, id } of differing) {
      const item = parts.get(keys.part(id).pk);
      const current = item && decodePart(item);
      if (!item) orphans.push({ row, id });
      // Parts written before content hashes were stored compare field by field.
      else if (current && samePart(current, row.input)) unchanged++;
      else if (current) toUpdate.push({ row, current });
      else failures.push({ index: row.index, error: 'The stored part cannot be read; edit it in the admin area' });
    }

    const now = ctx.now().toISOString();
    const updated = await updateChanged(ctx, toUpdate, now);
    const created = await createNew(ctx, toCreate, now);
    const reclaimed = await reclaimOrphans(ctx, orphans, now);
    const createdIds = [...created.ids, ...reclaimed.ids];
    return {
      created: createdIds.length,
      updated: updated.ids.length,
      unchanged,
      failures: [...failures, ...updated.failures, ...created.failures, ...reclaimed.failures].sort((a, b) => a.index - b.index),
      changedIds: [...updated.ids, ...createdIds],
    };
  }

  return { upsertParts };
}

async function referenceIds(ctx: TableContext) {
  const ids = async (pk: string) => new Set((await queryPartition(ctx, pk)).map((item) => Number(item.id)));
  const [categories, manufacturers] = await Promise.all([ids('CATEGORY'), ids('MANUFACTURER')]);
  return { categories, manufacturers };
}

/** Rewrites changed parts, each only if nobody changed it since it was read. */
async function updateChanged(ctx: TableContext, toUpdate: { row: ValidRow; current: StoredPart }[], now: string) {
  const ids: number[] = [];
  const failures: Failure[] = [];
  await mapLimit(toUpdate, UPDATE_CONCURRENCY, async ({ row, current }) => {
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

/** Creates new parts: guards claimed by transaction, part items batched; conflicts go one by one. */
async function createNew(ctx: TableContext, toCreate: ValidRow[], now: string) {
  const ids: number[] = [];
  const failures: Failure[] = [];
  if (toCreate.length === 0) return { ids, failures };
  const firstId = await allocateIds(ctx, 'part', toCreate.length);
  const slugsInBatch = new Set<string>();
  const candidates = toCreate.map((row, i) => {
    const id = firstId + i;
    let slug = row.input.slug ?? derivedSlug(row.input.name, row.input.partNumber, id);
    if (slugsInBatch.has(slug)) slug = withIdSuffix(slug, id);
    slugsInBatch.add(slug);
    return { row, item: encodePart(id, { ...row.input, slug }, 1, now, now) };
  });
  // A slug that is already taken would fail its group's claim: settle it before claiming.
  const slugGuards = await batchGetItems(
    ctx,
    candidates.map(({ item }) => keys.slugGuard('part', item.slug)),
    ['id'],
  );
  const oneByOne: NewPart[] = [];
  const batched: NewPart[] = [];
  for (const candidate of candidates) {
    if (!slugGuards.has(keys.slugGuard('part', candidate.item.slug).pk)) batched.push(candidate);
    else if (candidate.row.input.slug === undefined)
      batched.push({ ...candidate, item: { ...candidate.item, slug: withIdSuffix(candidate.item.slug, candidate.item.id) } });
    else oneByOne.push(candidate);
  }
  await mapLimit(chunk(batched, PARTS_PER_CLAIM), WRITE_CONCURRENCY, async (group) => {
    const { claimed, refused } = await claimGuards(ctx, group);
    oneByOne.push(...refused);
    await batchPutItems(
      ctx,
      claimed.map(({ item }) => item),
      1,
    );
    ids.push(...claimed.map(({ item }) => item.id));
  });
  for (const { row, item } of oneByOne) {
    const written = await createOne(ctx, item, row.input.slug === undefined);
    if (written.ok) ids.push(item.id);
    else failures.push({ index: row.index, error: written.error });
  }
  return { ids, failures };
}

/**
 * Claims the slug and part number guards of every part of the group in one transaction. When a guard
 * is taken (another writer got there first), nothing of the transaction applied: the parts with a
 * failed guard are set aside and the rest is claimed again.
 */
async function claimGuards(ctx: TableContext, group: NewPart[]): Promise<{ claimed: NewPart[]; refused: NewPart[] }> {
  let pending = group;
  const refused: NewPart[] = [];
  while (pending.length > 0) {
    const actions = pending.flatMap(({ row, item }) => [
      guardPut(ctx, keys.slugGuard('part', item.slug), item.id, 'retry').action,
      guardPut(ctx, row.guardKey, item.id, 'retry').action,
    ]);
    try {
      await withConflictRetry((token) => ctx.client.send(new TransactWriteCommand({ TransactItems: actions, ClientRequestToken: token })));
      return { claimed: pending, refused };
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes?.includes('ConditionalCheckFailed')) throw err;
      const failed = new Set(codes.flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [Math.floor(i / 2)] : [])));
      refused.push(...pending.filter((_, i) => failed.has(i)));
      pending = pending.filter((_, i) => !failed.has(i));
    }
  }
  return { claimed: [], refused };
}

/** One new part in one transaction; a derived slug that is taken gets the id appended once. */
async function createOne(ctx: TableContext, item: PartItem, slugIsDerived: boolean): Promise<{ ok: true } | { ok: false; error: string }> {
  let candidate = item;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const taken = {
      item: new ConflictError('The part could not be saved'),
      slug: catalogErrors.slugTaken('part', candidate.slug),
      partNumber: catalogErrors.partNumberTaken(item.partNumber),
    };
    try {
      await transactWrite(ctx, newPartActions(ctx, candidate, taken));
      return { ok: true };
    } catch (err) {
      if (err === taken.slug && slugIsDerived && attempt === 1 && !candidate.slug.endsWith(`-${candidate.id}`)) {
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

/**
 * Rows whose part number guard points to an id with no part: an import stopped between claiming the
 * guards and writing the part. The part is written under that id (its guard must still hold it), with
 * the slug guard it holds already or a new one.
 */
async function reclaimOrphans(ctx: TableContext, orphans: { row: ValidRow; id: number }[], now: string) {
  const ids: number[] = [];
  const failures: Failure[] = [];
  for (const { row, id } of orphans) {
    // The stopped import may have given the part its derived slug or, when that was taken, the slug with the id.
    const derived = derivedSlug(row.input.name, row.input.partNumber, id);
    const slugs = row.input.slug !== undefined ? [row.input.slug] : [derived, withIdSuffix(derived, id)];
    const held = await batchGetItems(
      ctx,
      slugs.map((s) => keys.slugGuard('part', s)),
      ['id'],
    );
    const holder = (s: string) => held.get(keys.slugGuard('part', s).pk);
    const slug = slugs.find((s) => Number(holder(s)?.id) === id) ?? slugs.find((s) => !holder(s)) ?? slugs[0]!;
    const taken = catalogErrors.slugTaken('part', slug);
    const item = encodePart(id, { ...row.input, slug }, 1, now, now);
    try {
      const written = await transactWrite(ctx, [
        putNew(ctx, item, 'retry'),
        guardHeld(ctx, row.guardKey, id),
        ...(Number(holder(slug)?.id) === id ? [] : [guardPut(ctx, keys.slugGuard('part', slug), id, taken)]),
      ]);
      if (written === 'ok') ids.push(id);
      else failures.push({ index: row.index, error: 'The part was changed at the same time; import the row again' });
    } catch (err) {
      if (err !== taken) throw err;
      failures.push({ index: row.index, error: taken.message });
    }
  }
  return { ids, failures };
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
    // None (null) is allowed for both (ADR 101); a given id must exist.
    if (input.categoryId !== null && !refs.categories.has(input.categoryId)) {
      return void failures.push({ index, error: rowErrorText(catalogErrors.categoryMissing()) });
    }
    if (input.manufacturerId !== null && !refs.manufacturers.has(input.manufacturerId)) {
      return void failures.push({ index, error: rowErrorText(catalogErrors.manufacturerMissing()) });
    }
    const guardKey = keys.partNumberGuard(input.manufacturerId, normalizePartNumber(input.partNumber));
    const earlier = firstRowByGuard.get(guardKey.pk);
    if (earlier !== undefined) return void failures.push({ index, error: `Duplicate of row ${earlier} in this batch` });
    firstRowByGuard.set(guardKey.pk, index);
    valid.push({ index, input, guardKey, hash: partContentHash(input) });
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

/** Needs `loadSlugify()` awaited first (upsertParts does). */
function derivedSlug(name: string, partNumber: string, id: number): string {
  const slug = loadedSlugify()(`${name} ${partNumber}`).replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 180).replace(/-$/, '');
  return slug || `part-${id}`;
}

function withIdSuffix(slug: string, id: number): string {
  return `${slug.slice(0, 180)}-${id}`;
}
