import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { QuoteRequest } from '@parts/shared/schemas';
import type { Offer, OfferLine } from '@parts/shared/quote-offers';
import { offerEventFrom, type OfferEvent } from '@parts/shared/quote-transitions';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors';
import type { QuoteEventWrite } from '../ports/quote-repository';
import { keys, padId } from '../../../adapters/dynamodb/keys';
import { byStatus } from './quote-request-store';
import { outboxItem } from '../../mail';
import { webhookDeliveryItem } from '../../webhooks';
import { cancellationCodes, withConflictRetry, type TableContext } from '../../../adapters/dynamodb/support';

/** The pieces every quote-loop step's transaction is built from (quote-thread-store.ts). */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type Expr = { set: string[]; remove: string[]; add: string[]; names: Record<string, string>; values: Record<string, unknown> };

/** Lines kept in the offer item itself; a longer offer keeps the rest in page items written in the same transaction. */
export const OFFER_LINES_PER_ITEM = 100;
/** A transaction carries at most 4 MB; an offer of 2,000 lines with notes stays under this. */
const MAX_OFFER_BYTES = 3_500_000;
export const offerPagePrefix = (quoteId: number, version: number) => ({ pk: keys.quote(quoteId).pk, sk: `OFFERLINES#${String(version).padStart(6, '0')}#` });

/** gsi1 partition of the offer versions that are open: the scheduled expiry job's queue (ADR 113). */
export const OPEN_OFFERS = 'OFFER#OPEN';
export const dueKey = (offer: Pick<Offer, 'quoteId' | 'version' | 'validUntil'>) =>
  `${offer.validUntil}#${padId(offer.quoteId)}#${String(offer.version).padStart(6, '0')}`;

/** The stored states an event may start from, as condition values (`none`, no offer yet, is not a stored state). */
export function storedFrom(event: OfferEvent): { list: string; values: Record<string, string> } {
  const states = offerEventFrom(event).filter((s) => s !== 'none');
  const values = Object.fromEntries(states.map((st, i) => [`:from${i}`, st]));
  return { list: Object.keys(values).join(', '), values };
}

/** The request as the transaction left it: the read request with the same changes the update made. */
export function written(quote: QuoteRequest, write: QuoteEventWrite, patch: Partial<QuoteRequest>): QuoteRequest {
  const entries = write.status ? [write.event, write.status] : [write.event];
  const next: QuoteRequest = {
    ...quote,
    history: [...quote.history, ...entries],
    lastActivityAt: write.event.at,
    ...(write.status ? { status: write.status.to } : {}),
    ...patch,
  };
  if (write.waitingFor) next.waitingFor = write.waitingFor;
  else delete next.waitingFor;
  return next;
}

/** The request's part of every quote-loop write: the history entry, whose move it is, the last activity. */
export function eventExpr(write: QuoteEventWrite): Expr {
  const e: Expr = {
    set: ['history = list_append(if_not_exists(history, :none), :entry)', 'lastActivityAt = :at'],
    remove: [],
    add: [],
    names: {},
    values: { ':none': [], ':entry': write.status ? [write.event, write.status] : [write.event], ':at': write.event.at },
  };
  if (write.status) {
    // The status the event sets (ADR 114), with the status index the admin's filter reads.
    e.set.push('#status = :status', 'gsi2pk = :statusKey');
    e.names['#status'] = 'status';
    e.values[':status'] = write.status.to;
    e.values[':statusKey'] = byStatus(write.status.to);
  }
  if (write.waitingFor) {
    e.set.push('waitingFor = :w');
    e.values[':w'] = write.waitingFor;
  } else e.remove.push('waitingFor');
  return e;
}

export function quoteUpdate(TableName: string, quoteId: number, e: Expr, condition: string): TransactItem {
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
export async function runStep(ctx: TableContext, quoteId: number, items: TransactItem[], write: QuoteEventWrite, conflict: string): Promise<void> {
  const { client, tableName: TableName } = ctx;
  const now = ctx.now();
  const all = [
    ...items,
    ...write.mails.map((m): TransactItem => ({ Put: { TableName, Item: outboxItem(m, now), ConditionExpression: 'attribute_not_exists(pk)' } })),
    ...(write.webhooks ?? []).map((d): TransactItem => ({
      Put: { TableName, Item: webhookDeliveryItem(d, now), ConditionExpression: 'attribute_not_exists(pk)' },
    })),
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
export function offerItems(TableName: string, offer: Offer): TransactItem[] {
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
