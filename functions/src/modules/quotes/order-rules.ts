import type { QuoteRequest } from '@parts/shared/schemas';
import { addDays, type LineChoice, type Offer } from '@parts/shared/quote-offers';
import { MAX_SHIP_DAYS_AHEAD, type ConfirmOrderInput, type Order, type OrderLine, type PurchaseOrder } from '@parts/shared/orders';
import { ValidationError, type ErrorIssue } from '../../domain/errors';

/**
 * The order's rules (ADR 121), free of storage: what an acceptance places, and what the reseller's
 * confirmation makes of it. The service (order-service.ts) stores them.
 */

/** The accepted lines of `offer` (the offered part or the alternative chosen) with the request's references and dates. */
export function buildOrder(
  quote: QuoteRequest,
  offer: Offer,
  answers: readonly { itemId: number; choice: LineChoice }[],
  meta: { purchaseOrder: PurchaseOrder; by: string; at: Date },
): Order {
  const items = new Map(quote.items.map((i) => [i.id, i]));
  const lines: OrderLine[] = [];
  for (const { itemId, choice } of answers) {
    const line = offer.lines.find((l) => l.itemId === itemId);
    if (!line || line.status !== 'offered' || choice === 'declined') continue;
    const item = items.get(itemId);
    const alt = choice === 'alternative' ? line.alternative : undefined;
    lines.push({
      itemId,
      partNumber: alt ? alt.partNumber : line.partNumber,
      name: alt ? alt.name : line.name,
      ...((alt ? alt.partId : line.partId) !== undefined ? { partId: alt ? alt.partId : line.partId! } : {}),
      ...(alt ? { insteadOf: { partNumber: line.partNumber, name: line.name } } : {}),
      quantity: line.quantity,
      unitPriceMicros: alt ? alt.unitPriceMicros : line.appliedUnitPriceMicros,
      lineTotalCents: alt ? alt.lineTotalCents : line.lineTotalCents,
      leadTime: line.leadTime,
      ...(item?.reference ? { reference: item.reference } : {}),
      ...(item?.neededBy ? { neededBy: item.neededBy } : {}),
      state: 'open',
    });
  }
  return {
    quoteId: quote.id,
    version: offer.version,
    state: 'placed',
    placedAt: meta.at.toISOString(),
    placedBy: meta.by,
    customerName: quote.customerName,
    customerEmail: quote.customerEmail,
    ...(quote.customerCompany ? { customerCompany: quote.customerCompany } : {}),
    purchaseOrder: meta.purchaseOrder,
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
  };
}

/**
 * The order as the reseller confirms it: every line with a ship date (today or later, at most
 * MAX_SHIP_DAYS_AHEAD days on) or rejected with a reason; a 400 naming the first problem otherwise.
 * Every line rejected: the order is rejected.
 */
export function confirmedOrder(order: Order, input: ConfirmOrderInput, meta: { by: string; at: Date; today: string }): Order {
  const answers = new Map<number, ConfirmOrderInput['lines'][number]>();
  const issues: ErrorIssue[] = [];
  const lastDay = addDays(meta.today, MAX_SHIP_DAYS_AHEAD);
  input.lines.forEach((answer, i) => {
    const line = order.lines.find((l) => l.itemId === answer.itemId);
    if (!line) issues.push({ path: `lines.${i}.itemId`, message: `Line ${answer.itemId} is not part of this order` });
    else if (answers.has(answer.itemId)) issues.push({ path: `lines.${i}.itemId`, message: `Line ${answer.itemId} is answered twice` });
    else if ('shipDate' in answer && answer.shipDate < meta.today)
      issues.push({ path: `lines.${i}.shipDate`, message: `The ship date of ${line.partNumber} is in the past; choose today or a later day` });
    else if ('shipDate' in answer && answer.shipDate > lastDay)
      issues.push({ path: `lines.${i}.shipDate`, message: `The ship date of ${line.partNumber} is more than ${MAX_SHIP_DAYS_AHEAD} days away` });
    answers.set(answer.itemId, answer);
  });
  for (const line of order.lines) {
    if (!answers.has(line.itemId))
      issues.push({ path: 'lines', message: `Give ${line.partNumber || `line ${line.itemId}`} a ship date, or reject it with a reason` });
  }
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);
  const lines = order.lines.map((line): OrderLine => {
    const answer = answers.get(line.itemId)!;
    return 'shipDate' in answer
      ? { ...line, state: 'confirmed', shipDate: answer.shipDate }
      : { ...line, state: 'rejected', rejectReason: answer.rejectReason };
  });
  const confirmed = lines.filter((l) => l.state === 'confirmed');
  return {
    ...order,
    state: confirmed.length > 0 ? 'confirmed' : 'rejected',
    lines,
    confirmedAt: meta.at.toISOString(),
    confirmedBy: meta.by,
    confirmedTotalCents: confirmed.reduce((sum, l) => sum + l.lineTotalCents, 0),
  };
}

/** A short summary for the history: "3 lines confirmed, 1 rejected, $1,234.50". */
export function confirmationNote(order: Order, money: (cents: number) => string): string {
  const confirmed = order.lines.filter((l) => l.state === 'confirmed').length;
  const rejected = order.lines.length - confirmed;
  const parts = [`${confirmed} ${confirmed === 1 ? 'line' : 'lines'} confirmed`];
  if (rejected > 0) parts.push(`${rejected} rejected`);
  return `${parts.join(', ')}, ${money(order.confirmedTotalCents ?? 0)}`;
}
