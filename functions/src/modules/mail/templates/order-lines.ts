import { formatMicros } from '@parts/shared/numbers/money';
import { formatQuantity } from '@parts/shared/numbers/display';
import { formatCents } from '@parts/shared/quote-offers';
import type { Order } from '@parts/shared/orders';
import { MAIL_OFFER_LINES } from './mail-text';

/** An order's lines as the confirmation mails list them: ship date or the reason a line is rejected; then the confirmed total. */
export function confirmedOrderLines(order: Order): string[] {
  const lines = order.lines.slice(0, MAIL_OFFER_LINES).map((l) => {
    const head = `- ${l.partNumber} ${l.name}${l.reference ? ` (your ref. ${l.reference})` : ''}: ${formatQuantity(l.quantity)} × ${formatMicros(l.unitPriceMicros)} = ${formatCents(l.lineTotalCents)}`;
    return l.state === 'confirmed' ? `${head}, ships ${l.shipDate}` : `${head}, rejected: ${l.rejectReason}`;
  });
  const more = order.lines.length - MAIL_OFFER_LINES;
  return [
    ...lines,
    ...(more > 0 ? [`… and ${more.toLocaleString('en-US')} more lines: see the whole order on the site or in its PDF`] : []),
    '',
    `Confirmed total: ${formatCents(order.confirmedTotalCents ?? 0)}`,
  ];
}

export const poText = (order: Order) => (order.purchaseOrder.number ? ` (PO ${order.purchaseOrder.number})` : '');
