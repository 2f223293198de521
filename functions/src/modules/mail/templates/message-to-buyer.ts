import type { QuoteMessage } from '@parts/shared/quote-offers';
import { buyerLink, hasAccount, mailContent, plural, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer: a message the reseller wrote in the request's thread. */
export function messageToBuyerMail({ site, quote, message }: QuoteMailProps & { message: QuoteMessage }): MailContent {
  return mailContent(`New message about your quote request #${quote.id}`, [
    `Hello ${quote.customerName},`,
    '',
    message.body,
    message.attachments.length ? `\n(${plural(message.attachments.length, 'attachment', 'attachments')})` : undefined,
    '',
    hasAccount(quote) ? `Answer it in your account: ${buyerLink(site, quote)}` : `Reply to ${site.email}.`,
    ...signature(site),
  ]);
}
