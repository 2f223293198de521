import type { Offer } from '@parts/shared/quote-offers';
import { acceptedLines, adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: the buyer accepted an offer version (`summary`: what of it), with their PO number and each line's answer; confirm the order next. */
export function offerAcceptedNoticeMail({
  site,
  quote,
  offer,
  summary,
  poNumber,
}: QuoteMailProps & { offer: Offer; summary: string; poNumber?: string }): MailContent {
  return mailContent(`Quote request #${quote.id}: offer version ${offer.version} accepted`, [
    `${quote.customerName} accepted version ${offer.version}: ${summary}.`,
    poNumber !== undefined && `Their purchase order number: ${poNumber}`,
    ...acceptedLines(offer),
    '',
    `Confirm the order with ship dates: ${adminLink(site, quote)}`,
  ]);
}
