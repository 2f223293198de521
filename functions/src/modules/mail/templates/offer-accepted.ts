import type { Offer } from '@parts/shared/quote-offers';
import { acceptedLines, buyerLink, mailContent, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer: the offer version they accepted, what of it (`summary`), and each line's answer. */
export function offerAcceptedMail({
  site,
  quote,
  offer,
  summary,
  poNumber,
}: QuoteMailProps & { offer: Offer; summary: string; poNumber?: string }): MailContent {
  return mailContent(`You accepted our offer for quote request #${quote.id}`, [
    `Hello ${quote.customerName},`,
    '',
    `Thank you: you accepted version ${offer.version} of our offer (${summary}). We will confirm delivery shortly.`,
    poNumber !== undefined && `Your purchase order number: ${poNumber}`,
    ...acceptedLines(offer),
    '',
    `See it in your account: ${buyerLink(site, quote)}`,
    ...signature(site),
  ]);
}
