import { formatCents, type Offer } from '@parts/shared/quote-offers';
import { adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: a record of the offer version sent, and to whom. */
export function offerSentNoticeMail({ site, quote, offer }: QuoteMailProps & { offer: Offer }): MailContent {
  const to = quote.submittedBy ? ` (account ${quote.submittedBy})` : ` <${quote.customerEmail}>`;
  return mailContent(`Offer version ${offer.version} sent for quote request #${quote.id}`, [
    `${offer.sentBy} sent version ${offer.version} (${formatCents(offer.totalCents)}, valid until ${offer.validUntil}) to ${quote.customerName}${to}.`,
    '',
    `Open it: ${adminLink(site, quote)}`,
  ]);
}
