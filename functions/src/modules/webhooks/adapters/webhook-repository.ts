import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { WebhookDelivery, WebhookEndpoint } from '@parts/shared/schemas';
import { NotFoundError } from '../../../domain/errors';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import { isConditionFailed, mapLimit, type TableContext } from '../../../adapters/dynamodb/support';
import type { NewWebhookDelivery, StoredWebhookDelivery, WebhookRepository } from '../ports/webhooks';

/** The delivery queue (gsi1) and the delivery log (gsi2, newest first), ADR 123. */
export const WEBHOOK_QUEUE = 'WEBHOOK_OUTBOX';
const WEBHOOK_LOG = 'WEBHOOK_LOG';
const queueKey = (dueAt: string, id: string) => `${dueAt}#${id}`;

/** The item of a new delivery, due at once; also written inside other transactions. */
export function webhookDeliveryItem(delivery: NewWebhookDelivery, now: Date): Record<string, unknown> {
  const at = now.toISOString();
  return {
    ...keys.webhookDelivery(delivery.id),
    type: 'webhook-delivery',
    gsi1pk: WEBHOOK_QUEUE,
    gsi1sk: queueKey(at, delivery.id),
    gsi2pk: WEBHOOK_LOG,
    gsi2sk: `${at}#${delivery.id}`,
    ...delivery,
    state: 'pending',
    attempts: 0,
    createdAt: at,
    dueAt: at,
  };
}

const toDelivery = (item: Record<string, unknown>): StoredWebhookDelivery => stripLayout<StoredWebhookDelivery>(item);

export function createWebhookRepository(ctx: TableContext): WebhookRepository {
  const { client, tableName: TableName } = ctx;
  const update = (id: string, expression: string, values: Record<string, unknown>, condition = 'attribute_exists(pk)') =>
    client.send(
      new UpdateCommand({
        TableName,
        Key: keys.webhookDelivery(id),
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        // `state` is a DynamoDB reserved word.
        ...(expression.includes('#state') ? { ExpressionAttributeNames: { '#state': 'state' } } : {}),
      }),
    );
  return {
    async listEndpoints() {
      const res = await client.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :e)',
          ExpressionAttributeValues: { ':pk': keys.webhookEndpoint('').pk, ':e': 'ENDPOINT#' },
          ConsistentRead: true,
        }),
      );
      return (res.Items ?? []).map((i) => stripLayout<WebhookEndpoint>(i)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },
    async getEndpoint(id) {
      const res = await client.send(new GetCommand({ TableName, Key: keys.webhookEndpoint(id), ConsistentRead: true }));
      return res.Item ? stripLayout<WebhookEndpoint>(res.Item) : undefined;
    },
    async putEndpoint(endpoint) {
      await client.send(new PutCommand({ TableName, Item: { ...keys.webhookEndpoint(endpoint.id), type: 'webhook-endpoint', ...endpoint } }));
    },
    async deleteEndpoint(id) {
      try {
        await client.send(new DeleteCommand({ TableName, Key: keys.webhookEndpoint(id), ConditionExpression: 'attribute_exists(pk)' }));
      } catch (err) {
        if (isConditionFailed(err)) throw new NotFoundError('Webhook endpoint not found');
        throw err;
      }
    },
    async enqueue(deliveries) {
      await mapLimit(deliveries, 4, async (d) => {
        try {
          await client.send(new PutCommand({ TableName, Item: webhookDeliveryItem(d, ctx.now()), ConditionExpression: 'attribute_not_exists(pk)' }));
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
      });
    },
    async listDue(now, limit) {
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :q AND gsi1sk <= :now',
          ExpressionAttributeValues: { ':q': WEBHOOK_QUEUE, ':now': `${now.toISOString()}#~` },
          Limit: limit,
        }),
      );
      return (res.Items ?? []).map(toDelivery);
    },
    async listRecent(limit) {
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi2',
          KeyConditionExpression: 'gsi2pk = :log',
          ExpressionAttributeValues: { ':log': WEBHOOK_LOG },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      // The log index projects every attribute; the admin's list leaves the bodies out.
      return (res.Items ?? []).map((item): WebhookDelivery => {
        const { body: _body, ...delivery } = toDelivery(item);
        return delivery;
      });
    },
    async get(id) {
      const res = await client.send(new GetCommand({ TableName, Key: keys.webhookDelivery(id), ConsistentRead: true }));
      return res.Item ? toDelivery(res.Item) : undefined;
    },
    async claim(id, now, leaseUntil) {
      const lease = leaseUntil.toISOString();
      try {
        const res = await client.send(
          new UpdateCommand({
            TableName,
            Key: keys.webhookDelivery(id),
            UpdateExpression: 'SET gsi1sk = :sk, dueAt = :lease, lastAttemptAt = :now ADD attempts :one',
            // Due now and still queued: a second worker's claim of the same attempt fails here.
            ConditionExpression: 'attribute_exists(gsi1pk) AND dueAt <= :now',
            ExpressionAttributeValues: { ':sk': queueKey(lease, id), ':lease': lease, ':one': 1, ':now': now.toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return res.Attributes ? toDelivery(res.Attributes) : undefined;
      } catch (err) {
        if (isConditionFailed(err)) return undefined;
        throw err;
      }
    },
    async markDelivered(id, responseCode, at) {
      await update(id, 'SET #state = :s, deliveredAt = :at, responseCode = :code REMOVE gsi1pk, gsi1sk, dueAt, lastError', {
        ':s': 'delivered',
        ':at': at.toISOString(),
        ':code': responseCode,
      }).catch((err: unknown) => (isConditionFailed(err) ? undefined : Promise.reject(err)));
    },
    async markFailed(id, failure, retryAt, at) {
      const values: Record<string, unknown> = { ':e': failure.error.slice(0, 500) };
      const set = ['lastError = :e'];
      const remove: string[] = [];
      if (failure.responseCode !== undefined) {
        set.push('responseCode = :code');
        values[':code'] = failure.responseCode;
      } else remove.push('responseCode');
      if (retryAt) {
        set.push('dueAt = :due', 'gsi1sk = :sk');
        values[':due'] = retryAt.toISOString();
        values[':sk'] = queueKey(retryAt.toISOString(), id);
      } else {
        set.push('#state = :s', 'failedAt = :at');
        values[':s'] = 'failed';
        values[':at'] = at.toISOString();
        remove.push('gsi1pk', 'gsi1sk', 'dueAt');
      }
      await update(id, `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`, values);
    },
    async requeue(id, now) {
      const at = now.toISOString();
      try {
        await update(id, 'SET #state = :s, gsi1pk = :q, gsi1sk = :sk, dueAt = :at, attempts = :zero REMOVE failedAt, deliveredAt, lastError', {
          ':s': 'pending',
          ':q': WEBHOOK_QUEUE,
          ':sk': queueKey(at, id),
          ':at': at,
          ':zero': 0,
        });
      } catch (err) {
        if (isConditionFailed(err)) throw new NotFoundError('Webhook delivery not found');
        throw err;
      }
    },
  };
}
