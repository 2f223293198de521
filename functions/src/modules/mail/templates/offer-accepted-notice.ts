import type { Offer } from '@parts/shared/quote-offers';
import { adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: the buyer accepted an offer version (`summary`: what of it). */
export function offerAcceptedNoticeMail({ site, quote, offer, summary }: QuoteMailProps & { offer: Offer; summary: string }): MailContent {
  return mailContent(`Quote request #${quote.id}: offer version ${offer.version} accepted`, [
    `${quote.customerName} accepted version ${offer.version}: ${summary}.`,
    '',
    `Open it: ${adminLink(site, quote)}`,
  ]);
}
