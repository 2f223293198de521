import { formatCents, type Offer } from '@parts/shared/quote-offers';
import { buyerLink, hasAccount, mailContent, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer, when the scheduled job records that an offer ran out unanswered (ADR 113). */
export function offerExpiredMail({ site, quote, offer }: QuoteMailProps & { offer: Offer }): MailContent {
  return mailContent(`Our offer for quote request #${quote.id} has expired`, [
    `Hello ${quote.customerName},`,
    '',
    `Version ${offer.version} of our offer for your quote request #${quote.id} (${formatCents(offer.totalCents)}) was valid until ${offer.validUntil} and can no longer be accepted.`,
    '',
    hasAccount(quote)
      ? `If you still need the parts, ask for a revision and we will send a new offer: ${buyerLink(site, quote)}`
      : `If you still need the parts, reply to ${site.email} and we will send a new offer.`,
    ...signature(site),
  ]);
}
