import type { QuoteRequest } from '@parts/shared/schemas';
import type { Offer, OfferResponse } from '@parts/shared/quote-offers';

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

export function offerAcceptedData(offer: Offer, response: OfferResponse): Record<string, unknown> {
  return {
    quoteId: offer.quoteId,
    version: offer.version,
    acceptedAt: response.at,
    acceptedTotalCents: response.acceptedTotalCents,
    lines: (response.lines ?? []).slice(0, MAX_LINES_IN_EVENT),
  };
}
