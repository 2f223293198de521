import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Order, OrderLine } from '@parts/shared/orders';
import type { QuoteOrderStore } from '../ports/order-repository';
import { keys, padId, stripLayout } from '../../../adapters/dynamodb/keys';
import { assertId, decodeCursor, encodeCursor, type TableContext } from '../../../adapters/dynamodb/support';
import { eventExpr, quoteUpdate, runStep, written, type TransactItem } from './quote-step';

/** Lines per item: an order of 2,000 lines is 20 line items beside its head (each well under 400 KB). */
const ORDER_LINES_PER_ITEM = 100;
/** gsi1 partition of every order, by the moment it was placed: the admin's export by date range. */
const ORDERS = 'ORDER';
const orderKey = (quoteId: number) => ({ pk: keys.quote(quoteId).pk, sk: 'ORDER' });
const linesKey = (quoteId: number, page: number) => ({ pk: keys.quote(quoteId).pk, sk: `ORDERLINES#${String(page).padStart(4, '0')}` });

/** The head (everything but the lines) and its line pages, as Puts; `fresh`: only if there is no order yet. */
export function orderItems(TableName: string, order: Order, fresh: boolean): TransactItem[] {
  const { lines, ...head } = order;
  const pages: OrderLine[][] = [];
  for (let at = 0; at < lines.length; at += ORDER_LINES_PER_ITEM) pages.push(lines.slice(at, at + ORDER_LINES_PER_ITEM));
  const condition = fresh ? { ConditionExpression: 'attribute_not_exists(pk)' } : {};
  return [
    {
      Put: {
        TableName,
        Item: {
          ...orderKey(order.quoteId),
          type: 'quote-order',
          gsi1pk: ORDERS,
          gsi1sk: `${order.placedAt}#${padId(order.quoteId)}`,
          ...head,
          linePages: pages.length,
        },
        ...condition,
      },
    },
    ...pages.map((page, i): TransactItem => ({
      Put: { TableName, Item: { ...linesKey(order.quoteId, i + 1), type: 'quote-order-lines', lines: page }, ...condition },
    })),
  ];
}

export function createQuoteOrderStore(ctx: TableContext): QuoteOrderStore {
  const { client, tableName: TableName } = ctx;

  async function getOrder(quoteId: number): Promise<Order | undefined> {
    assertId(quoteId);
    let head: Record<string, unknown> | undefined;
    const lines: OrderLine[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const res = await client.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :o)',
          ExpressionAttributeValues: { ':pk': keys.quote(quoteId).pk, ':o': 'ORDER' },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      for (const item of res.Items ?? []) {
        if (item.sk === 'ORDER') head = item;
        else lines.push(...((item.lines as OrderLine[] | undefined) ?? []));
      }
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    if (!head) return undefined;
    const { linePages: _pages, ...order } = stripLayout<Order & { linePages?: number }>(head);
    return { ...order, lines };
  }

  return {
    getOrder,

    async confirmOrder(quote, order, write) {
      const e = eventExpr(write);
      const [head, ...pages] = orderItems(TableName, order, false);
      // The head is written only while the order is still placed: a second confirmation fails here.
      const guardedHead: TransactItem = {
        Put: {
          ...head!.Put!,
          ConditionExpression: '#st = :placed',
          ExpressionAttributeNames: { '#st': 'state' },
          ExpressionAttributeValues: { ':placed': 'placed' },
        },
      };
      await runStep(
        ctx,
        quote.id,
        [quoteUpdate(TableName, quote.id, e, 'attribute_exists(pk)'), guardedHead, ...pages],
        write,
        'This order was confirmed already; reload the quote request to see it',
      );
      return written(quote, write, {});
    },

    async listOrders(range, options) {
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          // `<placedAt ISO>#…`: from the first moment of `from` through the last of `to` (`~` sorts after every time).
          KeyConditionExpression: 'gsi1pk = :o AND gsi1sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':o': ORDERS, ':from': range.from, ':to': `${range.to}~` },
          ProjectionExpression: 'quoteId',
          Limit: options.limit,
          ExclusiveStartKey: decodeCursor(options.cursor),
        }),
      );
      const orders = await Promise.all((res.Items ?? []).map((i) => getOrder(i.quoteId as number)));
      return { data: orders.filter((o): o is Order => o !== undefined), nextCursor: encodeCursor(res.LastEvaluatedKey) ?? null };
    },
  };
}
