import type { Offer } from '@parts/shared/quote-offers';
import { buyerLink, hasAccount, mailContent, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer: the reseller moved the validity date of the offer's latest version (nothing else changed). */
export function offerExtendedMail({ site, quote, offer, validUntil }: QuoteMailProps & { offer: Offer; validUntil: string }): MailContent {
  return mailContent(`Our offer for quote request #${quote.id} is now valid until ${validUntil}`, [
    `Hello ${quote.customerName},`,
    '',
    `We extended version ${offer.version} of our offer for your quote request #${quote.id}: it is now valid until ${validUntil} (it was ${offer.validUntil}). Nothing else changed.`,
    '',
    hasAccount(quote) ? `Accept it, line by line if you like, or ask for changes: ${buyerLink(site, quote)}` : `Reply to ${site.email} to accept it.`,
    ...signature(site),
  ]);
}
