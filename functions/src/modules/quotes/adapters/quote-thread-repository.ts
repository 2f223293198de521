import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { OfferSummary } from '@parts/shared/schemas';
import { MAX_QUOTE_MESSAGES, readStoredOfferLine, type Offer, type OfferLine, type QuoteMessage } from '@parts/shared/quote-offers';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors';
import type { QuoteEventWrite, QuoteThreadRepository } from '../ports/quote-thread-repository';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import { outboxItem } from '../../mail';
import { assertId, cancellationCodes, decodeCursor, encodeCursor, withConflictRetry, type TableContext } from '../../../adapters/dynamodb/support';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Expr = { set: string[]; remove: string[]; add: string[]; names: Record<string, string>; values: Record<string, unknown> };

/** Lines kept in the offer item itself; a longer offer keeps the rest in page items written in the same transaction. */
export const OFFER_LINES_PER_ITEM = 100;
/** A transaction carries at most 4 MB; an offer of 2,000 lines with notes stays under this. */
const MAX_OFFER_BYTES = 3_500_000;
const offerPagePrefix = (quoteId: number, version: number) => ({ pk: keys.quote(quoteId).pk, sk: `OFFERLINES#${String(version).padStart(6, '0')}#` });

const summaryOf = (offer: Offer): OfferSummary => ({
  version: offer.version,
  state: offer.state,
  sentAt: offer.sentAt,
  validUntil: offer.validUntil,
  totalCents: offer.totalCents,
  ...(offer.response?.acceptedTotalCents !== undefined ? { acceptedTotalCents: offer.response.acceptedTotalCents } : {}),
});

const toOffer = (item: Record<string, unknown>): Offer => {
  const { quoteId, version, sentAt, sentBy, validUntil, message, lines, totalCents, state, response } = stripLayout<Offer>(item);
  const read = lines.map((l) => readStoredOfferLine(l));
  return { quoteId, version, sentAt, sentBy, validUntil, ...(message ? { message } : {}), lines: read, totalCents, state, ...(response ? { response } : {}) };
};
const toMessage = (item: Record<string, unknown>): QuoteMessage => {
  const { id, quoteId, seq, at, by, from, body, attachments } = stripLayout<QuoteMessage>(item);
  return { id, quoteId, seq, at, by, from, body, attachments: attachments ?? [] };
};

export function createQuoteThreadRepository(ctx: TableContext): QuoteThreadRepository {
  const { client, tableName: TableName } = ctx;

  /** The request's part of every quote-loop write: the history entry, whose move it is, the last activity. */
  function eventExpr(write: QuoteEventWrite): Expr {
    const e: Expr = {
      set: ['history = list_append(if_not_exists(history, :none), :entry)', 'lastActivityAt = :at'],
      remove: [],
      add: [],
      names: {},
      values: { ':none': [], ':entry': [write.event], ':at': write.event.at },
    };
    if (write.waitingFor) {
      e.set.push('waitingFor = :w');
      e.values[':w'] = write.waitingFor;
    } else e.remove.push('waitingFor');
    return e;
  }

  function quoteUpdate(quoteId: number, e: Expr, condition: string): TransactItem {
    const parts = [`SET ${e.set.join(', ')}`];
    if (e.remove.length) parts.push(`REMOVE ${e.remove.join(', ')}`);
    if (e.add.length) parts.push(`ADD ${e.add.join(', ')}`);
    return {
      Update: {
        TableName,
        Key: keys.quote(quoteId),
        UpdateExpression: parts.join(' '),
        ConditionExpression: condition,
        ...(Object.keys(e.names).length ? { ExpressionAttributeNames: e.names } : {}),
        ExpressionAttributeValues: e.values,
      },
    };
  }

  /** Runs the transaction; a failed condition is a 404 when the request is gone, else the given conflict. */
  async function run(quoteId: number, items: TransactItem[], write: QuoteEventWrite, conflict: string): Promise<void> {
    const now = ctx.now();
    const all = [
      ...items,
      ...write.mails.map((m): TransactItem => ({ Put: { TableName, Item: outboxItem(m, now), ConditionExpression: 'attribute_not_exists(pk)' } })),
    ];
    try {
      await withConflictRetry((token) => client.send(new TransactWriteCommand({ TransactItems: all, ClientRequestToken: token })));
    } catch (err) {
      if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) {
        const exists = await client.send(new GetCommand({ TableName, Key: keys.quote(quoteId), ConsistentRead: true }));
        if (!exists.Item) throw new NotFoundError('Quote request not found');
        throw new ConflictError(conflict);
      }
      throw err;
    }
  }

  /** The offer item (first lines) and its line pages, each written only if new. */
  function offerItems(offer: Offer): TransactItem[] {
    const pages: OfferLine[][] = [];
    for (let at = OFFER_LINES_PER_ITEM; at < offer.lines.length; at += OFFER_LINES_PER_ITEM) pages.push(offer.lines.slice(at, at + OFFER_LINES_PER_ITEM));
    const prefix = offerPagePrefix(offer.quoteId, offer.version);
    const items = [
      {
        ...keys.quoteOffer(offer.quoteId, offer.version),
        type: 'quote-offer',
        ...offer,
        lines: offer.lines.slice(0, OFFER_LINES_PER_ITEM),
        ...(pages.length ? { linePages: pages.length + 1 } : {}),
      },
      ...pages.map((lines, i) => ({ pk: prefix.pk, sk: `${prefix.sk}${String(i + 2).padStart(4, '0')}`, type: 'quote-offer-lines', lines })),
    ];
    if (JSON.stringify(items).length > MAX_OFFER_BYTES) throw new ValidationError('This offer is too large to store; shorten its notes');
    return items.map((Item): TransactItem => ({ Put: { TableName, Item, ConditionExpression: 'attribute_not_exists(pk)' } }));
  }

  return {
    async listOfferSummaries(quoteId) {
      assertId(quoteId);
      const out: OfferSummary[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const res = await client.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :offer)',
            ExpressionAttributeValues: { ':pk': keys.quote(quoteId).pk, ':offer': 'OFFER#' },
            ExpressionAttributeNames: { '#v': 'version', '#s': 'state', '#r': 'response' },
            ProjectionExpression: '#v, #s, sentAt, validUntil, totalCents, #r.acceptedTotalCents',
            ScanIndexForward: false,
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        for (const item of res.Items ?? []) {
          const response = item.response as { acceptedTotalCents?: number } | undefined;
          out.push({
            version: item.version as number,
            state: item.state as OfferSummary['state'],
            sentAt: item.sentAt as string,
            validUntil: item.validUntil as string,
            totalCents: item.totalCents as number,
            ...(response?.acceptedTotalCents !== undefined ? { acceptedTotalCents: response.acceptedTotalCents } : {}),
          });
        }
        ExclusiveStartKey = res.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return out;
    },

    async getOffer(quoteId, version) {
      assertId(quoteId);
      assertId(version, 'version');
      const res = await client.send(new GetCommand({ TableName, Key: keys.quoteOffer(quoteId, version), ConsistentRead: true }));
      if (!res.Item) return undefined;
      const offer = toOffer(res.Item);
      if (typeof res.Item.linePages !== 'number' || res.Item.linePages <= 1) return offer;
      const prefix = offerPagePrefix(quoteId, version);
      const lines: OfferLine[] = [...offer.lines];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
            ExpressionAttributeValues: { ':pk': prefix.pk, ':p': prefix.sk },
            ConsistentRead: true,
            ExclusiveStartKey,
          }),
        );
        for (const item of page.Items ?? []) lines.push(...((item.lines as Record<string, unknown>[] | undefined) ?? []).map((l) => readStoredOfferLine(l)));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return { ...offer, lines };
    },

    async sendOffer(offer, write) {
      const e = eventExpr(write);
      e.set.push('#offer = :summary');
      e.names['#offer'] = 'offer';
      e.values[':summary'] = summaryOf(offer);
      let condition = 'attribute_exists(pk) AND attribute_not_exists(#offer)';
      if (offer.version > 1) {
        e.names['#v'] = 'version';
        e.names['#st'] = 'state';
        e.values[':prev'] = offer.version - 1;
        e.values[':accepted'] = 'accepted';
        condition = '#offer.#v = :prev AND #offer.#st <> :accepted';
      }
      return run(
        offer.quoteId,
        [quoteUpdate(offer.quoteId, e, condition), ...offerItems(offer)],
        write,
        'This quote request changed in the meantime (another offer was sent or the buyer answered); reload it and try again',
      );
    },

    async transitionOffer(quoteId, version, change, write) {
      const e = eventExpr(write);
      e.names['#offer'] = 'offer';
      e.names['#v'] = 'version';
      e.names['#st'] = 'state';
      e.set.push('#offer.#st = :to');
      e.values[':to'] = change.to;
      e.values[':ver'] = version;
      const from = change.from.map((_, i) => `:from${i}`);
      change.from.forEach((s, i) => (e.values[`:from${i}`] = s));
      if (change.acceptedTotalCents !== undefined) {
        e.set.push('#offer.acceptedTotalCents = :acc');
        e.values[':acc'] = change.acceptedTotalCents;
      }
      const offerValues: Record<string, unknown> = { ':to': change.to };
      change.from.forEach((s, i) => (offerValues[`:from${i}`] = s));
      let offerSet = '#st = :to';
      if (change.response) {
        offerSet += ', #r = :r';
        offerValues[':r'] = change.response;
      }
      return run(
        quoteId,
        [
          quoteUpdate(quoteId, e, `#offer.#v = :ver AND #offer.#st IN (${from.join(', ')})`),
          {
            Update: {
              TableName,
              Key: keys.quoteOffer(quoteId, version),
              UpdateExpression: `SET ${offerSet}`,
              ConditionExpression: `attribute_exists(pk) AND #st IN (${from.join(', ')})`,
              ExpressionAttributeNames: { '#st': 'state', ...(change.response ? { '#r': 'response' } : {}) },
              ExpressionAttributeValues: offerValues,
            },
          },
        ],
        write,
        'This offer was answered or replaced in the meantime; reload the quote request to see its current state',
      );
    },

    async addMessage(message, write) {
      const e = eventExpr(write);
      e.set.push('messageCount = :seq');
      e.values[':seq'] = message.seq;
      if (message.seq > 1) e.values[':prev'] = message.seq - 1;
      if (message.seq > MAX_QUOTE_MESSAGES) throw new ConflictError(`This conversation already holds ${MAX_QUOTE_MESSAGES} messages`);
      return run(
        message.quoteId,
        [
          // The sequence number is the message's place in the thread: two writers cannot take the same one.
          quoteUpdate(message.quoteId, e, message.seq === 1 ? 'attribute_exists(pk) AND attribute_not_exists(messageCount)' : 'messageCount = :prev'),
          {
            Put: {
              TableName,
              Item: { ...keys.quoteMessage(message.quoteId, message.seq), type: 'quote-message', ...message },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
        write,
        'Another message was added to this conversation in the meantime',
      );
    },

    async listMessages(quoteId, options) {
      assertId(quoteId);
      const res = await client.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :msg)',
          ExpressionAttributeValues: { ':pk': keys.quote(quoteId).pk, ':msg': 'MSG#' },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: options.limit,
          ExclusiveStartKey: decodeCursor(options.cursor),
        }),
      );
      return { data: (res.Items ?? []).map(toMessage), nextCursor: encodeCursor(res.LastEvaluatedKey) ?? null };
    },
  };
}
