import { buyerLink, hasAccount, mailContent, plural, signature, type MailContent, type QuoteMailProps } from './mail-text';

/** To the buyer: their quote request arrived. */
export function quoteReceivedMail({ site, quote }: QuoteMailProps): MailContent {
  return mailContent(`We received your quote request #${quote.id}`, [
    `Hello ${quote.customerName},`,
    '',
    `Thank you for your quote request #${quote.id} (${plural(quote.items.length, 'line', 'lines')}). We will send you a priced offer soon.`,
    hasAccount(quote) && `Follow it in your account: ${buyerLink(site, quote)}`,
    ...signature(site),
  ]);
}
