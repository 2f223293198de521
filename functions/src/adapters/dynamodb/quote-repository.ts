import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { MAX_ATTACHMENTS, MAX_QUOTE_ITEMS, MAX_QUOTE_QUANTITY, QUOTE_STATUSES } from '@parts/shared/constants';
import { attachmentSchema, quoteStatusSchema, type QuoteRequest, type QuoteStatus } from '@parts/shared/schemas';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import type { NewQuoteRequest, QuoteRepository } from '../../ports/quote-repository';
import { keys, padId, stripLayout } from './keys';
import { allocateIds, assertId, countQuery, isConditionFailed, parseInput, type TableContext } from './support';

const optional = (max: number) => z.string().max(max).optional();
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
    .array(
      z.object({
        partId: z.number().int().positive(),
        partNumber: z.string().min(1).max(100),
        name: z.string().min(1).max(300),
        slug: z.string().max(200).optional(),
        quantity: z.number().int().min(1).max(MAX_QUOTE_QUANTITY),
      }),
    )
    .max(MAX_QUOTE_ITEMS),
  attachments: z.array(attachmentSchema.omit({ url: true }).extend({ key: z.string().min(1).max(500), fileName: z.string().max(255) })).max(MAX_ATTACHMENTS),
  createdBy: z.string().trim().min(1).max(50),
});
const listOptionsSchema = z
  .object({ status: quoteStatusSchema.optional(), limit: z.number().int().min(1).max(1000).optional() })
  .optional();

const ALL = 'QUOTE';
const byStatus = (status: QuoteStatus) => `QUOTE#STATUS#${status}`;
const bySubmitter = (username: string) => `QUOTE#BY#${username.toLowerCase()}`;

export function createQuoteRepository(ctx: TableContext): QuoteRepository {
  const { client, tableName: TableName } = ctx;

  const toQuote = (item: Record<string, unknown>): QuoteRequest => {
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
      attachments: q.attachments ?? [],
      history: q.history ?? [],
    };
  };

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

  const read = async (id: number) =>
    (await client.send(new GetCommand({ TableName, Key: keys.quote(id), ConsistentRead: true }))).Item;

  return {
    reserveQuoteId: () => allocateIds(ctx, 'quote', 1),

    async createQuoteRequest(raw: NewQuoteRequest) {
      const input = parseInput(newQuoteSchema, raw);
      const id = input.id ?? (await allocateIds(ctx, 'quote', 1));
      const createdAt = ctx.now().toISOString();
      const order = `${createdAt}#${padId(id)}`;
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
        ...(input.customerPhone ? { customerPhone: input.customerPhone } : {}),
        ...(input.customerCompany ? { customerCompany: input.customerCompany } : {}),
        status: input.status,
        ...(input.notes ? { notes: input.notes } : {}),
        ...(input.message ? { message: input.message } : {}),
        ...(input.submittedBy ? { submittedBy: input.submittedBy } : {}),
        createdAt,
        items: input.items.map((line, i) => ({
          id: i + 1,
          quantity: line.quantity,
          part: { id: line.partId, partNumber: line.partNumber, name: line.name, ...(line.slug ? { slug: line.slug } : {}) },
        })),
        attachments: input.attachments,
        history: [{ at: createdAt, by: input.createdBy, from: null, to: input.status }],
      };
      try {
        await client.send(new PutCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
      } catch (err) {
        if (isConditionFailed(err)) throw new ConflictError(`Quote request ${id} already exists`);
        throw err;
      }
      return toQuote(item);
    },

    async getQuoteRequest(id) {
      assertId(id);
      const item = await read(id);
      return item ? toQuote(item) : undefined;
    },

    async listQuoteRequests(options) {
      const parsed = parseInput(listOptionsSchema, options);
      return parsed?.status ? query('gsi2', byStatus(parsed.status), parsed.limit) : query('gsi1', ALL, parsed?.limit);
    },

    async listQuoteRequestsBySubmitter(username) {
      if (typeof username !== 'string' || !username.trim() || username.length > 50) {
        throw new ValidationError('username must be a string of 1 to 50 characters');
      }
      return query('gsi3', bySubmitter(username.trim()));
    },

    async updateQuoteStatus(id, status, by) {
      assertId(id);
      if (!(QUOTE_STATUSES as readonly unknown[]).includes(status)) throw new ValidationError(`status must be one of ${QUOTE_STATUSES.join(', ')}`);
      if (typeof by !== 'string' || !by.trim() || by.length > 50) throw new ValidationError('by must be a string of 1 to 50 characters');
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
          return toQuote(res.Attributes ?? {});
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
