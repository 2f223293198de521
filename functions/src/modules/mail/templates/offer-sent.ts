import { formatCents, type Offer } from '@parts/shared/quote-offers';
import { buyerLink, hasAccount, mailContent, offerLines, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer: the offer (or a revised version of it), line by line, with how to accept it. */
export function offerSentMail({ site, quote, offer }: QuoteMailProps & { offer: Offer }): MailContent {
  const revised = offer.version > 1;
  return mailContent(`${revised ? 'Revised offer' : 'Your offer'} for quote request #${quote.id} (version ${offer.version})`, [
    `Hello ${quote.customerName},`,
    '',
    `${revised ? `Here is version ${offer.version} of our offer` : 'Here is our offer'} for your quote request #${quote.id}, valid until ${offer.validUntil}.`,
    '',
    ...offerLines(offer),
    '',
    `Total: ${formatCents(offer.totalCents)}`,
    offer.message ? `\n${offer.message}` : undefined,
    '',
    hasAccount(quote) ? `Accept it, line by line if you like, or ask for changes: ${buyerLink(site, quote)}` : `Reply to ${site.email} to accept it.`,
    ...signature(site),
  ]);
}
