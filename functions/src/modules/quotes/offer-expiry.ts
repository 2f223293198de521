import { utcDay } from '@parts/shared/quote-offers';
import { effectiveOfferState, mayMove } from '@parts/shared/quote-transitions';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { Logger } from '../../lib/logger';
import type { OfferDue, QuoteRepository } from './ports/quote-repository';
import { SYSTEM_ACTOR, eventEntry } from './offer-moves';

/** Offers read from the queue per page. */
const PAGE = 25;

export interface OfferExpiryResult {
  expired: number;
  /** Answered, replaced or gone since the queue was read: nothing to record. */
  skipped: number;
}

/**
 * The scheduled expiry job (ADR 113): records that an open offer ran out — its history entry, the
 * offer's stored state, the request waiting for the reseller — for every offer in the queue whose last
 * valid day is over. Reads never write: until the job has run, reads show such an offer as expired
 * (`asOfToday`). Run by an EventBridge rule in AWS (functions/src/lambda/quote-expiry.ts) and by a timer
 * in `npm start` (QUOTE_EXPIRY_INTERVAL_SECONDS). Safe to run twice at once: each move is conditional.
 */
export function createOfferExpiryJob(deps: { quotes: QuoteRepository; logger: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function expire(due: OfferDue, today: string): Promise<boolean> {
    const quote = await deps.quotes.getQuoteRequest(due.quoteId);
    const offer = quote?.offer;
    if (!quote || !offer || offer.version !== due.version || effectiveOfferState(offer, today) !== 'expired') return false;
    if (!mayMove('expire', offer.state, 'system')) return false;
    const write = {
      event: eventEntry(now(), SYSTEM_ACTOR, 'offer_expired', { version: offer.version, note: `Valid until ${offer.validUntil}` }),
      waitingFor: 'reseller' as const,
      mails: [],
    };
    try {
      await deps.quotes.transitionOffer(quote, { event: 'expire' }, write);
    } catch (err) {
      // The buyer answered (or the reseller revised) a moment ago: their move stands.
      if (err instanceof ConflictError || err instanceof NotFoundError) return false;
      throw err;
    }
    deps.logger.info('quote.event', { quoteId: quote.id, event: 'offer_expired', by: SYSTEM_ACTOR, version: offer.version });
    return true;
  }

  return {
    async run(): Promise<OfferExpiryResult> {
      const today = utcDay(now());
      const result: OfferExpiryResult = { expired: 0, skipped: 0 };
      let cursor: string | undefined;
      do {
        const page = await deps.quotes.listOffersDue(today, { limit: PAGE, ...(cursor ? { cursor } : {}) });
        for (const due of page.data) {
          if (await expire(due, today)) result.expired++;
          else result.skipped++;
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      if (result.expired + result.skipped > 0) deps.logger.info('quote.expiry_done', { ...result });
      return result;
    },
  };
}
export type OfferExpiryJob = ReturnType<typeof createOfferExpiryJob>;
