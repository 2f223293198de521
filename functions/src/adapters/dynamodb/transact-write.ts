import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, withConflictRetry, type TableContext } from './support';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Key = { pk: string; sk: string };

/**
 * What a failed condition on this action means: the error to throw, or 'retry' when the item was
 * changed by a concurrent writer (the caller re-reads and tries again).
 */
export type OnConditionFailed = Error | 'retry';

/** One action of a transaction together with the meaning of its condition failing. */
export interface TransactAction {
  action: TransactItem;
  onConditionFailed: OnConditionFailed;
}

/**
 * Writes the actions in one transaction. When a condition fails, the failing action's own
 * `onConditionFailed` decides: its error is thrown, or 'retry' is returned.
 */
export async function transactWrite(ctx: TableContext, actions: TransactAction[]): Promise<'ok' | 'retry'> {
  const TransactItems = actions.map((a) => a.action);
  try {
    await withConflictRetry((token) => ctx.client.send(new TransactWriteCommand({ TransactItems, ClientRequestToken: token })));
    return 'ok';
  } catch (err) {
    const codes = cancellationCodes(err);
    const failed = codes ? actions.find((_, i) => codes[i] === 'ConditionalCheckFailed') : undefined;
    if (!failed) throw err;
    if (failed.onConditionFailed === 'retry') return 'retry';
    throw failed.onConditionFailed;
  }
}

/** Writes `item` where nothing is stored under its key yet. */
export const putNew = (ctx: TableContext, item: Key & Record<string, unknown>, onConditionFailed: OnConditionFailed): TransactAction => ({
  action: { Put: { TableName: ctx.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
  onConditionFailed,
});

/** Replaces `item` when the stored one still matches `condition` (optimistic concurrency). */
export const putIf = (
  ctx: TableContext,
  item: Key & Record<string, unknown>,
  condition: { expression: string; values: Record<string, unknown> },
  onConditionFailed: OnConditionFailed,
): TransactAction => ({
  action: {
    Put: { TableName: ctx.tableName, Item: item, ConditionExpression: condition.expression, ExpressionAttributeValues: condition.values },
  },
  onConditionFailed,
});

/** Claims a unique value (slug, part number) for entity `id`: fails when another entity holds it. */
export const guardPut = (ctx: TableContext, key: Key, id: number, onConditionFailed: OnConditionFailed): TransactAction =>
  putNew(ctx, { ...key, type: 'guard', id }, onConditionFailed);

/** Releases a unique value `id` holds; fails (retry) when a concurrent writer already moved it. */
export const guardDelete = (ctx: TableContext, key: Key, id: number): TransactAction => ({
  action: { Delete: { TableName: ctx.tableName, Key: key, ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': id } } },
  onConditionFailed: 'retry',
});

/** Checks that a referenced item exists at commit time. */
export const mustExist = (ctx: TableContext, key: Key, onConditionFailed: OnConditionFailed): TransactAction => ({
  action: { ConditionCheck: { TableName: ctx.tableName, Key: key, ConditionExpression: 'attribute_exists(pk)' } },
  onConditionFailed,
});
