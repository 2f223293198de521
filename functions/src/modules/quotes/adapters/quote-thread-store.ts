import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { OfferSummary, QuoteRequest } from '@parts/shared/schemas';
import { MAX_QUOTE_MESSAGES, readStoredOfferLine, type Offer, type OfferLine, type QuoteMessage } from '@parts/shared/quote-offers';
import { offerEventFrom, offerEventTo, type OfferEvent } from '@parts/shared/quote-transitions';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors';
import type { OfferDue, QuoteEventWrite, QuoteRepository } from '../ports/quote-repository';
import { keys, padId, stripLayout } from '../../../adapters/dynamodb/keys';
import { outboxItem } from '../../mail';
import type { QuoteRequestStore } from './quote-request-store';
import { assertId, cancellationCodes, decodeCursor, encodeCursor, withConflictRetry, type TableContext } from '../../../adapters/dynamodb/support';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Expr = { set: string[]; remove: string[]; add: string[]; names: Record<string, string>; values: Record<string, unknown> };

/** Lines kept in the offer item itself; a longer offer keeps the rest in page items written in the same transaction. */
export const OFFER_LINES_PER_ITEM = 100;
/** A transaction carries at most 4 MB; an offer of 2,000 lines with notes stays under this. */
const MAX_OFFER_BYTES = 3_500_000;
const offerPagePrefix = (quoteId: number, version: number) => ({ pk: keys.quote(quoteId).pk, sk: `OFFERLINES#${String(version).padStart(6, '0')}#` });

/** gsi1 partition of the offer versions that are open: the scheduled expiry job's queue (ADR 113). */
export const OPEN_OFFERS = 'OFFER#OPEN';
const dueKey = (offer: Pick<Offer, 'quoteId' | 'version' | 'validUntil'>) => `${offer.validUntil}#${padId(offer.quoteId)}#${String(offer.version).padStart(6, '0')}`;

/** The stored states an event may start from, as condition values (`none`, no offer yet, is not a stored state). */
function storedFrom(event: OfferEvent): { list: string; values: Record<string, string> } {
  const states = offerEventFrom(event).filter((s) => s !== 'none');
  const values = Object.fromEntries(states.map((st, i) => [`:from${i}`, st]));
  return { list: Object.keys(values).join(', '), values };
}

/** The request as the transaction left it: the read request with the same changes the update made. */
function written(quote: QuoteRequest, write: QuoteEventWrite, patch: Partial<QuoteRequest>): QuoteRequest {
  const next: QuoteRequest = { ...quote, history: [...quote.history, write.event], lastActivityAt: write.event.at, ...patch };
  if (write.waitingFor) next.waitingFor = write.waitingFor;
  else delete next.waitingFor;
  return next;
}

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

/** The offer versions and messages of the quote aggregate, and each quote-loop step's transaction. */
export type QuoteThreadStore = Omit<QuoteRepository, keyof QuoteRequestStore>;

export function createQuoteThreadStore(ctx: TableContext): QuoteThreadStore {
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
        // In the expiry queue while open (ADR 113); every move away from open removes these.
        ...(offer.state === 'open' ? { gsi1pk: OPEN_OFFERS, gsi1sk: dueKey(offer) } : {}),
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

    async sendOffer(quote, offer, write) {
      const e = eventExpr(write);
      e.set.push('#offer = :summary');
      e.names['#offer'] = 'offer';
      e.values[':summary'] = summaryOf(offer);
      let condition = 'attribute_exists(pk) AND attribute_not_exists(#offer)';
      const items: TransactItem[] = [];
      if (offer.version > 1) {
        const from = storedFrom('send');
        e.names['#v'] = 'version';
        e.names['#st'] = 'state';
        e.values[':prev'] = offer.version - 1;
        Object.assign(e.values, from.values);
        condition = `#offer.#v = :prev AND #offer.#st IN (${from.list})`;
        // The version it replaces leaves the expiry queue (a revision of an open offer supersedes it).
        items.push({
          Update: {
            TableName,
            Key: keys.quoteOffer(offer.quoteId, offer.version - 1),
            UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
            ConditionExpression: 'attribute_exists(pk)',
          },
        });
      }
      await run(
        offer.quoteId,
        [quoteUpdate(offer.quoteId, e, condition), ...items, ...offerItems(offer)],
        write,
        'This quote request changed in the meantime (another offer was sent or the buyer answered); reload it and try again',
      );
      return written(quote, write, { offer: summaryOf(offer) });
    },

    async transitionOffer(quote, change, write) {
      if (!quote.offer) throw new ConflictError('This quote request has no offer yet');
      const version = quote.offer.version;
      const to = offerEventTo(change.event);
      const from = storedFrom(change.event);
      const e = eventExpr(write);
      e.names['#offer'] = 'offer';
      e.names['#v'] = 'version';
      e.names['#st'] = 'state';
      e.set.push('#offer.#st = :to');
      e.values[':to'] = to;
      e.values[':ver'] = version;
      Object.assign(e.values, from.values);
      if (change.acceptedTotalCents !== undefined) {
        e.set.push('#offer.acceptedTotalCents = :acc');
        e.values[':acc'] = change.acceptedTotalCents;
      }
      const offerValues: Record<string, unknown> = { ':to': to, ...from.values };
      let offerSet = '#st = :to';
      if (change.response) {
        offerSet += ', #r = :r';
        offerValues[':r'] = change.response;
      }
      await run(
        quote.id,
        [
          quoteUpdate(quote.id, e, `#offer.#v = :ver AND #offer.#st IN (${from.list})`),
          {
            Update: {
              TableName,
              Key: keys.quoteOffer(quote.id, version),
              // No state but open is in the expiry queue.
              UpdateExpression: `SET ${offerSet} REMOVE gsi1pk, gsi1sk`,
              ConditionExpression: `attribute_exists(pk) AND #st IN (${from.list})`,
              ExpressionAttributeNames: { '#st': 'state', ...(change.response ? { '#r': 'response' } : {}) },
              ExpressionAttributeValues: offerValues,
            },
          },
        ],
        write,
        'This offer was answered or replaced in the meantime; reload the quote request to see its current state',
      );
      const offer = { ...quote.offer, state: to, ...(change.acceptedTotalCents !== undefined ? { acceptedTotalCents: change.acceptedTotalCents } : {}) };
      return written(quote, write, { offer });
    },

    async addMessage(quote, message, write) {
      const e = eventExpr(write);
      e.set.push('messageCount = :seq');
      e.values[':seq'] = message.seq;
      if (message.seq > 1) e.values[':prev'] = message.seq - 1;
      if (message.seq > MAX_QUOTE_MESSAGES) throw new ConflictError(`This conversation already holds ${MAX_QUOTE_MESSAGES} messages`);
      await run(
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
      return written(quote, write, { messageCount: message.seq });
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

    async listOffersDue(today, options) {
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          // `<validUntil>#…` sorts before `<today>` exactly when the last valid day is over.
          KeyConditionExpression: 'gsi1pk = :q AND gsi1sk < :today',
          ExpressionAttributeValues: { ':q': OPEN_OFFERS, ':today': today },
          ExpressionAttributeNames: { '#v': 'version' },
          ProjectionExpression: 'quoteId, #v, validUntil',
          Limit: options.limit,
          ExclusiveStartKey: decodeCursor(options.cursor),
        }),
      );
      return {
        data: (res.Items ?? []).map((i): OfferDue => ({ quoteId: i.quoteId as number, version: i.version as number, validUntil: i.validUntil as string })),
        nextCursor: encodeCursor(res.LastEvaluatedKey) ?? null,
      };
    },
  };
}
