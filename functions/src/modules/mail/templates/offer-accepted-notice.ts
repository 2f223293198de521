import type { Offer } from '@parts/shared/quote-offers';
import { acceptedLines, adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: the buyer accepted an offer version (`summary`: what of it), with each line's answer. */
export function offerAcceptedNoticeMail({ site, quote, offer, summary }: QuoteMailProps & { offer: Offer; summary: string }): MailContent {
  return mailContent(`Quote request #${quote.id}: offer version ${offer.version} accepted`, [
    `${quote.customerName} accepted version ${offer.version}: ${summary}.`,
    ...acceptedLines(offer),
    '',
    `Open it: ${adminLink(site, quote)}`,
  ]);
}
