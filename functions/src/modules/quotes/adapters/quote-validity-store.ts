import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { offerEventTo } from '@parts/shared/quote-transitions';
import { ConflictError } from '../../../domain/errors';
import type { QuoteRepository } from '../ports/quote-repository';
import { keys } from '../../../adapters/dynamodb/keys';
import { cancellationCodes, type TableContext } from '../../../adapters/dynamodb/support';
import { outboxItem } from '../../mail';
import { OPEN_OFFERS, dueKey, eventExpr, quoteUpdate, runStep, storedFrom, written } from './quote-step';

/**
 * An open offer's validity (ADR 113 and issue 28): the reseller extending it without a new version, and the
 * scheduled job's reminder to the buyer, recorded on the version so it goes out once.
 */
export function createQuoteValidityStore(ctx: TableContext): Pick<QuoteRepository, 'extendOffer' | 'markReminded'> {
  const { tableName: TableName } = ctx;
  return {
    async extendOffer(quote, validUntil, write) {
      if (!quote.offer) throw new ConflictError('This quote request has no offer yet');
      const { version } = quote.offer;
      const from = storedFrom('extend');
      const e = eventExpr(write);
      e.names['#offer'] = 'offer';
      e.names['#v'] = 'version';
      e.names['#st'] = 'state';
      e.set.push('#offer.#st = :open', '#offer.validUntil = :until');
      Object.assign(e.values, from.values, { ':ver': version, ':open': offerEventTo('extend'), ':until': validUntil });
      await runStep(
        ctx,
        quote.id,
        [
          quoteUpdate(TableName, quote.id, e, `#offer.#v = :ver AND #offer.#st IN (${from.list})`),
          {
            Update: {
              TableName,
              Key: keys.quoteOffer(quote.id, version),
              // Back in the expiry queue under its new day; a reminder is due again before that day.
              UpdateExpression: 'SET #st = :open, validUntil = :until, gsi1pk = :q, gsi1sk = :due REMOVE remindedAt',
              ConditionExpression: `attribute_exists(pk) AND #st IN (${from.list})`,
              ExpressionAttributeNames: { '#st': 'state' },
              ExpressionAttributeValues: {
                ...from.values,
                ':open': offerEventTo('extend'),
                ':until': validUntil,
                ':q': OPEN_OFFERS,
                ':due': dueKey({ quoteId: quote.id, version, validUntil }),
              },
            },
          },
        ],
        write,
        'This offer was answered or replaced in the meantime; reload the quote request to see its current state',
      );
      return written(quote, write, { offer: { ...quote.offer, state: offerEventTo('extend'), validUntil } });
    },

    async markReminded(due, at, mails) {
      const now = ctx.now();
      try {
        await ctx.client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName,
                  Key: keys.quoteOffer(due.quoteId, due.version),
                  UpdateExpression: 'SET remindedAt = :at',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(remindedAt) AND #st = :open',
                  ExpressionAttributeNames: { '#st': 'state' },
                  ExpressionAttributeValues: { ':at': at, ':open': 'open' },
                },
              },
              ...mails.map((m) => ({ Put: { TableName, Item: outboxItem(m, now), ConditionExpression: 'attribute_not_exists(pk)' } })),
            ],
          }),
        );
      } catch (err) {
        if (cancellationCodes(err)?.includes('ConditionalCheckFailed')) throw new ConflictError('This offer was reminded of already or is no longer open');
        throw err;
      }
    },
  };
}
