import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { partInputSchema, type PartInput } from '@parts/shared/schemas';
import { normalizePartNumber } from '@parts/shared/part-number';
import { catalogErrors } from '../catalog-rules';
import { ConflictError, ValidationError } from '../../../domain/errors';
import { parseOrThrow } from '../../../domain/validation';
import type { CatalogRepository, Page, StoredPart } from '../ports/catalog-repository';
import { keys } from '../../../adapters/dynamodb/keys';
import { decodePart, encodePart, writtenPart, type PartItem } from './part-item';
import {
  allocateIds,
  assertId,
  batchGetItems,
  decodeCursor,
  encodeCursor,
  getItem,
  idBySlug,
  OPTIMISTIC_ATTEMPTS,
  type TableContext,
} from '../../../adapters/dynamodb/support';
import {
  guardDelete,
  guardPut,
  mustExist,
  putIf,
  putNew,
  transactWrite,
  type OnConditionFailed,
  type TransactAction,
} from '../../../adapters/dynamodb/transact-write';

type PartStore = Pick<CatalogRepository, 'getPart' | 'getPartBySlug' | 'getParts' | 'createPart' | 'updatePart' | 'scanParts'>;

const MAX_SCAN_PAGE = 1000;
const scanLimitSchema = z.number().int().min(1).max(MAX_SCAN_PAGE);

const notSaved = () => new ConflictError('The part could not be saved; try again');

/** A new part: its item, its slug guard and its (manufacturer, part number) guard. */
export function newPartActions(
  ctx: TableContext,
  item: PartItem,
  onConditionFailed: { item: OnConditionFailed; slug: OnConditionFailed; partNumber: OnConditionFailed },
): TransactAction[] {
  return [
    putNew(ctx, item, onConditionFailed.item),
    guardPut(ctx, keys.slugGuard('part', item.slug), item.id, onConditionFailed.slug),
    guardPut(ctx, keys.partNumberGuard(item.manufacturerId ?? null, item.partNumberNorm), item.id, onConditionFailed.partNumber),
  ];
}

/** Parts: one item each, slugs and (manufacturer, part number) unique through guard items. */
export function createPartStore(ctx: TableContext): PartStore {
  /** A part may have no category and no manufacturer (null, ADR 101); a given one must exist at commit. */
  const referencesExist = (input: PartInput): TransactAction[] => [
    ...(input.categoryId === null ? [] : [mustExist(ctx, keys.category(input.categoryId), catalogErrors.categoryMissing())]),
    ...(input.manufacturerId === null ? [] : [mustExist(ctx, keys.manufacturer(input.manufacturerId), catalogErrors.manufacturerMissing())]),
  ];

  async function createPart(raw: PartInput): Promise<StoredPart> {
    const input = parseOrThrow(partInputSchema, raw);
    const id = await allocateIds(ctx, 'part', 1);
    const now = ctx.now().toISOString();
    const item = encodePart(id, input, 1, now, now);
    await transactWrite(ctx, [
      ...newPartActions(ctx, item, {
        item: notSaved(),
        slug: catalogErrors.slugTaken('part', input.slug),
        partNumber: catalogErrors.partNumberTaken(input.partNumber),
      }),
      ...referencesExist(input),
    ]);
    return writtenPart(item);
  }

  async function updatePart(id: number, raw: PartInput): Promise<StoredPart> {
    assertId(id);
    const input = parseOrThrow(partInputSchema, raw);
    const norm = normalizePartNumber(input.partNumber);
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const current = await getItem(ctx, keys.part(id));
      if (!current) throw catalogErrors.notFound('Part');
      const version = Number(current.version);
      const item = encodePart(id, input, version + 1, String(current.createdAt), ctx.now().toISOString());
      const actions = [putIf(ctx, item, { expression: 'version = :v', values: { ':v': version } }, 'retry')];
      if (current.slug !== input.slug) {
        actions.push(
          guardDelete(ctx, keys.slugGuard('part', String(current.slug)), id),
          guardPut(ctx, keys.slugGuard('part', input.slug), id, catalogErrors.slugTaken('part', input.slug)),
        );
      }
      const currentManufacturerId = decodePart(current)?.manufacturerId ?? null;
      if (currentManufacturerId !== input.manufacturerId || current.partNumberNorm !== norm) {
        actions.push(
          guardDelete(ctx, keys.partNumberGuard(currentManufacturerId, String(current.partNumberNorm)), id),
          guardPut(ctx, keys.partNumberGuard(input.manufacturerId, norm), id, catalogErrors.partNumberTaken(input.partNumber)),
        );
      }
      if ((await transactWrite(ctx, [...actions, ...referencesExist(input)])) === 'ok') return writtenPart(item);
    }
    throw catalogErrors.changedConcurrently('Part', id);
  }

  async function getParts(ids: number[]): Promise<StoredPart[]> {
    if (!Array.isArray(ids)) throw new ValidationError('ids must be an array');
    ids.forEach((id) => assertId(id));
    const unique = [...new Set(ids)];
    const found = await batchGetItems(
      ctx,
      unique.map((id) => keys.part(id)),
    );
    return unique.flatMap((id) => {
      const item = found.get(keys.part(id).pk);
      return (item && decodePart(item)) || [];
    });
  }

  async function scanParts(cursor?: string, limit = 500): Promise<Page<StoredPart>> {
    const parsedLimit = scanLimitSchema.safeParse(limit);
    if (!parsedLimit.success) throw new ValidationError(`limit must be an integer from 1 to ${MAX_SCAN_PAGE}`);
    let ExclusiveStartKey = decodeCursor(cursor);
    const items: StoredPart[] = [];
    do {
      const res = await ctx.client.send(
        new ScanCommand({
          TableName: ctx.tableName,
          FilterExpression: '#t = :part',
          ExpressionAttributeNames: { '#t': 'type' },
          ExpressionAttributeValues: { ':part': 'part' },
          Limit: parsedLimit.data - items.length,
          ExclusiveStartKey,
        }),
      );
      items.push(...(res.Items ?? []).flatMap((item) => decodePart(item) ?? []));
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey && items.length < parsedLimit.data);
    const next = encodeCursor(ExclusiveStartKey);
    return next ? { items, cursor: next } : { items };
  }

  return {
    getPart: async (id) => {
      assertId(id);
      const item = await getItem(ctx, keys.part(id));
      return item ? decodePart(item) : undefined;
    },
    getPartBySlug: async (slug) => {
      const id = await idBySlug(ctx, 'part', slug);
      const item = id ? await getItem(ctx, keys.part(id)) : undefined;
      return item ? decodePart(item) : undefined;
    },
    getParts,
    createPart,
    updatePart,
    scanParts,
  };
}
