import type { OfferSummary } from '@parts/shared/schemas';
import { MAX_QUOTE_MESSAGES, type Offer } from '@parts/shared/quote-offers';
import { offerEventTo } from '@parts/shared/quote-transitions';
import { ConflictError } from '../../../domain/errors';
import type { QuoteRepository } from '../ports/quote-repository';
import { keys } from '../../../adapters/dynamodb/keys';
import type { TableContext } from '../../../adapters/dynamodb/support';
import type { QuoteRequestStore } from './quote-request-store';
import { createQuoteThreadReads } from './quote-thread-reads';
import { eventExpr, offerItems, quoteUpdate, runStep, storedFrom, written, type TransactItem } from './quote-step';
import { createQuoteValidityStore } from './quote-validity-store';
import { createQuoteOrderStore, orderItems } from './quote-order-store';

const summaryOf = (offer: Offer): OfferSummary => ({
  version: offer.version,
  state: offer.state,
  sentAt: offer.sentAt,
  validUntil: offer.validUntil,
  totalCents: offer.totalCents,
  offeredLines: offer.lines.filter((l) => l.status === 'offered').length,
  ...(offer.response?.acceptedTotalCents !== undefined ? { acceptedTotalCents: offer.response.acceptedTotalCents } : {}),
});

/** The offer versions and messages of the quote aggregate, and each quote-loop step's transaction. */
export type QuoteThreadStore = Omit<QuoteRepository, keyof QuoteRequestStore | 'getOfferDraft' | 'putOfferDraft' | 'deleteOfferDraft'>;

/**
 * Each quote-loop step: one transaction, conditional on the state the service read (the transition table's
 * from-states), answering the request as written (`written`).
 */
export function createQuoteThreadStore(ctx: TableContext): QuoteThreadStore {
  const { tableName: TableName } = ctx;
  return {
    ...createQuoteThreadReads(ctx),
    ...createQuoteValidityStore(ctx),
    ...createQuoteOrderStore(ctx),
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
      await runStep(
        ctx,
        offer.quoteId,
        [quoteUpdate(TableName, offer.quoteId, e, condition), ...items, ...offerItems(TableName, offer)],
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
      if (change.acceptedLines !== undefined) {
        e.set.push('#offer.acceptedLines = :accLines');
        e.values[':accLines'] = change.acceptedLines;
      }
      const offerValues: Record<string, unknown> = { ':to': to, ...from.values };
      let offerSet = '#st = :to';
      if (change.response) {
        offerSet += ', #r = :r';
        offerValues[':r'] = change.response;
      }
      await runStep(
        ctx,
        quote.id,
        [
          quoteUpdate(TableName, quote.id, e, `#offer.#v = :ver AND #offer.#st IN (${from.list})`),
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
          ...(change.order ? orderItems(TableName, change.order, true) : []),
        ],
        write,
        'This offer was answered or replaced in the meantime; reload the quote request to see its current state',
      );
      const offer = {
        ...quote.offer,
        state: to,
        ...(change.acceptedTotalCents !== undefined ? { acceptedTotalCents: change.acceptedTotalCents } : {}),
        ...(change.acceptedLines !== undefined ? { acceptedLines: change.acceptedLines } : {}),
      };
      return written(quote, write, { offer });
    },

    async addMessage(quote, message, write) {
      const e = eventExpr(write);
      e.set.push('messageCount = :seq');
      e.values[':seq'] = message.seq;
      if (message.seq > 1) e.values[':prev'] = message.seq - 1;
      if (message.seq > MAX_QUOTE_MESSAGES) throw new ConflictError(`This conversation already holds ${MAX_QUOTE_MESSAGES} messages`);
      await runStep(
        ctx,
        message.quoteId,
        [
          // The sequence number is the message's place in the thread: two writers cannot take the same one.
          quoteUpdate(
            TableName,
            message.quoteId,
            e,
            message.seq === 1 ? 'attribute_exists(pk) AND attribute_not_exists(messageCount)' : 'messageCount = :prev',
          ),
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
  };
}
