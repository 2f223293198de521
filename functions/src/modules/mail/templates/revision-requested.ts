import type { Offer } from '@parts/shared/quote-offers';
import { adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: the buyer asks for a revision of an offer version, in their words. */
export function revisionRequestedMail({ site, quote, offer, message }: QuoteMailProps & { offer: Offer; message: string }): MailContent {
  return mailContent(`Quote request #${quote.id}: revision of version ${offer.version} requested`, [
    `${quote.customerName} asks for a revision of version ${offer.version}:`,
    '',
    message,
    '',
    `Open it: ${adminLink(site, quote)}`,
  ]);
}
