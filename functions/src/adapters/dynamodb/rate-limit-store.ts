import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TooManyRequestsError } from '../../domain/errors';
import type { RateLimitStore } from '../../ports/rate-limit-store';
import { keys } from './keys';
import { isConditionFailed, type TableContext } from './support';

const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * Counters as items with `expiresAt` (the table's TTL attribute). DynamoDB deletes expired items only
 * eventually (up to days later), so every read here also treats an item past `expiresAt` as gone.
 */
export function createRateLimitStore(ctx: TableContext): RateLimitStore {
  const { client, tableName: TableName } = ctx;
  return {
    async addToWindow(key, windowStart, windowMs, delta = 1) {
      // The window is part of the key: a new window is a new item, whatever TTL has not yet deleted.
      const res = await client.send(
        new UpdateCommand({
          TableName,
          Key: keys.rateLimit(`${key}#${windowStart}`),
          UpdateExpression: 'ADD #n :d SET expiresAt = if_not_exists(expiresAt, :exp), #t = :t',
          ExpressionAttributeNames: { '#n': 'count', '#t': 'type' },
          ExpressionAttributeValues: { ':d': delta, ':exp': seconds(windowStart + windowMs), ':t': 'rate-limit' },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(res.Attributes?.count ?? 0);
    },

    async addToStreak(key, now, idleMs) {
      const Key = keys.rateLimit(key);
      const expiresAt = seconds(now + idleMs);
      for (let attempt = 0; attempt < 4; attempt++) {
        try {
          const res = await client.send(
            new UpdateCommand({
              TableName,
              Key,
              UpdateExpression: 'ADD #n :one SET since = if_not_exists(since, :now), expiresAt = :exp, #t = :t',
              ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :nowSec',
              ExpressionAttributeNames: { '#n': 'count', '#t': 'type' },
              ExpressionAttributeValues: { ':one': 1, ':now': now, ':exp': expiresAt, ':nowSec': Math.floor(now / 1000), ':t': 'rate-limit' },
              ReturnValues: 'ALL_NEW',
            }),
          );
          return { count: Number(res.Attributes?.count), since: Number(res.Attributes?.since) };
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
        // The streak expired but TTL has not removed it yet: start a new one, unless a concurrent caller just did.
        try {
          await client.send(
            new PutCommand({
              TableName,
              Item: { ...Key, type: 'rate-limit', count: 1, since: now, expiresAt },
              ConditionExpression: 'expiresAt <= :nowSec',
              ExpressionAttributeValues: { ':nowSec': Math.floor(now / 1000) },
            }),
          );
          return { count: 1, since: now };
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
      }
      throw new TooManyRequestsError('Too many attempts at once; try again', 1);
    },

    async clearStreak(key) {
      await client.send(new DeleteCommand({ TableName, Key: keys.rateLimit(key) }));
    },
  };
}
