import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QuoteRequest, QuoteStatus } from '@parts/shared/schemas';
import { ValidationError } from '../../../domain/errors';
import type { QuoteListOptions, QuoteListPage } from '../ports/quote-repository';
import { keys } from '../../../adapters/dynamodb/keys';
import type { TableContext } from '../../../adapters/dynamodb/support';

export const INVALID_QUOTE_CURSOR = 'Invalid cursor';
/** Evaluated items per query round when a filter drops some, and rounds per page: a bounded read per request. */
const FILTERED_ROUND = 200;
const MAX_ROUNDS = 10;

/** Newest-first order key of a request (the indexes' sort key): `<createdAt>#<zero-padded id>`. */
const ORDER = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z#(\d{12})$/;

/** Lower-cased customer name, e-mail and company, stored on each request for the admin's search. */
export function quoteSearchText(q: { customerName: string; customerEmail: string; customerCompany?: string | undefined }): string {
  return [q.customerName, q.customerEmail, q.customerCompany ?? ''].join('\n').toLowerCase();
}

/**
 * The cursor is the last request's order key and nothing else: the server rebuilds the index key from
 * it, so a crafted cursor can at most start the list at another point of the same list.
 */
function encode(order: string): string {
  return Buffer.from(order, 'utf8').toString('base64url');
}
function decode(cursor: string): { order: string; id: number } {
  const order = cursor.length <= 100 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const match = ORDER.exec(order);
  if (!match) throw new ValidationError(INVALID_QUOTE_CURSOR);
  return { order, id: Number(match[2]) };
}

export interface QuoteIndexes {
  all: string;
  byStatus(status: QuoteStatus): string;
  bySubmitter(username: string): string;
}

/**
 * One page of quote requests, newest first, at most `limit` (≤ 50): all of them (gsi1), one status (gsi2)
 * or one customer's (gsi3, with the status as a filter), optionally searched by name, e-mail or company.
 * A page reads at most MAX_ROUNDS queries; a filtered page may hold fewer than `limit` and still go on.
 */
export async function listQuotePage(
  ctx: TableContext,
  indexes: QuoteIndexes,
  toQuote: (item: Record<string, unknown>) => QuoteRequest,
  options: QuoteListOptions,
): Promise<QuoteListPage> {
  const { client, tableName: TableName } = ctx;
  const [index, pk] = options.submittedBy
    ? (['gsi3', indexes.bySubmitter(options.submittedBy)] as const)
    : options.status
      ? (['gsi2', indexes.byStatus(options.status)] as const)
      : (['gsi1', indexes.all] as const);
  const filters: string[] = [];
  const values: Record<string, unknown> = { ':pk': pk };
  const names: Record<string, string> = {};
  if (options.submittedBy && options.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = options.status;
  }
  const search = options.search?.trim();
  if (search) {
    // searchText is lower-cased; requests stored before it existed are matched on their own fields as typed.
    filters.push('(contains(searchText, :q) OR contains(customerName, :raw) OR contains(customerEmail, :raw) OR contains(customerCompany, :raw))');
    values[':q'] = search.toLowerCase();
    values[':raw'] = search;
  }
  const filtered = filters.length > 0;

  let startKey: Record<string, unknown> | undefined;
  if (options.cursor) {
    const { order, id } = decode(options.cursor);
    startKey = { ...keys.quote(id), [`${index}pk`]: pk, [`${index}sk`]: order };
  }
  const items: Record<string, unknown>[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const res = await client.send(
      new QueryCommand({
        TableName,
        IndexName: index,
        KeyConditionExpression: `${index}pk = :pk`,
        ExpressionAttributeValues: values,
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ...(filtered ? { FilterExpression: filters.join(' AND ') } : {}),
        ScanIndexForward: false,
        Limit: filtered ? FILTERED_ROUND : options.limit - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    items.push(...(res.Items ?? []));
    startKey = res.LastEvaluatedKey;
    if (items.length >= options.limit) {
      const page = items.slice(0, options.limit);
      const more = items.length > options.limit || startKey !== undefined;
      return { data: page.map(toQuote), nextCursor: more ? encode(String(page[page.length - 1]![`${index}sk`])) : null };
    }
    if (!startKey) return { data: items.map(toQuote), nextCursor: null };
  }
  return { data: items.map(toQuote), nextCursor: encode(String(startKey![`${index}sk`])) };
}
