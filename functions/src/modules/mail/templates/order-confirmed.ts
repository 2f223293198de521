import type { Order } from '@parts/shared/orders';
import { buyerLink, hasAccount, mailContent, signature, type MailContent, type QuoteMailProps } from './mail-text';
import { confirmedOrderLines, poText } from './order-lines';

/** To the buyer: the reseller confirmed their order (each line's ship date, rejected lines with the reason), or could supply none of it. */
export function orderConfirmedMail({ site, quote, order }: QuoteMailProps & { order: Order }): MailContent {
  const rejected = order.state === 'rejected';
  return mailContent(rejected ? `We cannot supply your order for quote request #${quote.id}` : `Order confirmed: quote request #${quote.id}${poText(order)}`, [
    `Hello ${quote.customerName},`,
    '',
    rejected
      ? `We are sorry: we cannot supply any line of your order${poText(order)}.`
      : `We confirm your order${poText(order)}. Each line ships on the date shown; the order confirmation is attached to your request as a PDF.`,
    '',
    ...confirmedOrderLines(order),
    '',
    hasAccount(quote) ? `See it in your account: ${buyerLink(site, quote)}` : `Questions? Reply to ${site.email}.`,
    ...signature(site),
  ]);
}
