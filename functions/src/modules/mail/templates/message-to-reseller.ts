import type { QuoteMessage } from '@parts/shared/quote-offers';
import { adminLink, mailContent, plural, type MailContent, type QuoteMailProps } from './mail-text';

/** To the reseller: a message the buyer wrote in the request's thread. */
export function messageToResellerMail({ site, quote, message }: QuoteMailProps & { message: QuoteMessage }): MailContent {
  return mailContent(`New message on quote request #${quote.id} from ${quote.customerName}`, [
    message.body,
    message.attachments.length ? `\n(${plural(message.attachments.length, 'attachment', 'attachments')})` : undefined,
    '',
    `Answer it: ${adminLink(site, quote)}`,
  ]);
}
