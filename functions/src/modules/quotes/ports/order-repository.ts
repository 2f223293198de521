import type { QuoteRequest } from '@parts/shared/schemas';
import type { Order } from '@parts/shared/orders';
import type { QuoteEventWrite } from './quote-repository';

/** Orders placed in a span of days (UTC, inclusive), oldest first, by cursor: the admin's export. */
export interface OrderRange {
  from: string;
  to: string;
}

/**
 * The order of a request (ADR 121), in the request's partition: written with the acceptance (the
 * `order` of `QuoteRepository.transitionOffer`, one transaction), confirmed once by the reseller.
 */
export interface QuoteOrderStore {
  getOrder(quoteId: number): Promise<Order | undefined>;
  /**
   * Stores the reseller's answer (`order` as confirmed: its state, each line's ship date or reject reason) with
   * the request's history entry and mails; ConflictError when the order is no longer `placed`.
   */
  confirmOrder(quote: QuoteRequest, order: Order, write: QuoteEventWrite): Promise<QuoteRequest>;
  /** Orders placed in `range`; a malformed cursor is a ValidationError. */
  listOrders(range: OrderRange, options: { cursor?: string; limit: number }): Promise<{ data: Order[]; nextCursor: string | null }>;
}
