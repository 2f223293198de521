import type { Order } from '@parts/shared/orders';
import { adminLink, mailContent, type MailContent, type QuoteMailProps } from './mail-text';
import { confirmedOrderLines, poText } from './order-lines';

/** To the reseller: the record of the confirmation they sent (for the ERP clerk's inbox). */
export function orderConfirmedNoticeMail({ site, quote, order }: QuoteMailProps & { order: Order }): MailContent {
  return mailContent(`Quote request #${quote.id}: order ${order.state === 'rejected' ? 'rejected' : 'confirmed'}${poText(order)}`, [
    `${order.confirmedBy ?? 'You'} ${order.state === 'rejected' ? 'rejected' : 'confirmed'} the order of ${quote.customerName}${quote.customerCompany ? ` (${quote.customerCompany})` : ''}${poText(order)}.`,
    '',
    ...confirmedOrderLines(order),
    '',
    `Open it: ${adminLink(site, quote)}`,
  ]);
}
