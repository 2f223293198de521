import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HELD_MAIL_DAYS, type OutboxMail, type OutboxRepository, type StoredOutboxMail } from '../ports/outbox';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import { cancellationCodes, isConditionFailed, mapLimit, type TableContext } from '../../../adapters/dynamodb/support';

/** The outbox's queue: gsi1pk = 'OUTBOX', gsi1sk = '<due ISO>#<id>'; a sent or abandoned mail leaves the index. */
export const OUTBOX_QUEUE = 'OUTBOX';
const queueKey = (dueAt: string, id: string) => `${dueAt}#${id}`;

/** The item of a new outbox mail, due at once; also written inside other transactions. */
export function outboxItem(mail: OutboxMail, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  return {
    ...keys.outbox(mail.id),
    type: 'outbox',
    gsi1pk: OUTBOX_QUEUE,
    gsi1sk: queueKey(at, mail.id),
    ...mail,
    createdAt: at,
    dueAt: at,
    attempts: 0,
  };
}

/** The TTL of a mail held at `at` (epoch seconds, the table's `expiresAt`). */
const heldExpiry = (at: Date) => Math.floor(at.getTime() / 1000) + HELD_MAIL_DAYS * 24 * 3600;

const toMail = (item: Record<string, unknown>): StoredOutboxMail => stripLayout<StoredOutboxMail>(item);

/** The mails held for an account: the pointers in its partition, read consistently. */
async function heldPointers({ client, tableName: TableName }: TableContext, username: string): Promise<{ id: string; expiresAt: number | undefined }[]> {
  const pk = keys.heldMail(username, '').pk;
  const held: { id: string; expiresAt: number | undefined }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :held)',
        ExpressionAttributeValues: { ':pk': pk, ':held': 'HELDMAIL#' },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    held.push(...(page.Items ?? []).map((i) => ({ id: String(i.mailId), expiresAt: typeof i.expiresAt === 'number' ? i.expiresAt : undefined })));
    start = page.LastEvaluatedKey;
  } while (start);
  return held;
}

export function createOutboxRepository(ctx: TableContext): OutboxRepository {
  const { client, tableName: TableName } = ctx;
  return {
    async enqueue(mails) {
      await mapLimit(mails, 4, (mail) =>
        client.send(new PutCommand({ TableName, Item: outboxItem(mail, ctx.now()), ConditionExpression: 'attribute_not_exists(pk)' })),
      );
    },

    async listDue(now, limit) {
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :q AND gsi1sk <= :now',
          ExpressionAttributeValues: { ':q': OUTBOX_QUEUE, ':now': `${now.toISOString()}#~` },
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map(toMail);
    },

    async get(id) {
      const res = await client.send(new GetCommand({ TableName, Key: keys.outbox(id), ConsistentRead: true }));
      return res.Item ? toMail(res.Item) : undefined;
    },

    async claim(id, now, leaseUntil) {
      const lease = leaseUntil.toISOString();
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.outbox(id),
            UpdateExpression: 'SET gsi1sk = :sk, dueAt = :lease ADD attempts :one',
            // Due now and still queued: a second worker's claim of the same attempt fails here.
            ConditionExpression: 'attribute_exists(gsi1pk) AND dueAt <= :now',
            ExpressionAttributeValues: { ':sk': queueKey(lease, id), ':lease': lease, ':one': 1, ':now': now.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return res.Attributes ? toMail(res.Attributes) : undefined;
      } catch (err) {
        if (isConditionFailed(err)) return undefined;
        throw err;
      }
    },

    async markSent(id, at) {
      await client.send(
        new UpdateCommand({
          TableName,
          Key: keys.outbox(id),
          UpdateExpression: 'SET sentAt = :at REMOVE gsi1pk, gsi1sk, dueAt, lastError',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': at.toISOString() },
        }),
      );
    },

    async markFailed(id, error, retryAt, at) {
      const values: Record<string, unknown> = { ':e': error.slice(0, 1000) };
      let update: string;
      if (retryAt) {
        values[':due'] = retryAt.toISOString();
        values[':sk'] = queueKey(retryAt.toISOString(), id);
        update = 'SET lastError = :e, dueAt = :due, gsi1sk = :sk';
      } else {
        values[':at'] = at.toISOString();
        update = 'SET lastError = :e, failedAt = :at REMOVE gsi1pk, gsi1sk, dueAt';
      }
      await client.send(
        new UpdateCommand({
          TableName,
          Key: keys.outbox(id),
          UpdateExpression: update,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: values,
        }),
      );
    },

    // The outbox item leaves the queue and a pointer goes into the account's partition, in one transaction, so
    // a release (which reads that partition consistently) sees every hold written before it.
    async hold(id, username, at) {
      const expiresAt = heldExpiry(at);
      await client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName,
                Key: keys.outbox(id),
                UpdateExpression: 'SET heldAt = :at, expiresAt = :exp REMOVE gsi1pk, gsi1sk, dueAt ADD attempts :minus',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':at': at.toISOString(), ':exp': expiresAt, ':minus': -1 },
              },
            },
            { Put: { TableName, Item: { ...keys.heldMail(username, id), type: 'held-mail', mailId: id, heldAt: at.toISOString(), expiresAt } } },
          ],
        }),
      );
    },

    async releaseHeld(username, now) {
      const held = await heldPointers(ctx, username);
      const released: string[] = [];
      const at = now.toISOString();
      const nowSeconds = Math.floor(now.getTime() / 1000);
      await mapLimit(held, 4, async ({ id, expiresAt }) => {
        // DynamoDB deletes expired items only eventually: one past its expiry is gone already, for us.
        if (expiresAt !== undefined && expiresAt <= nowSeconds) {
          await client.send(new DeleteCommand({ TableName, Key: keys.heldMail(username, id) }));
          return;
        }
        try {
          await client.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName,
                    Key: keys.outbox(id),
                    UpdateExpression: 'SET gsi1pk = :q, gsi1sk = :sk, dueAt = :at REMOVE heldAt, expiresAt',
                    ConditionExpression: 'attribute_exists(heldAt) AND (attribute_not_exists(expiresAt) OR expiresAt > :nowSec)',
                    ExpressionAttributeValues: { ':q': OUTBOX_QUEUE, ':sk': queueKey(at, id), ':at': at, ':nowSec': nowSeconds },
                  },
                },
                { Delete: { TableName, Key: keys.heldMail(username, id) } },
              ],
            }),
          );
          released.push(id);
        } catch (err) {
          // Released meanwhile by another caller (or the mail is gone): only the pointer is left to remove.
          if (!cancellationCodes(err)?.includes('ConditionalCheckFailed')) throw err;
          await client.send(new DeleteCommand({ TableName, Key: keys.heldMail(username, id) }));
        }
      });
      return released;
    },
  };
}
