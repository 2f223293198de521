import type { QuoteRequest } from '@parts/shared/schemas';
import type { Offer, OfferResponse } from '@parts/shared/quote-offers';
import type { Order } from '@parts/shared/orders';

/**
 * The `data` of the quote events' webhooks (ADR 123, docs/webhooks.md): what an ERP needs to match the event
 * to its own records, small enough to travel in the event's transaction. The full request and offer stay in
 * the admin; a long request's lines are sent up to this many.
 */
const MAX_LINES_IN_EVENT = 200;

export function quoteSubmittedData(quote: QuoteRequest): Record<string, unknown> {
  return {
    quoteId: quote.id,
    createdAt: quote.createdAt,
    customer: {
      name: quote.customerName,
      email: quote.customerEmail,
      ...(quote.customerCompany ? { company: quote.customerCompany } : {}),
      ...(quote.customerPhone ? { phone: quote.customerPhone } : {}),
    },
    ...(quote.submittedBy ? { submittedBy: quote.submittedBy } : {}),
    lineCount: quote.itemCount ?? quote.items.length,
    lines: quote.items.slice(0, MAX_LINES_IN_EVENT).map((item) => ({
      itemId: item.id,
      quantity: item.quantity,
      ...(item.part ? { partNumber: item.part.partNumber, name: item.part.name } : {}),
      ...(item.freeText ? { freeText: item.freeText } : {}),
      ...(item.reference ? { reference: item.reference } : {}),
      ...(item.neededBy ? { neededBy: item.neededBy } : {}),
    })),
  };
}

export function offerSentData(offer: Offer): Record<string, unknown> {
  return {
    quoteId: offer.quoteId,
    version: offer.version,
    sentAt: offer.sentAt,
    validUntil: offer.validUntil,
    totalCents: offer.totalCents,
    lineCount: offer.lines.length,
  };
}

export function offerAcceptedData(offer: Offer, response: OfferResponse, poNumber?: string): Record<string, unknown> {
  return {
    quoteId: offer.quoteId,
    version: offer.version,
    acceptedAt: response.at,
    acceptedTotalCents: response.acceptedTotalCents,
    ...(poNumber ? { purchaseOrderNumber: poNumber } : {}),
    lines: (response.lines ?? []).slice(0, MAX_LINES_IN_EVENT),
  };
}

/** The order as the reseller confirmed it (ADR 121): `state` is `rejected` when no line was left. */
function orderData(order: Order, lines: Order['lines']): Record<string, unknown> {
  return {
    quoteId: order.quoteId,
    version: order.version,
    state: order.state,
    ...(order.confirmedAt ? { confirmedAt: order.confirmedAt } : {}),
    ...(order.purchaseOrder.number ? { purchaseOrderNumber: order.purchaseOrder.number } : {}),
    totalCents: order.totalCents,
    ...(order.confirmedTotalCents !== undefined ? { confirmedTotalCents: order.confirmedTotalCents } : {}),
    lineCount: lines.length,
    lines: lines.slice(0, MAX_LINES_IN_EVENT),
  };
}

/**
 * The webhooks of a confirmation, in one place: `order.confirmed` with every line (ship date or reason), and
 * `order.line_rejected` with the rejected lines when there are any. One event each, so a 2,000-line order with
 * many rejections still fits one transaction.
 */
export function orderConfirmationEvents(order: Order): { type: 'order.confirmed' | 'order.line_rejected'; data: Record<string, unknown> }[] {
  const rejected = order.lines.filter((l) => l.state === 'rejected');
  return [
    { type: 'order.confirmed', data: orderData(order, order.lines) },
    ...(rejected.length > 0 ? [{ type: 'order.line_rejected' as const, data: orderData(order, rejected) }] : []),
  ];
}
