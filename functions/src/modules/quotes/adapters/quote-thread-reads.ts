import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OfferSummary } from '@parts/shared/schemas';
import { readStoredOfferLine, type Offer, type OfferLine, type QuoteMessage } from '@parts/shared/quote-offers';
import type { OfferDue, QuoteRepository } from '../ports/quote-repository';
import { keys, stripLayout } from '../../../adapters/dynamodb/keys';
import { assertId, decodeCursor, encodeCursor, type TableContext } from '../../../adapters/dynamodb/support';
import { OPEN_OFFERS, offerPagePrefix } from './quote-step';

const toOffer = (item: Record<string, unknown>): Offer => {
  const { quoteId, version, sentAt, sentBy, validUntil, message, lines, totalCents, state, response } = stripLayout<Offer>(item);
  const read = lines.map((l) => readStoredOfferLine(l));
  return { quoteId, version, sentAt, sentBy, validUntil, ...(message ? { message } : {}), lines: read, totalCents, state, ...(response ? { response } : {}) };
};
const toMessage = (item: Record<string, unknown>): QuoteMessage => {
  const { id, quoteId, seq, at, by, from, body, attachments } = stripLayout<QuoteMessage>(item);
  return { id, quoteId, seq, at, by, from, body, attachments: attachments ?? [] };
};

/** The quote aggregate's reads beside the request: offer versions, messages, and the open offers that are due. */
export function createQuoteThreadReads(
  ctx: TableContext,
): Pick<QuoteRepository, 'listOfferSummaries' | 'getOffer' | 'listMessages' | 'listOffersDue' | 'listOffersToRemind'> {
  const { client, tableName: TableName } = ctx;
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
      return duePage(res);
    },

    async listOffersToRemind(today, lastDay, options) {
      const res = await client.send(
        new QueryCommand({
          TableName,
          IndexName: 'gsi1',
          // Last valid day from today through lastDay (`~` sorts after every `#<id>#<version>` tail).
          KeyConditionExpression: 'gsi1pk = :q AND gsi1sk BETWEEN :from AND :to',
          FilterExpression: 'attribute_not_exists(remindedAt)',
          ExpressionAttributeValues: { ':q': OPEN_OFFERS, ':from': today, ':to': `${lastDay}#~` },
          ExpressionAttributeNames: { '#v': 'version' },
          ProjectionExpression: 'quoteId, #v, validUntil',
          Limit: options.limit,
          ExclusiveStartKey: decodeCursor(options.cursor),
        }),
      );
      return duePage(res);
    },
  };
}

function duePage(res: { Items?: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> }) {
  return {
    data: (res.Items ?? []).map((i): OfferDue => ({ quoteId: i.quoteId as number, version: i.version as number, validUntil: i.validUntil as string })),
    nextCursor: encodeCursor(res.LastEvaluatedKey) ?? null,
  };
}
