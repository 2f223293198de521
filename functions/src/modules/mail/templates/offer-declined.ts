import type { Offer } from '@parts/shared/quote-offers';
import { buyerLink, mailContent, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer: the offer version they declined, with their reason. */
export function offerDeclinedMail({ site, quote, offer, reason }: QuoteMailProps & { offer: Offer; reason: string }): MailContent {
  return mailContent(`You declined our offer for quote request #${quote.id}`, [
    `Hello ${quote.customerName},`,
    '',
    `You declined version ${offer.version} of our offer. Your reason: ${reason}`,
    `If anything changes, write to us from your account: ${buyerLink(site, quote)}`,
    ...signature(site),
  ]);
}
