import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import {
  categoryInputSchema,
  manufacturerInputSchema,
  partInputSchema,
  slugSchema,
  type Category,
  type CategoryInput,
  type Manufacturer,
  type ManufacturerInput,
  type PartInput,
} from '@parts/shared/schemas';
import { normalizePartNumber } from '@parts/shared/part-number';
import { parseSpecifications } from '@parts/shared/spec-values';
import { slugify } from '@parts/shared/slugify';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import type { BulkUpsertResult, CatalogRepository, Page, PartUpsert, StoredPart } from '../../ports/catalog-repository';
import { keys, stripLayout, type SlugEntity } from './keys';
import {
  addToCounter,
  allocateIds,
  assertId,
  assertLookupText,
  cancellationCodes,
  chunk,
  countQuery,
  decodeCursor,
  encodeCursor,
  isConditionFailed,
  mapLimit,
  parseInput,
  withConflictRetry,
  type TableContext,
} from './support';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB caps an item at 400 KB; this keeps a part's specification map far below that. */
export const MAX_SPECIFICATIONS = 100;
const PARTS_TOTAL_COUNTER = 'parts-total';
/** Parts per TransactWriteItems call in bulk upserts: 3 actions each, under the 100-action cap. */
const PARTS_PER_TRANSACTION = 25;
/** DynamoDB Local serialises transactions on locks; more in flight only adds lock timeouts. */
const WRITE_CONCURRENCY = 4;
/** Re-reads after a concurrent writer changed the same item before giving up with 409. */
const OPTIMISTIC_ATTEMPTS = 4;

const specificationsLimit = (specs: Record<string, string>) => Object.keys(specs).length <= MAX_SPECIFICATIONS;
const partInput = partInputSchema.refine((p) => specificationsLimit(p.specifications), {
  message: `At most ${MAX_SPECIFICATIONS} specifications`,
  path: ['specifications'],
});
const partUpsertSchema = partInputSchema
  .omit({ slug: true })
  .extend({ slug: slugSchema.optional() })
  .refine((p) => specificationsLimit(p.specifications), {
    message: `At most ${MAX_SPECIFICATIONS} specifications`,
    path: ['specifications'],
  });
const scanLimitSchema = z.number().int().min(1).max(1000);

export function createCatalogRepository(ctx: TableContext): CatalogRepository {
  const { client, tableName: TableName } = ctx;

  const get = async (key: { pk: string; sk: string }) =>
    (await client.send(new GetCommand({ TableName, Key: key, ConsistentRead: true }))).Item;

  const queryAll = async (pk: string) => {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const res = await client.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      items.push(...(res.Items ?? []));
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return items;
  };

  const countAll = (pk: string) =>
    countQuery(client, { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });

  const guardPut = (key: { pk: string; sk: string }, id: number): TransactItem => ({
    Put: { TableName, Item: { ...key, type: 'guard', id }, ConditionExpression: 'attribute_not_exists(pk)' },
  });
  const guardDelete = (key: { pk: string; sk: string }, id: number): TransactItem => ({
    Delete: { TableName, Key: key, ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': id } },
  });
  const mustExist = (key: { pk: string; sk: string }): TransactItem => ({
    ConditionCheck: { TableName, Key: key, ConditionExpression: 'attribute_exists(pk)' },
  });

  /** Runs a transaction; when it is cancelled by a failed condition, `explain` maps the failing action to an error. */
  const transact = async (items: TransactItem[], explain: (index: number) => Error | 'retry') => {
    try {
      await withConflictRetry((token) => client.send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: token })));
      return 'ok' as const;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes) throw err;
      const index = codes.findIndex((c) => c === 'ConditionalCheckFailed');
      if (index < 0) throw err;
      const outcome = explain(index);
      if (outcome === 'retry') return 'retry' as const;
      throw outcome;
    }
  };

  // ---------- categories and manufacturers ----------

  const toCategory = (item: Record<string, unknown>): Category => {
    const c = stripLayout<Category & { parentId: number | null }>(item);
    return { id: c.id, name: c.name, slug: c.slug, ...(c.description ? { description: c.description } : {}), parentId: c.parentId ?? null };
  };
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

  const bySlug = async (entity: SlugEntity, slug: unknown): Promise<number | undefined> => {
    assertLookupText(slug, 'slug');
    const guard = await get(keys.slugGuard(entity, slug));
    return guard ? Number(guard.id) : undefined;
  };

  async function assertNoCycle(id: number, parentId: number) {
    if (parentId === id) throw new ValidationError('A category cannot be its own parent');
    const all = new Map((await queryAll('CATEGORY')).map((item) => [Number(item.id), item.parentId as number | null]));
    if (!all.has(parentId)) throw new ValidationError(`Parent category ${parentId} does not exist`);
    const seen = new Set<number>();
    for (let cursor: number | null | undefined = parentId; cursor != null; cursor = all.get(cursor)) {
      if (cursor === id) throw new ValidationError('A category cannot be placed under its own descendant');
      if (seen.has(cursor)) break;
      seen.add(cursor);
    }
  }

  async function createCategory(raw: CategoryInput): Promise<Category> {
    const input = parseInput(categoryInputSchema, raw);
    const id = await allocateIds(ctx, 'category', 1);
    const item = { ...keys.category(id), type: 'category', id, ...compact(input), parentId: input.parentId ?? null };
    const actions: TransactItem[] = [
      { Put: { TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      guardPut(keys.slugGuard('category', input.slug), id),
    ];
    if (input.parentId) actions.push(mustExist(keys.category(input.parentId)));
    await transact(actions, (i) =>
      i === 1
        ? new ConflictError(`A category with slug "${input.slug}" already exists`)
        : new ValidationError(`Parent category ${input.parentId} does not exist`),
    );
    return toCategory(item);
  }

  async function updateCategory(id: number, raw: CategoryInput): Promise<Category> {
    assertId(id);
    const input = parseInput(categoryInputSchema, raw);
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const current = await get(keys.category(id));
      if (!current) throw new NotFoundError(`Category ${id} not found`);
      if (input.parentId) await assertNoCycle(id, input.parentId);
      const item = { ...keys.category(id), type: 'category', id, ...compact(input), parentId: input.parentId ?? null };
      const oldSlug = String(current.slug);
      const actions: TransactItem[] = [
        {
          Put: {
            TableName,
            Item: item,
            ConditionExpression: 'attribute_exists(pk) AND slug = :old',
            ExpressionAttributeValues: { ':old': oldSlug },
          },
        },
      ];
      const slugMoves = oldSlug !== input.slug;
      if (slugMoves) actions.push(guardDelete(keys.slugGuard('category', oldSlug), id), guardPut(keys.slugGuard('category', input.slug), id));
      if (input.parentId) actions.push(mustExist(keys.category(input.parentId)));
      const outcome = await transact(actions, (i) => {
        if (i === 0 || (slugMoves && i === 1)) return 'retry';
        if (slugMoves && i === 2) return new ConflictError(`A category with slug "${input.slug}" already exists`);
        return new ValidationError(`Parent category ${input.parentId} does not exist`);
      });
      if (outcome === 'ok') return toCategory(item);
    }
    throw new ConflictError(`Category ${id} was changed by someone else; try again`);
  }

  async function createManufacturer(raw: ManufacturerInput): Promise<Manufacturer> {
    const input = parseInput(manufacturerInputSchema, raw);
    const id = await allocateIds(ctx, 'manufacturer', 1);
    const item = { ...keys.manufacturer(id), type: 'manufacturer', id, ...compact(input) };
    await transact(
      [
        { Put: { TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        guardPut(keys.slugGuard('manufacturer', input.slug), id),
      ],
      () => new ConflictError(`A manufacturer with slug "${input.slug}" already exists`),
    );
    return toManufacturer(item);
  }

  async function updateManufacturer(id: number, raw: ManufacturerInput): Promise<Manufacturer> {
    assertId(id);
    const input = parseInput(manufacturerInputSchema, raw);
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const current = await get(keys.manufacturer(id));
      if (!current) throw new NotFoundError(`Manufacturer ${id} not found`);
      const item = { ...keys.manufacturer(id), type: 'manufacturer', id, ...compact(input) };
      const oldSlug = String(current.slug);
      const slugMoves = oldSlug !== input.slug;
      const actions: TransactItem[] = [
        {
          Put: {
            TableName,
            Item: item,
            ConditionExpression: 'attribute_exists(pk) AND slug = :old',
            ExpressionAttributeValues: { ':old': oldSlug },
          },
        },
      ];
      if (slugMoves) actions.push(guardDelete(keys.slugGuard('manufacturer', oldSlug), id), guardPut(keys.slugGuard('manufacturer', input.slug), id));
      const outcome = await transact(actions, (i) =>
        i === 2 ? new ConflictError(`A manufacturer with slug "${input.slug}" already exists`) : 'retry',
      );
      if (outcome === 'ok') return toManufacturer(item);
    }
    throw new ConflictError(`Manufacturer ${id} was changed by someone else; try again`);
  }

  // ---------- parts ----------

  const partNumberKey = (manufacturerId: number, partNumber: string) => {
    const normalized = normalizePartNumber(partNumber);
    if (!normalized) throw new ValidationError('partNumber: Part number must contain letters or digits');
    return normalized;
  };

  const toPart = (item: Record<string, unknown>): StoredPart => {
    const p = stripLayout<StoredPart>(item);
    return {
      id: p.id,
      name: p.name,
      slug: p.slug,
      partNumber: p.partNumber,
      ...(p.description ? { description: p.description } : {}),
      status: p.status,
      categoryId: p.categoryId,
      manufacturerId: p.manufacturerId,
      specifications: p.specifications ?? {},
      price: p.price ?? null,
      ...(p.image ? { image: p.image } : {}),
      version: p.version,
      specNumbers: p.specNumbers ?? {},
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    };
  };

  /** The whole part as one item, so a stream record carries everything the search indexer needs. */
  const partItem = (id: number, input: Omit<PartInput, 'slug'> & { slug: string }, version: number, createdAt: string, updatedAt: string) => ({
    ...keys.part(id),
    type: 'part',
    id,
    ...compact({
      name: input.name,
      slug: input.slug,
      partNumber: input.partNumber,
      description: input.description,
      status: input.status,
      categoryId: input.categoryId,
      manufacturerId: input.manufacturerId,
      image: input.image,
    }),
    partNumberNorm: normalizePartNumber(input.partNumber),
    specifications: input.specifications,
    specNumbers: parseSpecifications(input.specifications),
    price: input.price ?? null,
    version,
    createdAt,
    updatedAt,
  });

  const newPartActions = (item: ReturnType<typeof partItem>): TransactItem[] => [
    { Put: { TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
    guardPut(keys.slugGuard('part', item.slug), item.id),
    guardPut(keys.partNumberGuard(item.manufacturerId, item.partNumberNorm), item.id),
  ];

  async function createPart(raw: PartInput): Promise<StoredPart> {
    const input = parseInput(partInput, raw);
    partNumberKey(input.manufacturerId, input.partNumber);
    const id = await allocateIds(ctx, 'part', 1);
    const now = ctx.now().toISOString();
    const item = partItem(id, input, 1, now, now);
    await transact(
      [...newPartActions(item), mustExist(keys.category(input.categoryId)), mustExist(keys.manufacturer(input.manufacturerId))],
      (i) => explainPartFailure(i, input),
    );
    await addToCounter(ctx, PARTS_TOTAL_COUNTER, 1);
    return toPart(item);
  }

  function explainPartFailure(index: number, input: PartInput): Error {
    switch (index) {
      case 1:
        return new ConflictError(`A part with slug "${input.slug}" already exists`);
      case 2:
        return new ConflictError(`Part number "${input.partNumber}" already exists for this manufacturer`);
      case 3:
        return new ValidationError(`Category ${input.categoryId} does not exist`);
      case 4:
        return new ValidationError(`Manufacturer ${input.manufacturerId} does not exist`);
      default:
        return new ConflictError('The part could not be saved; try again');
    }
  }

  async function updatePart(id: number, raw: PartInput): Promise<StoredPart> {
    assertId(id);
    const input = parseInput(partInput, raw);
    const norm = partNumberKey(input.manufacturerId, input.partNumber);
    for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
      const current = await get(keys.part(id));
      if (!current) throw new NotFoundError(`Part ${id} not found`);
      const version = Number(current.version);
      const item = partItem(id, input, version + 1, String(current.createdAt), ctx.now().toISOString());
      const actions: TransactItem[] = [
        {
          Put: { TableName, Item: item, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } },
        },
      ];
      const roles: ('retry' | Error)[] = ['retry'];
      if (current.slug !== input.slug) {
        actions.push(guardDelete(keys.slugGuard('part', String(current.slug)), id), guardPut(keys.slugGuard('part', input.slug), id));
        roles.push('retry', new ConflictError(`A part with slug "${input.slug}" already exists`));
      }
      if (Number(current.manufacturerId) !== input.manufacturerId || current.partNumberNorm !== norm) {
        actions.push(
          guardDelete(keys.partNumberGuard(Number(current.manufacturerId), String(current.partNumberNorm)), id),
          guardPut(keys.partNumberGuard(input.manufacturerId, norm), id),
        );
        roles.push('retry', new ConflictError(`Part number "${input.partNumber}" already exists for this manufacturer`));
      }
      actions.push(mustExist(keys.category(input.categoryId)), mustExist(keys.manufacturer(input.manufacturerId)));
      roles.push(new ValidationError(`Category ${input.categoryId} does not exist`), new ValidationError(`Manufacturer ${input.manufacturerId} does not exist`));
      const outcome = await transact(actions, (i) => roles[i] ?? new ConflictError('The part could not be saved; try again'));
      if (outcome === 'ok') return toPart(item);
    }
    throw new ConflictError(`Part ${id} was changed by someone else; try again`);
  }

  async function getParts(ids: number[]): Promise<StoredPart[]> {
    if (!Array.isArray(ids)) throw new ValidationError('ids must be an array');
    ids.forEach((id) => assertId(id));
    const unique = [...new Set(ids)];
    const found = new Map<number, StoredPart>();
    for (const group of chunk(unique, 100)) {
      let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = {
        [TableName]: { Keys: group.map((id) => keys.part(id)), ConsistentRead: true },
      };
      for (let round = 0; request && Object.keys(request).length > 0; round++) {
        const res = await client.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of res.Responses?.[TableName] ?? []) found.set(Number(item.id), toPart(item));
        request = res.UnprocessedKeys as typeof request;
        if (request && Object.keys(request).length > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
      }
    }
    return unique.flatMap((id) => {
      const part = found.get(id);
      return part ? [part] : [];
    });
  }

  async function batchGetItems(itemKeys: { pk: string; sk: string }[]): Promise<Map<string, Record<string, unknown>>> {
    const out = new Map<string, Record<string, unknown>>();
    for (const group of chunk(itemKeys, 100)) {
      let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = {
        [TableName]: { Keys: group, ConsistentRead: true },
      };
      for (let round = 0; request && Object.keys(request).length > 0; round++) {
        const res = await client.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of res.Responses?.[TableName] ?? []) out.set(String(item.pk), item);
        request = res.UnprocessedKeys as typeof request;
        if (request && Object.keys(request).length > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
      }
    }
    return out;
  }

  async function upsertParts(rows: PartUpsert[]): Promise<BulkUpsertResult> {
    if (!Array.isArray(rows)) throw new ValidationError('rows must be an array');
    if (rows.length > 10_000) throw new ValidationError('At most 10000 rows per call');
    const result: BulkUpsertResult = { created: 0, updated: 0, unchanged: 0, failures: [], changedIds: [] };
    if (rows.length === 0) return result;

    const [categoryIds, manufacturerIds] = await Promise.all([
      queryAll('CATEGORY').then((items) => new Set(items.map((i) => Number(i.id)))),
      queryAll('MANUFACTURER').then((items) => new Set(items.map((i) => Number(i.id)))),
    ]);

    type Valid = { index: number; input: z.infer<typeof partUpsertSchema>; norm: string; guardPk: string };
    const valid: Valid[] = [];
    const firstRowByKey = new Map<string, number>();
    rows.forEach((row, index) => {
      const parsed = partUpsertSchema.safeParse(row);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        result.failures.push({ index, error: issue ? `${issue.path.join('.') || 'row'}: ${issue.message}` : 'Invalid row' });
        return;
      }
      const input = parsed.data;
      const norm = normalizePartNumber(input.partNumber);
      if (!norm) return void result.failures.push({ index, error: 'partNumber: Part number must contain letters or digits' });
      if (!categoryIds.has(input.categoryId)) return void result.failures.push({ index, error: `Category ${input.categoryId} does not exist` });
      if (!manufacturerIds.has(input.manufacturerId))
        return void result.failures.push({ index, error: `Manufacturer ${input.manufacturerId} does not exist` });
      const guardPk = keys.partNumberGuard(input.manufacturerId, norm).pk;
      const earlier = firstRowByKey.get(guardPk);
      if (earlier !== undefined) return void result.failures.push({ index, error: `Duplicate of row ${earlier} in this batch` });
      firstRowByKey.set(guardPk, index);
      valid.push({ index, input, norm, guardPk });
    });

    const guards = await batchGetItems(valid.map((v) => keys.partNumberGuard(v.input.manufacturerId, v.norm)));
    const existingIds = valid.flatMap((v) => (guards.has(v.guardPk) ? [Number(guards.get(v.guardPk)!.id)] : []));
    const existingParts = new Map((await getParts(existingIds)).map((p) => [p.id, p]));

    const toUpdate: { v: Valid; current: StoredPart }[] = [];
    const toCreate: Valid[] = [];
    for (const v of valid) {
      const guard = guards.get(v.guardPk);
      const current = guard ? existingParts.get(Number(guard.id)) : undefined;
      if (!current) toCreate.push(v);
      else if (samePart(current, v.input)) result.unchanged++;
      else toUpdate.push({ v, current });
    }

    const now = ctx.now().toISOString();
    await mapLimit(toUpdate, WRITE_CONCURRENCY, async ({ v, current }) => {
      const item = partItem(current.id, { ...v.input, slug: current.slug }, current.version + 1, current.createdAt, now);
      try {
        await client.send(
          new PutCommand({
            TableName,
            Item: item,
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': current.version },
          }),
        );
        result.updated++;
        result.changedIds.push(current.id);
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
        result.failures.push({ index: v.index, error: 'The part was changed at the same time; import the row again' });
      }
    });

    if (toCreate.length > 0) {
      const firstId = await allocateIds(ctx, 'part', toCreate.length);
      const slugsInBatch = new Set<string>();
      const items = toCreate.map((v, i) => {
        const id = firstId + i;
        let slug = v.input.slug ?? derivedSlug(v.input.name, v.input.partNumber, id);
        if (slugsInBatch.has(slug)) slug = withIdSuffix(slug, id);
        slugsInBatch.add(slug);
        return { v, item: partItem(id, { ...v.input, slug }, 1, now, now) };
      });
      let created = 0;
      await mapLimit(chunk(items, PARTS_PER_TRANSACTION), WRITE_CONCURRENCY, async (group) => {
        const outcome = await transact(group.flatMap(({ item }) => newPartActions(item)), () => 'retry');
        if (outcome === 'ok') {
          created += group.length;
          for (const { item } of group) result.changedIds.push(item.id);
          return;
        }
        // One row of the group hit a guard: write them one by one so the rest still land.
        for (const { v, item } of group) {
          const written = await createOneForUpsert(item, v.input.slug === undefined);
          if (written.ok) {
            created++;
            result.changedIds.push(item.id);
          } else result.failures.push({ index: v.index, error: written.error });
        }
      });
      result.created = created;
      await addToCounter(ctx, PARTS_TOTAL_COUNTER, created);
    }
    result.failures.sort((a, b) => a.index - b.index);
    return result;
  }

  /** A new part from a bulk upsert; a derived slug that is taken gets the id appended. */
  async function createOneForUpsert(item: ReturnType<typeof partItem>, slugIsDerived: boolean): Promise<{ ok: true } | { ok: false; error: string }> {
    let candidate = item;
    for (let attempt = 1; attempt <= 2; attempt++) {
      let failed: number | undefined;
      const outcome = await transact(newPartActions(candidate), (i) => {
        failed = i;
        return 'retry';
      });
      if (outcome === 'ok') return { ok: true };
      if (failed === 2) return { ok: false, error: `Part number "${item.partNumber}" already exists for this manufacturer` };
      if (failed === 1 && slugIsDerived && attempt === 1) {
        candidate = { ...candidate, slug: withIdSuffix(candidate.slug, candidate.id) };
        continue;
      }
      return { ok: false, error: `A part with slug "${candidate.slug}" already exists` };
    }
    return { ok: false, error: 'The part could not be saved' };
  }

  async function scanParts(cursor?: string, limit = 500): Promise<Page<StoredPart>> {
    const parsedLimit = scanLimitSchema.safeParse(limit);
    if (!parsedLimit.success) throw new ValidationError('limit must be an integer from 1 to 1000');
    let ExclusiveStartKey = decodeCursor(cursor);
    const items: StoredPart[] = [];
    do {
      const res = await client.send(
        new ScanCommand({
          TableName,
          FilterExpression: '#t = :part',
          ExpressionAttributeNames: { '#t': 'type' },
          ExpressionAttributeValues: { ':part': 'part' },
          Limit: parsedLimit.data - items.length,
          ExclusiveStartKey,
        }),
      );
      items.push(...(res.Items ?? []).map(toPart));
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey && items.length < parsedLimit.data);
    const next = encodeCursor(ExclusiveStartKey);
    return next ? { items, cursor: next } : { items };
  }

  return {
    listCategories: async () => (await queryAll('CATEGORY')).map(toCategory),
    getCategory: async (id) => {
      assertId(id);
      const item = await get(keys.category(id));
      return item ? toCategory(item) : undefined;
    },
    getCategoryBySlug: async (slug) => {
      const id = await bySlug('category', slug);
      const item = id ? await get(keys.category(id)) : undefined;
      return item ? toCategory(item) : undefined;
    },
    createCategory,
    updateCategory,

    listManufacturers: async () => (await queryAll('MANUFACTURER')).map(toManufacturer),
    getManufacturer: async (id) => {
      assertId(id);
      const item = await get(keys.manufacturer(id));
      return item ? toManufacturer(item) : undefined;
    },
    getManufacturerBySlug: async (slug) => {
      const id = await bySlug('manufacturer', slug);
      const item = id ? await get(keys.manufacturer(id)) : undefined;
      return item ? toManufacturer(item) : undefined;
    },
    createManufacturer,
    updateManufacturer,

    getPart: async (id) => {
      assertId(id);
      const item = await get(keys.part(id));
      return item ? toPart(item) : undefined;
    },
    getPartBySlug: async (slug) => {
      const id = await bySlug('part', slug);
      const item = id ? await get(keys.part(id)) : undefined;
      return item ? toPart(item) : undefined;
    },
    getParts,
    createPart,
    updatePart,
    upsertParts,
    scanParts,
    countParts: async () => Number((await get(keys.counter(PARTS_TOTAL_COUNTER)))?.value ?? 0),
    countCategories: () => countAll('CATEGORY'),
    countManufacturers: () => countAll('MANUFACTURER'),
    ping: async () => {
      await client.send(new GetCommand({ TableName, Key: keys.counter('ping') }));
    },
  };

  function samePart(current: StoredPart, input: z.infer<typeof partUpsertSchema>): boolean {
    return (
      current.name === input.name &&
      current.partNumber === input.partNumber &&
      (current.description ?? undefined) === input.description &&
      current.status === input.status &&
      current.categoryId === input.categoryId &&
      current.manufacturerId === input.manufacturerId &&
      (current.price ?? null) === (input.price ?? null) &&
      (current.image ?? undefined) === input.image &&
      sameRecord(current.specifications, input.specifications)
    );
  }
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** Drops undefined values: DynamoDB rejects them and absent is what they mean. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function derivedSlug(name: string, partNumber: string, id: number): string {
  const slug = slugify(`${name} ${partNumber}`).replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 180).replace(/-$/, '');
  return slug || `part-${id}`;
}

function withIdSuffix(slug: string, id: number): string {
  return `${slug.slice(0, 180)}-${id}`;
}
