import { jsPDF } from 'jspdf';
import type { QuoteRequest } from '@parts/shared/schemas';
import { formatMicros } from '@parts/shared/numbers/money';
import { formatQuantity } from '@parts/shared/numbers/display';
import { formatCents } from '@parts/shared/quote-offers';
import { ORDER_STATE_TEXT, type Order, type OrderLine } from '@parts/shared/orders';
import type { SiteSettings } from '@parts/shared/site-settings';
import { formatDay } from './offer-moves';
import { embedFonts, type Align, type FontStyle } from './pdf-text';
import { cellText, contentBottom, drawOfferTable, drawPageFooters, type BodyCell } from './quote-pdf';

/**
 * The order confirmation (ADR 121): the order's lines with the buyer's references, target dates and each
 * line's ship date or reject reason, as an A4 PDF in the offer document's fonts and table (quote-pdf.ts).
 * Loaded on first use, like the offer PDF.
 */

const MARGIN = 40;
const META_WIDTH = 200;
const COLUMNS = {
  0: { cellWidth: 18 },
  1: { minCellWidth: 62 },
  // A description of one long word would otherwise be squeezed to a character a line (as the offer's, quote-pdf.ts).
  2: { minCellWidth: 100 },
  3: { minCellWidth: 44 },
  4: { halign: 'right', minCellWidth: 34 },
  5: { halign: 'right', minCellWidth: 52 },
  6: { halign: 'right', minCellWidth: 56 },
  7: { minCellWidth: 52 },
  8: { minCellWidth: 70 },
};

export const orderFileName = (order: Pick<Order, 'quoteId'>) => `order-${order.quoteId}.pdf`;

const lineState = (l: OrderLine): string =>
  l.state === 'confirmed' ? `Ships ${l.shipDate}` : l.state === 'rejected' ? `Rejected: ${l.rejectReason}` : 'Awaiting confirmation';

function tableBody(order: Order): BodyCell[][] {
  return order.lines.map((l) => [
    String(l.itemId),
    l.insteadOf ? `${l.partNumber}\n(instead of ${l.insteadOf.partNumber})` : l.partNumber,
    l.name,
    l.reference ?? '-',
    formatQuantity(l.quantity),
    formatMicros(l.unitPriceMicros),
    formatCents(l.lineTotalCents),
    l.neededBy ?? '-',
    lineState(l),
  ]);
}

export async function renderOrderPdf(input: { site: SiteSettings; quote: QuoteRequest; order: Order }): Promise<Buffer> {
  const { site, quote, order } = input;
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const contentWidth = width - 2 * MARGIN;
  const title = order.state === 'placed' ? 'Order' : 'Order confirmation';
  doc.setProperties({ title: `${title} ${quote.id}`, author: site.companyName, creator: site.companyName });

  const meta = [
    `Quote request #${quote.id}, offer version ${order.version}`,
    order.purchaseOrder.number ? `Your PO number: ${order.purchaseOrder.number}` : 'Your PO number: none given',
    `Ordered: ${formatDay(order.placedAt.slice(0, 10))}`,
    ...(order.confirmedAt ? [`Confirmed: ${formatDay(order.confirmedAt.slice(0, 10))}`] : []),
    `Status: ${ORDER_STATE_TEXT[order.state]}`,
  ];
  const contact = [...site.addressLines, site.phone, site.email];
  const customer = [order.customerName, order.customerCompany, order.customerEmail].filter((l): l is string => Boolean(l));
  const head = [['#', 'Part number', 'Description', 'Your ref.', 'Qty', 'Unit price', 'Line total', 'Needed by', 'Ship date']];
  const body = tableBody(order);
  const totals = [`Order total: ${formatCents(order.totalCents)}`];
  if (order.confirmedTotalCents !== undefined) totals.push(`Confirmed total: ${formatCents(order.confirmedTotalCents)}`);
  const footer = (page: number, pages: number) => `${site.companyName} - order for quote request #${quote.id} - page ${page} of ${pages}`;
  const text = await embedFonts(
    doc,
    [site.companyName, title, ...contact, ...meta, 'Ordered by', ...customer, ...head.flat(), ...body.flat().map(cellText), ...totals, ...site.quoteTerms].join(
      '\n',
    ),
  );

  const bottom = contentBottom(doc, text, footer, 60);
  let y = 50;
  const flow = (lines: string[], style: { size: number; style?: FontStyle; align?: Align; lineHeight: number }) => {
    for (const line of lines) {
      if (y > bottom) {
        doc.addPage();
        y = 50;
      }
      text.drawLine(line, style.align === 'right' ? width - MARGIN : MARGIN, y, style);
      y += style.lineHeight;
    }
  };

  const leftWidth = contentWidth - META_WIDTH - 20;
  flow(text.wrap(site.companyName, { size: 16, style: 'bold' }, leftWidth), { size: 16, style: 'bold', lineHeight: 19 });
  flow(
    contact.flatMap((l) => text.wrap(l, { size: 9 }, leftWidth)),
    { size: 9, lineHeight: 12 },
  );
  const leftEnd = y;
  y = 50;
  text.drawLine(title, width - MARGIN, y, { size: 14, style: 'bold', align: 'right' });
  y = 66;
  flow(
    meta.flatMap((l) => text.wrap(l, { size: 9 }, META_WIDTH)),
    { size: 9, align: 'right', lineHeight: 12 },
  );
  y = Math.max(leftEnd, y) + 16;
  text.drawLine('Ordered by', MARGIN, y, { size: 10, style: 'bold' });
  y += 14;
  flow(
    customer.flatMap((l) => text.wrap(l, { size: 9 }, contentWidth)),
    { size: 9, lineHeight: 12 },
  );
  y += 10;

  drawOfferTable(doc, text, { startY: y, bottomMargin: height - bottom, head, body, columns: COLUMNS });
  doc.setTextColor(0);
  y = ((doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y) + 20;
  if (y + 16 * totals.length > bottom) {
    doc.addPage();
    y = 50;
  }
  flow(totals, { size: 11, style: 'bold', align: 'right', lineHeight: 16 });
  y += 10;
  flow(
    site.quoteTerms.flatMap((t) => text.wrap(`- ${t}`, { size: 8 }, contentWidth)),
    { size: 8, lineHeight: 10 },
  );

  // Wrapped like the offer's: a long company name stays inside the page.
  drawPageFooters(doc, text, footer);
  return Buffer.from(doc.output('arraybuffer'));
}
