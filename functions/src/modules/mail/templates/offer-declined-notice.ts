import type { Offer } from '@parts/shared/quote-offers';
import { adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: the buyer declined an offer version, and why. */
export function offerDeclinedNoticeMail({ site, quote, offer, reason }: QuoteMailProps & { offer: Offer; reason: string }): MailContent {
  return mailContent(`Quote request #${quote.id}: offer version ${offer.version} declined`, [
    `${quote.customerName} declined version ${offer.version}.`,
    `Reason: ${reason}`,
    '',
    `Open it: ${adminLink(site, quote)}`,
  ]);
}
