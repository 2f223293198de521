import { formatCents, type Offer } from '@parts/shared/quote-offers';
import { adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: an offer ran out without an answer (the scheduled job); they may extend it or send a new version. */
export function offerExpiredNoticeMail({ site, quote, offer }: QuoteMailProps & { offer: Offer }): MailContent {
  return mailContent(`Quote request #${quote.id}: offer version ${offer.version} expired unanswered`, [
    `Version ${offer.version} of the offer to ${quote.customerName}${quote.customerCompany ? ` (${quote.customerCompany})` : ''}, ${formatCents(offer.totalCents)}, was valid until ${offer.validUntil}; the buyer did not answer.`,
    '',
    `Extend its validity or send a new version: ${adminLink(site, quote)}`,
  ]);
}
