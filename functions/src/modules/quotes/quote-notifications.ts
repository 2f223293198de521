import { randomUUID } from 'node:crypto';
import type { QuoteRequest } from '@parts/shared/schemas';
import type { Offer, QuoteMessage } from '@parts/shared/quote-offers';
import type { SiteSettings } from '@parts/shared/site-settings';
import type { Order } from '@parts/shared/orders';
import {
  messageToBuyerMail,
  messageToResellerMail,
  offerAcceptedMail,
  offerAcceptedNoticeMail,
  offerDeclinedMail,
  offerDeclinedNoticeMail,
  offerExpiredMail,
  offerExpiredNoticeMail,
  offerExpiringMail,
  offerExtendedMail,
  offerSentMail,
  offerSentNoticeMail,
  orderConfirmedMail,
  orderConfirmedNoticeMail,
  quoteNewRequestMail,
  quoteReceivedMail,
  revisionRequestedMail,
  type MailContent,
  type OutboxMail,
  type SubmitterAccount,
} from '../mail';

export type { SubmitterAccount };

/**
 * The quote loop's mails: who gets which, and when. Built when the data is stored and written in the same
 * transaction (the outbox), sent afterwards; their wording is in the mail module's templates.
 */

/** An address (the reseller's, or a customer the reseller typed in), or the buyer's account. */
type Recipient = string | { account: string };

function mail(kind: string, quote: QuoteRequest, to: Recipient, content: MailContent): OutboxMail {
  const address = typeof to === 'string' ? { to: [to] } : { to: [], toAccount: to.account };
  return { id: randomUUID(), kind, quoteId: quote.id, ...address, ...content };
}

/**
 * Who gets the buyer's side of a request's mails (ADR 096). A request a buyer submitted: their account,
 * i.e. the address the account confirmed, looked up when the mail is sent (held until there is one) —
 * never the form's e-mail, which anyone could fill in with a stranger's. A request the reseller typed in
 * for a caller: the address the reseller typed.
 */
const buyer = (quote: QuoteRequest): Recipient => (quote.submittedBy ? { account: quote.submittedBy } : quote.customerEmail);

export const quoteMails = {
  newRequest(site: SiteSettings, quote: QuoteRequest, account?: SubmitterAccount): OutboxMail[] {
    return [
      mail('quote.new_request', quote, buyer(quote), quoteReceivedMail({ site, quote })),
      mail('quote.new_request', quote, site.quotesEmail, quoteNewRequestMail({ site, quote, account })),
    ];
  },

  offerSent(site: SiteSettings, quote: QuoteRequest, offer: Offer): OutboxMail[] {
    return [
      mail('quote.offer_sent', quote, buyer(quote), offerSentMail({ site, quote, offer })),
      mail('quote.offer_sent', quote, site.quotesEmail, offerSentNoticeMail({ site, quote, offer })),
    ];
  },

  offerAccepted(site: SiteSettings, quote: QuoteRequest, offer: Offer, summary: string, poNumber?: string): OutboxMail[] {
    const po = poNumber !== undefined ? { poNumber } : {};
    return [
      mail('quote.offer_accepted', quote, buyer(quote), offerAcceptedMail({ site, quote, offer, summary, ...po })),
      mail('quote.offer_accepted', quote, site.quotesEmail, offerAcceptedNoticeMail({ site, quote, offer, summary, ...po })),
    ];
  },

  /** The reseller confirmed the order (or rejected every line), ADR 121: both sides get the lines with ship dates. */
  orderConfirmed(site: SiteSettings, quote: QuoteRequest, order: Order): OutboxMail[] {
    return [
      mail('quote.order_confirmed', quote, buyer(quote), orderConfirmedMail({ site, quote, order })),
      mail('quote.order_confirmed', quote, site.quotesEmail, orderConfirmedNoticeMail({ site, quote, order })),
    ];
  },

  offerDeclined(site: SiteSettings, quote: QuoteRequest, offer: Offer, reason: string): OutboxMail[] {
    return [
      mail('quote.offer_declined', quote, buyer(quote), offerDeclinedMail({ site, quote, offer, reason })),
      mail('quote.offer_declined', quote, site.quotesEmail, offerDeclinedNoticeMail({ site, quote, offer, reason })),
    ];
  },

  offerExtended(site: SiteSettings, quote: QuoteRequest, offer: Offer, validUntil: string): OutboxMail[] {
    return [mail('quote.offer_extended', quote, buyer(quote), offerExtendedMail({ site, quote, offer, validUntil }))];
  },

  /** The scheduled job recorded that the offer ran out unanswered: both sides hear of it, once (same transaction). */
  offerExpired(site: SiteSettings, quote: QuoteRequest, offer: Offer): OutboxMail[] {
    return [
      mail('quote.offer_expired', quote, buyer(quote), offerExpiredMail({ site, quote, offer })),
      mail('quote.offer_expired', quote, site.quotesEmail, offerExpiredNoticeMail({ site, quote, offer })),
    ];
  },

  /** The scheduled job's reminder, some days before the last valid day. */
  offerExpiring(site: SiteSettings, quote: QuoteRequest, offer: Offer, daysLeft: number): OutboxMail[] {
    return [mail('quote.offer_expiring', quote, buyer(quote), offerExpiringMail({ site, quote, offer, daysLeft }))];
  },

  revisionRequested(site: SiteSettings, quote: QuoteRequest, offer: Offer, message: string): OutboxMail[] {
    return [mail('quote.revision_requested', quote, site.quotesEmail, revisionRequestedMail({ site, quote, offer, message }))];
  },

  newMessage(site: SiteSettings, quote: QuoteRequest, message: QuoteMessage): OutboxMail[] {
    return message.from === 'buyer'
      ? [mail('quote.message', quote, site.quotesEmail, messageToResellerMail({ site, quote, message }))]
      : [mail('quote.message', quote, buyer(quote), messageToBuyerMail({ site, quote, message }))];
  },
};
