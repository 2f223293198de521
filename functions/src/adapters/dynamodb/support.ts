import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { DomainError, UnavailableError, ValidationError } from '../../domain/errors';
import { mapLimit } from '../../lib/map-limit';
import { keys, type SlugEntity } from './keys';

export interface TableContext {
  client: DynamoDBDocumentClient;
  tableName: string;
  now: () => Date;
}

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

/** Re-reads after a concurrent writer changed the same item before giving up with 409. */
export const OPTIMISTIC_ATTEMPTS = 4;

export async function getItem(ctx: TableContext, key: Key): Promise<Item | undefined> {
  return (await ctx.client.send(new GetCommand({ TableName: ctx.tableName, Key: key, ConsistentRead: true }))).Item;
}

/** Every item of one partition, page by page. */
export async function queryPartition(ctx: TableContext, pk: string): Promise<Item[]> {
  const items: Item[] = [];
  let ExclusiveStartKey: Item | undefined;
  do {
    const res = await ctx.client.send(
      new QueryCommand({
        TableName: ctx.tableName,
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
}

/** BatchGetItem / BatchWriteItem requests of one call in flight at once (bounded so a big call cannot flood the table). */
export const BATCH_CONCURRENCY = 4;

/**
 * Reads many items by key (100 per BatchGetItem, a few requests in flight, unprocessed keys retried
 * with backoff); answers the found items by their `pk`.
 */
export async function batchGetItems(ctx: TableContext, itemKeys: Key[], attributes?: string[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  // Only these attributes travel back (the key attribute pk always does: results are keyed by it).
  const projection = attributes
    ? {
        ProjectionExpression: ['pk', ...attributes].map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(['pk', ...attributes].map((a, i) => [`#a${i}`, a])),
      }
    : {};
  await mapLimit(chunk(itemKeys, 100), BATCH_CONCURRENCY, async (group) => {
    type Request = Record<string, { Keys: Item[]; ConsistentRead?: boolean; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }>;
    let request: Request | undefined = {
      [ctx.tableName]: { Keys: group, ConsistentRead: true, ...projection },
    };
    for (let round = 0; request && Object.keys(request).length > 0; round++) {
      const res = await ctx.client.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of res.Responses?.[ctx.tableName] ?? []) found.set(String(item.pk), item);
      request = res.UnprocessedKeys as Request | undefined;
      if (request && Object.keys(request).length > 0) await backoff(round);
    }
  });
  return found;
}

/**
 * Writes many items without conditions (25 per BatchWriteItem, a few requests in flight, unprocessed
 * items retried with backoff). Only for items nobody else can be writing: callers claim uniqueness
 * first (guard items in a transaction), then batch the rest.
 */
export async function batchPutItems(ctx: TableContext, items: (Key & Item)[], concurrency = BATCH_CONCURRENCY): Promise<void> {
  await mapLimit(chunk(items, 25), concurrency, async (group) => {
    type Request = Record<string, { PutRequest: { Item: Item } }[]>;
    let request: Request | undefined = { [ctx.tableName]: group.map((Item) => ({ PutRequest: { Item } })) };
    for (let round = 0; request && Object.keys(request).length > 0; round++) {
      const res = await ctx.client.send(new BatchWriteCommand({ RequestItems: request }));
      request = res.UnprocessedItems as Request | undefined;
      if (request && Object.keys(request).length > 0) await backoff(round);
    }
  });
}

const backoff = (round: number) => new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));

/** Drops undefined values: DynamoDB rejects them and absent is what they mean. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Repository input is parsed like request input: one zod-to-ValidationError function for both. */
export { parseOrThrow as parseInput } from '../../domain/validation';

export function assertId(id: unknown, what = 'id'): asserts id is number {
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new ValidationError(`${what} must be a positive integer`);
  }
}

/** Lookups by a caller-supplied string: anything not a short string is bad input, not a miss. */
export function assertLookupText(value: unknown, what: string, max = 200): asserts value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new ValidationError(`${what} must be a string of 1 to ${max} characters`);
  }
}

/** The id of the entity holding `slug`, from its slug guard item. */
export async function idBySlug(ctx: TableContext, entity: SlugEntity, slug: unknown): Promise<number | undefined> {
  assertLookupText(slug, 'slug');
  const guard = await getItem(ctx, keys.slugGuard(entity, slug));
  return guard ? Number(guard.id) : undefined;
}

/** Takes `count` consecutive ids from an atomic counter and returns the first one. */
export async function allocateIds(ctx: TableContext, counter: string, count: number): Promise<number> {
  const res = await ctx.client.send(
    new UpdateCommand({
      TableName: ctx.tableName,
      Key: keys.counter(counter),
      UpdateExpression: 'ADD #v :n',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':n': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(res.Attributes?.value);
  return last - count + 1;
}

/** Reason codes per transaction item, or undefined when the error is not a cancelled transaction. */
export function cancellationCodes(err: unknown): (string | undefined)[] | undefined {
  if (!(err instanceof TransactionCanceledException)) return undefined;
  if (err.CancellationReasons) return err.CancellationReasons.map((r) => r.Code);
  // Some engines put the reasons only in the message: "... [ConditionalCheckFailed, None]".
  const list = /\[([^\]]*)\]/.exec(err.message)?.[1];
  return list ? list.split(',').map((s) => s.trim()) : [];
}

export function isTransactionConflict(err: unknown): boolean {
  const codes = cancellationCodes(err);
  return codes !== undefined && codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

export function isConditionFailed(err: unknown): boolean {
  return err instanceof Error && err.name === 'ConditionalCheckFailedException';
}

/** A server-side failure whose outcome is unknown (DynamoDB Local also uses it for lock timeouts under load). */
export function isTransientServerError(err: unknown): boolean {
  const name = err instanceof Error ? err.name : '';
  return name === 'InternalServerError' || name === 'TransactionInProgressException' || name === 'ThrottlingException';
}

/**
 * Runs a transaction, retrying with jittered backoff when it collided with a concurrent one (it did
 * not apply: fresh token) or failed on the server side (outcome unknown: the same token, so a
 * replay of one that did apply is a no-op). Failed conditions are never retried here.
 */
export async function withConflictRetry<T>(fn: (clientRequestToken: string) => Promise<T>, attempts = 8): Promise<T> {
  let token = randomUUID();
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn(token);
    } catch (err) {
      const conflict = isTransactionConflict(err);
      if (attempt >= attempts || !(conflict || isTransientServerError(err))) throw err;
      if (conflict) token = randomUUID();
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(25 * 2 ** attempt, 2000)));
    }
  }
}

/** Turns anything an adapter call throws into a DomainError: callers never see raw SDK errors. */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'ValidationException') {
    if (/size/i.test(message)) return new ValidationError('The item is too large to store');
    return new ValidationError(`Invalid request: ${message}`);
  }
  if (name === 'ResourceNotFoundException') return new UnavailableError('The catalogue table does not exist');
  return new UnavailableError(`The database could not be reached (${name || 'error'})`);
}

/** Wraps every method of a repository so failures always leave as DomainErrors. */
export function guardErrors<T extends object>(repo: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(repo)) {
    wrapped[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (value as (...a: unknown[]) => Promise<unknown>).apply(repo, args);
            } catch (err) {
              throw toDomainError(err);
            }
          }
        : value;
  }
  return wrapped as T;
}

/** Base64url cursor for LastEvaluatedKey; a cursor that does not decode is bad input. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

export function decodeCursor(cursor: unknown): Record<string, unknown> | undefined {
  if (cursor === undefined) return undefined;
  if (typeof cursor !== 'string' || cursor.length > 2000) throw new ValidationError('Invalid cursor');
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    const entries = Object.entries(value);
    if (entries.length === 0 || entries.some(([, v]) => typeof v !== 'string')) throw new Error('bad key');
    return value as Record<string, unknown>;
  } catch {
    throw new ValidationError('Invalid cursor');
  }
}

export { mapLimit };

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Counts the items of one partition. */
export function countPartition(ctx: TableContext, pk: string): Promise<number> {
  return countQuery(ctx.client, { TableName: ctx.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
}

/** Counts the items a key condition matches, page by page (COUNT queries are capped at 1 MB a page). */
export async function countQuery(client: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'Select' | 'ExclusiveStartKey'>): Promise<number> {
  let total = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const res = await client.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey }));
    total += res.Count ?? 0;
    ExclusiveStartKey = res.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return total;
}
