import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DemandKind, DemandStatus } from '@parts/shared/schemas';
import { NotFoundError, ValidationError } from '../../../domain/errors';
import { isConditionFailed, type TableContext } from '../../../adapters/dynamodb/support';
import { mapLimit } from '../../../lib/map-limit';
import { daysBetween, monthsBetween, RANK_WINDOWS } from '../demand-rules';
import type { DemandRepository, RankWindow, StatsIncrement } from '../ports/demand';
import { applyBatch } from './demand-writes';
import { dayAttr, demandKeys, rankPk, rankSkPrefix, statusPk, toRankedTerm, toStoredTerm } from './demand-items';

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;
/** BatchGetItem calls in flight at once on a read (a year of 100 terms is 13 calls). */
const READ_CONCURRENCY = 8;

/** Many items by full key (100 per BatchGetItem, unprocessed keys retried), keyed `pk|sk`. */
async function batchGet(ctx: TableContext, keys: Key[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  const groups: Key[][] = [];
  for (let i = 0; i < keys.length; i += 100) groups.push(keys.slice(i, i + 100));
  await mapLimit(groups, READ_CONCURRENCY, async (group) => {
    let request: Record<string, { Keys: Item[] }> | undefined = { [ctx.tableName]: { Keys: group } };
    for (let round = 0; request && Object.keys(request).length > 0; round++) {
      const res = await ctx.client.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of res.Responses?.[ctx.tableName] ?? []) found.set(`${String(item.pk)}|${String(item.sk)}`, item);
      request = res.UnprocessedKeys as typeof request;
      if (request && Object.keys(request).length > 0) await new Promise((r) => setTimeout(r, Math.min(50 * 2 ** round, 1000)));
    }
  });
  return found;
}

const encodeStart = (key: Item | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined);
function decodeStart(cursor: string | undefined): Item | undefined {
  if (!cursor) return undefined;
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Item;
  } catch {
    throw new ValidationError('cursor is not valid');
  }
}

/** Each day of the period with its month's item (its counters are that item's attributes for the day). */
function daysOf(items: Map<string, Item>, pkOf: () => string, from: string, to: string): Map<string, Item | undefined> {
  const out = new Map<string, Item | undefined>();
  for (const day of daysBetween(from, to)) out.set(day, items.get(`${pkOf()}|M#${day.slice(0, 7)}`));
  return out;
}

/** The demand items of the one table (ADR 129): writes in demand-writes.ts, reads here. */
export function createDemandRepository(ctx: TableContext): DemandRepository {
  const { client, tableName: TableName } = ctx;
  const num = (item: Item | undefined, attr: string) => Number(item?.[attr] ?? 0);
  /** The same change on each of a term's ranking items that exists (ADR 138): its status, its part. */
  const updateRanks = (kind: DemandKind, key: string, change: (window: RankWindow) => Omit<UpdateCommandInput, 'TableName' | 'Key'>) =>
    Promise.all(
      RANK_WINDOWS.map(async (window) => {
        const command = new UpdateCommand({
          TableName,
          Key: demandKeys.rank(kind, key, window),
          ConditionExpression: 'attribute_exists(pk)',
          ...change(window),
        });
        // A flush writing the items in a transaction at this moment refuses the update: asked again, it follows it.
        for (let attempt = 1; ; attempt++) {
          try {
            return void (await client.send(command));
          } catch (err) {
            if (isConditionFailed(err)) return;
            if (!(err instanceof Error && err.name === 'TransactionConflictException') || attempt === 3) throw err;
            await new Promise((r) => setTimeout(r, 20 * attempt));
          }
        }
      }),
    );
  return {
    apply: (batch) => applyBatch(ctx, batch),
    async termsByCount(kind, status, window, bucket, limit, cursor) {
      const [index, pkName, skName, pk] =
        status === 'all' ? ['gsi1', 'gsi1pk', 'gsi1sk', rankPk(kind, window)] : ['gsi2', 'gsi2pk', 'gsi2sk', statusPk(kind, status, window)];
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: index,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :bucket)',
          ExpressionAttributeNames: { '#pk': pkName, '#sk': skName },
          // The terms last written in the bucket (ADR 147).
          ExpressionAttributeValues: { ':pk': pk, ':bucket': rankSkPrefix(bucket) },
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: decodeStart(cursor),
        }),
      );
      return { terms: (res.Items ?? []).map(toRankedTerm), cursor: encodeStart(res.LastEvaluatedKey) };
    },
    async getTerm(kind, key) {
      const res = await client.send(new GetCommand({ TableName, Key: demandKeys.term(kind, key), ConsistentRead: true }));
      return res.Item ? toStoredTerm(res.Item) : undefined;
    },
    async getTerms(kind, keys) {
      const items = await batchGet(
        ctx,
        [...new Set(keys)].map((k) => demandKeys.term(kind, k)),
      );
      return [...items.values()].map(toStoredTerm);
    },
    async setStatus(kind: DemandKind, key: string, status: DemandStatus, by: string, at: string) {
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: demandKeys.term(kind, key),
            UpdateExpression: 'SET #status = :status, statusBy = :by, statusAt = :at',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': status, ':by': by, ':at': at },
            ReturnValues: 'ALL_NEW',
          }),
        );
        await updateRanks(kind, key, (window) => ({
          UpdateExpression: 'SET #status = :status, statusBy = :by, statusAt = :at, gsi2pk = :g2',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':by': by, ':at': at, ':g2': statusPk(kind, status, window) },
        }));
        return toStoredTerm(res.Attributes ?? {});
      } catch (err) {
        if (isConditionFailed(err)) throw new NotFoundError('No demand for this key');
        throw err;
      }
    },
    async linkPart(key, partId) {
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: demandKeys.term('missing', key),
            UpdateExpression: 'SET partId = :p',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(partId)',
            ExpressionAttributeValues: { ':p': partId },
            ReturnValues: 'ALL_NEW',
          }),
        );
        await updateRanks('missing', key, () => ({ UpdateExpression: 'SET partId = :p', ExpressionAttributeValues: { ':p': partId } }));
        return toStoredTerm(res.Attributes ?? {});
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
        const res = await client.send(new GetCommand({ TableName, Key: demandKeys.term('missing', key), ConsistentRead: true }));
        return res.Item ? toStoredTerm(res.Item) : undefined;
      }
    },
    async stats(from, to) {
      const items = await batchGet(
        ctx,
        monthsBetween(from, to).map((m) => demandKeys.stats(m)),
      );
      return [...daysOf(items, () => 'DEMAND#stats', from, to)].map(([day, item]): StatsIncrement => {
        const impressions = new Map<number, number>();
        const clicks = new Map<number, number>();
        for (let p = 1; p <= 10; p++) {
          impressions.set(p, num(item, `${dayAttr(day, 'i')}p${p}`));
          clicks.set(p, num(item, `${dayAttr(day, 'c')}p${p}`));
        }
        return { day, searches: num(item, dayAttr(day, 's')), zeroResults: num(item, dayAttr(day, 'z')), impressions, clicks };
      });
    },
    async partCounts(partId, from, to) {
      const items = await batchGet(
        ctx,
        monthsBetween(from, to).map((m) => demandKeys.part(partId, m)),
      );
      return [...daysOf(items, () => `DEMAND#part#${partId}`, from, to)].map(([day, item]) => ({
        day,
        views: num(item, dayAttr(day, 'v')),
        requested: num(item, dayAttr(day, 'r')),
      }));
    },
  };
}
