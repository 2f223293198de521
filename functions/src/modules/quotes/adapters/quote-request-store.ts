import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  MAX_ATTACHMENTS,
  MAX_FREE_DESCRIPTION_CHARS,
  MAX_FREE_MANUFACTURER_CHARS,
  MAX_FREE_PART_NUMBER_CHARS,
  MAX_LINE_ATTACHMENTS,
  MAX_LINE_ATTACHMENTS_TOTAL,
  MAX_LINE_NOTE_CHARS,
  MAX_LINE_REFERENCE_CHARS,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_QUANTITY,
  MAX_USERNAME,
  QUOTE_STATUSES,
} from '@parts/shared/constants';
import { attachmentSchema, quoteStatusSchema, type QuoteItem, type QuoteRequest, type QuoteStatus } from '@parts/shared/schemas';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors';
import type { NewQuoteLine, NewQuoteRequest, QuoteRepository } from '../ports/quote-repository';
import { keys, padId, stripLayout } from '../../../adapters/dynamodb/keys';
import { listQuotePage, quoteSearchText } from './quote-list';
import {
  allocateIds,
  assertId,
  cancellationCodes,
  countQuery,
  isConditionFailed,
  parseInput,
  withConflictRetry,
  type TableContext,
} from '../../../adapters/dynamodb/support';

const optional = (max: number) => z.string().max(max).optional();
const storedAttachmentSchema = attachmentSchema.omit({ url: true }).extend({ key: z.string().min(1).max(500), fileName: z.string().max(255) });
const newLineSchema = z
  .object({
    partId: z.number().int().positive().optional(),
    partNumber: z.string().min(1).max(100).optional(),
    name: z.string().min(1).max(300).optional(),
    slug: z.string().max(200).optional(),
    freeText: z
      .object({
        partNumber: optional(MAX_FREE_PART_NUMBER_CHARS),
        manufacturer: optional(MAX_FREE_MANUFACTURER_CHARS),
        description: optional(MAX_FREE_DESCRIPTION_CHARS),
      })
      .optional(),
    quantity: z.number().int().min(1).max(MAX_QUOTE_QUANTITY),
    reference: optional(MAX_LINE_REFERENCE_CHARS),
    targetPrice: z.number().min(0).max(100_000_000).optional(),
    neededBy: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    note: optional(MAX_LINE_NOTE_CHARS),
    attachments: z.array(storedAttachmentSchema).max(MAX_LINE_ATTACHMENTS).optional(),
  })
  .refine(
    (l) =>
      l.partId !== undefined
        ? l.partNumber !== undefined && l.name !== undefined && l.freeText === undefined
        : Boolean(l.freeText?.partNumber || l.freeText?.description),
    'A line is a catalogue part (partId, partNumber, name) or a free-text line with a part number or a description',
  );
/** Lines kept in the request item itself; longer requests keep the rest in page items written in the same transaction. */
export const LINES_PER_ITEM = 50;
/** A TransactWriteItems call carries at most 4 MB; what a request stores stays well under it. */
const MAX_STORED_BYTES = 3_500_000;
export const QUOTE_TOO_LARGE = 'This quote request is too large to store; split it into smaller requests';
const linePageKey = (id: number, page: number) => ({ pk: keys.quote(id).pk, sk: `LINES#${String(page).padStart(4, '0')}` });

function storedLine(line: NewQuoteLine, index: number): QuoteItem {
  const free = line.freeText;
  return {
    id: index + 1,
    quantity: line.quantity,
    ...(line.partId !== undefined
      ? { part: { id: line.partId, partNumber: line.partNumber!, name: line.name!, ...(line.slug ? { slug: line.slug } : {}) } }
      : {
          freeText: {
            ...(free?.partNumber ? { partNumber: free.partNumber } : {}),
            ...(free?.manufacturer ? { manufacturer: free.manufacturer } : {}),
            ...(free?.description ? { description: free.description } : {}),
          },
        }),
    ...(line.reference ? { reference: line.reference } : {}),
    ...(line.targetPrice !== undefined ? { targetPrice: line.targetPrice } : {}),
    ...(line.neededBy ? { neededBy: line.neededBy } : {}),
    ...(line.note ? { note: line.note } : {}),
    ...(line.attachments?.length ? { attachments: line.attachments } : {}),
  };
}
const newQuoteSchema = z.object({
  id: z.number().int().positive().optional(),
  customerName: z.string().trim().min(1).max(200),
  customerEmail: z.string().trim().min(1).max(254),
  customerPhone: optional(50),
  customerCompany: optional(200),
  status: quoteStatusSchema,
  notes: optional(5000),
  message: optional(5000),
  submittedBy: z.string().trim().min(1).max(50).optional(),
  items: z
    .array(newLineSchema)
    .max(MAX_QUOTE_ITEMS)
    .refine((lines) => lines.reduce((n, l) => n + (l.attachments?.length ?? 0), 0) <= MAX_LINE_ATTACHMENTS_TOTAL, {
      message: `At most ${MAX_LINE_ATTACHMENTS_TOTAL} line attachments in one quote request`,
    }),
  attachments: z.array(attachmentSchema.omit({ url: true }).extend({ key: z.string().min(1).max(500), fileName: z.string().max(255) })).max(MAX_ATTACHMENTS),
  createdBy: z.string().trim().min(1).max(50),
});
const listOptionsSchema = z.object({ status: quoteStatusSchema.optional(), limit: z.number().int().min(1).max(1000).optional() }).optional();

const ALL = 'QUOTE';
/** gsi2 partition of the requests in one status. */
export const byStatus = (status: QuoteStatus) => `QUOTE#STATUS#${status}`;
const bySubmitter = (username: string) => `QUOTE#BY#${username.toLowerCase()}`;

/** A stored quote request item as callers see it (quote-loop fields only when present). */
export function toQuote(item: Record<string, unknown>): QuoteRequest {
  const q = stripLayout<QuoteRequest>(item);
  return {
    id: q.id,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    ...(q.customerPhone ? { customerPhone: q.customerPhone } : {}),
    ...(q.customerCompany ? { customerCompany: q.customerCompany } : {}),
    status: q.status,
    ...(q.notes ? { notes: q.notes } : {}),
    ...(q.message ? { message: q.message } : {}),
    createdAt: q.createdAt,
    ...(q.submittedBy ? { submittedBy: q.submittedBy } : {}),
    items: q.items ?? [],
    itemCount: q.itemCount ?? q.items?.length ?? 0,
    attachments: q.attachments ?? [],
    history: q.history ?? [],
    ...(q.offer ? { offer: q.offer } : {}),
    ...(q.waitingFor ? { waitingFor: q.waitingFor } : {}),
    ...(q.messageCount ? { messageCount: q.messageCount } : {}),
    ...(q.lastActivityAt ? { lastActivityAt: q.lastActivityAt } : {}),
  };
}

/** Stores a new request, and its line pages in the same transaction when it has more than LINES_PER_ITEM lines. */
async function putQuoteRequest(ctx: TableContext, raw: NewQuoteRequest): Promise<QuoteRequest> {
  const { client, tableName: TableName } = ctx;
  const input = parseInput(newQuoteSchema, raw);
  const id = input.id ?? (await allocateIds(ctx, 'quote', 1));
  const createdAt = ctx.now().toISOString();
  const order = `${createdAt}#${padId(id)}`;
  const lines = input.items.map(storedLine);
  const pages: QuoteItem[][] = [];
  for (let at = LINES_PER_ITEM; at < lines.length; at += LINES_PER_ITEM) pages.push(lines.slice(at, at + LINES_PER_ITEM));
  const item = {
    ...keys.quote(id),
    type: 'quote',
    gsi1pk: ALL,
    gsi1sk: order,
    gsi2pk: byStatus(input.status),
    gsi2sk: order,
    ...(input.submittedBy ? { gsi3pk: bySubmitter(input.submittedBy), gsi3sk: order } : {}),
    id,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    searchText: quoteSearchText(input),
    ...(input.customerPhone ? { customerPhone: input.customerPhone } : {}),
    ...(input.customerCompany ? { customerCompany: input.customerCompany } : {}),
    status: input.status,
    ...(input.notes ? { notes: input.notes } : {}),
    ...(input.message ? { message: input.message } : {}),
    ...(input.submittedBy ? { submittedBy: input.submittedBy } : {}),
    createdAt,
    items: lines.slice(0, LINES_PER_ITEM),
    itemCount: lines.length,
    ...(pages.length > 0 ? { linePages: pages.length + 1 } : {}),
    attachments: input.attachments,
    history: [{ at: createdAt, by: input.createdBy, from: null, to: input.status }],
  };
  const pageItems = pages.map((items, i) => ({ ...linePageKey(id, i + 2), type: 'quote-lines', quoteId: id, items }));
  if (JSON.stringify([item, pageItems]).length > MAX_STORED_BYTES) throw new ValidationError(QUOTE_TOO_LARGE);
  try {
    if (pageItems.length === 0) {
      await client.send(new PutCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    } else {
      // One transaction: the request and all its line pages are stored together or not at all.
      await withConflictRetry((token) =>
        client.send(
          new TransactWriteCommand({
            ClientRequestToken: token,
            TransactItems: [item, ...pageItems].map((Item) => ({ Put: { TableName, Item, ConditionExpression: 'attribute_not_exists(pk)' } })),
          }),
        ),
      );
    }
  } catch (err) {
    if (isConditionFailed(err) || cancellationCodes(err)?.includes('ConditionalCheckFailed')) throw new ConflictError(`Quote request ${id} already exists`);
    throw err;
  }
  return toQuote({ ...item, items: lines });
}

/** The request items of the quote aggregate: the request, its line pages, the listings and counts. */
export type QuoteRequestStore = Pick<
  QuoteRepository,
  | 'reserveQuoteId'
  | 'createQuoteRequest'
  | 'getQuoteRequest'
  | 'listQuoteRequestPage'
  | 'listQuoteRequests'
  | 'listQuoteRequestsBySubmitter'
  | 'updateQuoteStatus'
  | 'countQuoteRequests'
>;

export function createQuoteRequestStore(ctx: TableContext): QuoteRequestStore {
  const { client, tableName: TableName } = ctx;

  const query = async (index: 'gsi1' | 'gsi2' | 'gsi3', pk: string, limit?: number) => {
    const items: Record<string, unknown>[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: index,
          KeyConditionExpression: `${index}pk = :pk`,
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: false,
          ...(limit ? { Limit: limit - items.length } : {}),
          ExclusiveStartKey,
        }),
      );
      items.push(...(res.Items ?? []));
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey && (!limit || items.length < limit));
    return items.map(toQuote);
  };

  const count = (index: 'gsi1' | 'gsi2', pk: string) =>
    countQuery(client, { TableName, IndexName: index, KeyConditionExpression: `${index}pk = :pk`, ExpressionAttributeValues: { ':pk': pk } });

  const read = async (id: number) => (await client.send(new GetCommand({ TableName, Key: keys.quote(id), ConsistentRead: true }))).Item;

  /** The request item with the lines of its page items appended (single reads; lists keep the first page). */
  const withAllLines = async (item: Record<string, unknown>): Promise<Record<string, unknown>> => {
    if (typeof item.linePages !== 'number' || item.linePages <= 1) return item;
    const lines = [...((item.items as QuoteItem[] | undefined) ?? [])];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const res = await client.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :lines)',
          ExpressionAttributeValues: { ':pk': item.pk, ':lines': 'LINES#' },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      for (const page of res.Items ?? []) lines.push(...((page.items as QuoteItem[] | undefined) ?? []));
      ExclusiveStartKey = res.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return { ...item, items: lines };
  };

  return {
    reserveQuoteId: () => allocateIds(ctx, 'quote', 1),

    createQuoteRequest: (raw) => putQuoteRequest(ctx, raw),

    async getQuoteRequest(id) {
      assertId(id);
      const item = await read(id);
      return item ? toQuote(await withAllLines(item)) : undefined;
    },

    listQuoteRequestPage: (options) => listQuotePage(ctx, { all: ALL, byStatus, bySubmitter }, toQuote, options),

    async listQuoteRequests(options) {
      const parsed = parseInput(listOptionsSchema, options);
      return parsed?.status ? query('gsi2', byStatus(parsed.status), parsed.limit) : query('gsi1', ALL, parsed?.limit);
    },

    async listQuoteRequestsBySubmitter(username) {
      if (typeof username !== 'string' || !username.trim() || username.length > MAX_USERNAME) {
        throw new ValidationError(`username must be a string of 1 to ${MAX_USERNAME} characters`);
      }
      return query('gsi3', bySubmitter(username.trim()));
    },

    async updateQuoteStatus(id, status, by) {
      assertId(id);
      if (!(QUOTE_STATUSES as readonly unknown[]).includes(status)) throw new ValidationError(`status must be one of ${QUOTE_STATUSES.join(', ')}`);
      if (typeof by !== 'string' || !by.trim() || by.length > MAX_USERNAME) throw new ValidationError(`by must be a string of 1 to ${MAX_USERNAME} characters`);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const current = await read(id);
        if (!current) throw new NotFoundError(`Quote request ${id} not found`);
        const from = current.status as QuoteStatus;
        const entry = { at: ctx.now().toISOString(), by: by.trim(), from, to: status };
        try {
          // The condition on the old status makes the history entry's `from` exact even under concurrent updates.
          const res = await client.send(
            new UpdateCommand({
              TableName,
              Key: keys.quote(id),
              UpdateExpression: 'SET #s = :to, gsi2pk = :g, history = list_append(history, :entry)',
              ConditionExpression: '#s = :from',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':to': status, ':g': byStatus(status), ':entry': [entry], ':from': from },
              ReturnValues: 'ALL_NEW',
            }),
          );
          return toQuote(await withAllLines(res.Attributes ?? {}));
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
      }
      throw new ConflictError(`Quote request ${id} was changed by someone else; try again`);
    },

    async countQuoteRequests(status) {
      if (status === undefined) return count('gsi1', ALL);
      const parsed = parseInput(quoteStatusSchema, status);
      return count('gsi2', byStatus(parsed));
    },
  };
}
