import { DOWNLOAD_URL_TTL_SECONDS } from '@parts/shared/constants';
import type { QuoteRequest } from '@parts/shared/schemas';
import { formatCents } from '@parts/shared/quote-offers';
import { ORDER_STATUS_AFTER, type ConfirmOrderInput, type Order } from '@parts/shared/orders';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../domain/errors';
import type { QuoteEventWrite } from './ports/quote-repository';
import type { OrderRange } from './ports/order-repository';
import { confirmationNote, confirmedOrder } from './order-rules';
import { orderConfirmationEvents } from './quote-webhooks';
import { quoteMails } from './quote-notifications';
import type { Actor, LoopCore } from './quote-loop-core';

const ORDER_NOT_FOUND = 'This quote request has no order yet';
const ORDER_CONFIRMED_ALREADY = 'This order was confirmed already';
/** The longest span one export reads (a year and a day). */
const MAX_EXPORT_DAYS = 366;

/**
 * The order of a request (ADR 121): the buyer and the reseller read it; the reseller confirms it once, every
 * line with a ship date or rejected with a reason. `confirmOrder` is the one place an order is confirmed
 * or a line rejected, and its webhooks (`order.confirmed`, `order.line_rejected`) go in the same transaction.
 */
export function createOrderService(core: LoopCore) {
  const { deps, now, today, site, event, commit, readable, webhooks } = core;

  /** The order with a short-lived download link to its PO document. */
  async function withLink(order: Order): Promise<Order> {
    const doc = order.purchaseOrder.document;
    if (!doc) return order;
    const url = await deps.blobs.presignGet('attachments', doc.key, DOWNLOAD_URL_TTL_SECONDS, doc.fileName);
    return { ...order, purchaseOrder: { ...order.purchaseOrder, document: { ...doc, url } } };
  }

  async function orderOf(quote: QuoteRequest): Promise<Order | undefined> {
    const order = await deps.quotes.getOrder(quote.id);
    return order ? withLink(order) : undefined;
  }

  /** The request (as the user may see it) and its order; 404 for another buyer's request or no order yet. */
  async function readOrder(user: Actor, id: number): Promise<{ quote: QuoteRequest; order: Order }> {
    const quote = await readable(user, id);
    const order = await deps.quotes.getOrder(id);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    return { quote, order };
  }

  return {
    site,
    orderOf,
    readOrder,

    async order(user: Actor, id: number): Promise<Order> {
      return withLink((await readOrder(user, id)).order);
    },

    /** The admin's export: every order placed in `range` (days, inclusive), oldest first; at most MAX_EXPORT_DAYS days. */
    async ordersPlaced(admin: Actor, range: OrderRange): Promise<Order[]> {
      if (!admin.isAdmin) throw new ForbiddenError();
      if (range.from > range.to) throw new ValidationError('The first day must not be after the last day');
      if (Date.parse(range.to) - Date.parse(range.from) > MAX_EXPORT_DAYS * 86_400_000)
        throw new ValidationError(`Export at most ${MAX_EXPORT_DAYS} days at a time`);
      const out: Order[] = [];
      let cursor: string | undefined;
      do {
        const page = await deps.quotes.listOrders(range, { limit: 50, ...(cursor ? { cursor } : {}) });
        out.push(...page.data);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return out;
    },

    /** The reseller confirms the order: each line with a ship date, or rejected with a reason; once (409 after). */
    async confirmOrder(admin: Actor, id: number, input: ConfirmOrderInput): Promise<{ quote: QuoteRequest; order: Order }> {
      if (!admin.isAdmin) throw new ForbiddenError('Only the reseller can confirm an order');
      const { quote, order } = await readOrder(admin, id);
      if (order.state !== 'placed') throw new ConflictError(ORDER_CONFIRMED_ALREADY);
      const next = confirmedOrder(order, input, { by: admin.username, at: now(), today: today() });
      const to = ORDER_STATUS_AFTER[next.state as 'confirmed' | 'rejected'];
      const write: QuoteEventWrite = {
        event: event(admin.username, next.state === 'confirmed' ? 'order_confirmed' : 'order_rejected', {
          version: order.version,
          note: confirmationNote(next, formatCents),
        }),
        waitingFor: null,
        mails: quoteMails.orderConfirmed(site, quote, next),
        webhooks: (await Promise.all(orderConfirmationEvents(next).map((e) => webhooks.deliveriesFor(e.type, e.data)))).flat(),
        ...(to !== quote.status ? { status: { at: now().toISOString(), by: admin.username, from: quote.status, to } } : {}),
      };
      const updated = await commit(id, write, () => deps.quotes.confirmOrder(quote, next, write));
      return { quote: updated, order: await withLink(next) };
    },
  };
}
