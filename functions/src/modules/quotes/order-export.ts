import type { Order } from '@parts/shared/orders';
import { priceSheetCsv, type SheetCell } from './price-sheet-export';

/**
 * Orders out in the forms an ERP takes (ADR 121): CSV, one row per order line with the order's columns
 * repeated (the buyer's references and PO on every row), or JSON, the orders as the API reads them.
 * Amounts are plain decimals in US dollars (unit prices to 4 places, totals to 2); days are YYYY-MM-DD.
 */

export const ORDER_EXPORT_COLUMNS = [
  'Quote request',
  'Offer version',
  'Order state',
  'Placed at',
  'Confirmed at',
  'Customer',
  'Company',
  'E-mail',
  'PO number',
  'Line',
  'Part number',
  'Description',
  'Instead of',
  'Your reference',
  'Quantity',
  'Unit price (USD)',
  'Line total (USD)',
  'Needed by',
  'Line state',
  'Ship date',
  'Reject reason',
] as const;

const dollars = (micros: number) => (micros / 1_000_000).toFixed(4);
const cents = (value: number) => (value / 100).toFixed(2);

function orderRows(order: Order): SheetCell[][] {
  return order.lines.map((l) => [
    order.quoteId,
    order.version,
    order.state,
    order.placedAt,
    order.confirmedAt ?? '',
    order.customerName,
    order.customerCompany ?? '',
    order.customerEmail,
    order.purchaseOrder.number ?? '',
    l.itemId,
    l.partNumber,
    l.name,
    l.insteadOf?.partNumber ?? '',
    l.reference ?? '',
    l.quantity,
    dollars(l.unitPriceMicros),
    cents(l.lineTotalCents),
    l.neededBy ?? '',
    l.state,
    l.shipDate ?? '',
    l.rejectReason ?? '',
  ]);
}

export function ordersCsv(orders: Order[]): Buffer {
  return priceSheetCsv([[...ORDER_EXPORT_COLUMNS], ...orders.flatMap(orderRows)]);
}

/** Without the short-lived download link: an export is kept, the link would not last. */
export const orderForExport = (order: Order): Order => {
  const doc = order.purchaseOrder.document;
  if (!doc?.url) return order;
  const { url: _url, ...kept } = doc;
  return { ...order, purchaseOrder: { ...order.purchaseOrder, document: kept } };
};
