import { addDays, utcDay } from '@parts/shared/quote-offers';
import type { SiteSettings } from '@parts/shared/site-settings';
import { effectiveOfferState, mayMove } from '@parts/shared/quote-transitions';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { Logger } from '../../lib/logger';
import type { OfferDue, QuoteRepository } from './ports/quote-repository';
import { SYSTEM_ACTOR, eventEntry } from './offer-moves';
import { quoteMails } from './quote-notifications';

/** Offers read from the queue per page. */
const PAGE = 25;

export interface OfferExpiryResult {
  expired: number;
  /** Answered, replaced or gone since the queue was read: nothing to record. */
  skipped: number;
  /** Buyers reminded that an offer runs out soon. */
  reminded: number;
}

/** The buyer's reminder: `daysBefore` days before an offer's last valid day (0: none). */
export interface OfferReminders {
  daysBefore: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The scheduled expiry job (ADR 113): reminds the buyer `reminders.daysBefore` days before an open offer's
 * last valid day (once per version, QUOTE_REMINDER_DAYS_BEFORE), and records that an open offer ran out — its history entry, the
 * offer's stored state, the request waiting for the reseller, a mail to each side — for every offer in the queue whose last
 * valid day is over. Reads never write: until the job has run, reads show such an offer as expired
 * (`asOfToday`). Run by an EventBridge rule in AWS (functions/src/lambda/quote-expiry.ts) and by a timer
 * in `npm start` (QUOTE_EXPIRY_INTERVAL_SECONDS). Safe to run twice at once: each move is conditional.
 */
export function createOfferExpiryJob(deps: { quotes: QuoteRepository; logger: Logger; site: SiteSettings; now?: () => Date; reminders?: OfferReminders }) {
  const now = deps.now ?? (() => new Date());

  async function expire(due: OfferDue, today: string): Promise<boolean> {
    const quote = await deps.quotes.getQuoteRequest(due.quoteId);
    const offer = quote?.offer;
    if (!quote || !offer || offer.version !== due.version || effectiveOfferState(offer, today) !== 'expired') return false;
    if (!mayMove('expire', offer.state, 'system')) return false;
    const full = await deps.quotes.getOffer(quote.id, offer.version);
    if (!full) return false;
    const write = {
      event: eventEntry(now(), SYSTEM_ACTOR, 'offer_expired', { version: offer.version, note: `Valid until ${offer.validUntil}` }),
      waitingFor: 'reseller' as const,
      // In the same conditional transaction as the move: an overlapping run that loses it writes no mails.
      mails: quoteMails.offerExpired(deps.site, quote, full),
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

  /** One reminder per version (recorded on it, so a second run or an overlapping one sends none). */
  async function remind(due: OfferDue, today: string): Promise<boolean> {
    const quote = await deps.quotes.getQuoteRequest(due.quoteId);
    if (!quote?.offer || quote.offer.version !== due.version || effectiveOfferState(quote.offer, today) !== 'open') return false;
    const offer = await deps.quotes.getOffer(due.quoteId, due.version);
    if (!offer) return false;
    const mails = quoteMails.offerExpiring(deps.site, quote, offer, daysBetween(today, offer.validUntil));
    try {
      await deps.quotes.markReminded(due, now().toISOString(), mails);
    } catch (err) {
      if (err instanceof ConflictError) return false;
      throw err;
    }
    deps.logger.info('quote.offer_reminder', { quoteId: quote.id, version: offer.version, validUntil: offer.validUntil });
    return true;
  }

  async function remindAll(today: string, result: OfferExpiryResult): Promise<void> {
    const reminders = deps.reminders;
    if (!reminders || reminders.daysBefore <= 0) return;
    let cursor: string | undefined;
    do {
      const page = await deps.quotes.listOffersToRemind(today, addDays(today, reminders.daysBefore), { limit: PAGE, ...(cursor ? { cursor } : {}) });
      for (const due of page.data) if (await remind(due, today)) result.reminded++;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  return {
    async run(): Promise<OfferExpiryResult> {
      const today = utcDay(now());
      const result: OfferExpiryResult = { expired: 0, skipped: 0, reminded: 0 };
      let cursor: string | undefined;
      do {
        const page = await deps.quotes.listOffersDue(today, { limit: PAGE, ...(cursor ? { cursor } : {}) });
        for (const due of page.data) {
          if (await expire(due, today)) result.expired++;
          else result.skipped++;
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      await remindAll(today, result);
      if (result.expired + result.skipped + result.reminded > 0) deps.logger.info('quote.expiry_done', { ...result });
      return result;
    },
  };
}
export type OfferExpiryJob = ReturnType<typeof createOfferExpiryJob>;
