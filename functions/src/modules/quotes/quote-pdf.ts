import { jsPDF } from 'jspdf';
import { autoTable, type CellHookData } from 'jspdf-autotable';
import type { QuoteRequest } from '@parts/shared/schemas';
import { formatMicros } from '@parts/shared/numbers/money';
import { formatQuantity } from '@parts/shared/numbers/display';
import { LINE_ANSWER_TEXT, lineAnswers } from '@parts/shared/offer-answers';
import { formatCents, formatLeadTime, type Offer } from '@parts/shared/quote-offers';
import type { SiteSettings } from '@parts/shared/site-settings';
import { formatDay } from './offer-moves';
import { embedFonts, type Align, type FontStyle, type PdfText } from './pdf-text';

/**
 * The quote document: one offer version as an A4 PDF, drawn with jsPDF in Noto fonts subset to the
 * document's characters, so names and texts in any of Latin, Greek, Cyrillic, Chinese, Japanese and Korean
 * print as written (pdf-text.ts, ADR 098). Every text wraps to its column; a long message or table flows
 * onto further pages. Loaded on first use (ADR 082): the route imports this module with `await import()`.
 */

const MARGIN = 40;
/** The document's identity (number, version, dates) at the top right. */
const META_WIDTH = 190;
const STATE_NOTES: Partial<Record<Offer['state'], string>> = {
  accepted: 'Accepted',
  declined: 'Declined by the buyer',
  revision_requested: 'Revision requested by the buyer',
  expired: 'Expired',
};

export function offerFileName(quoteId: number, version: number): string {
  return `quote-${quoteId}-v${version}.pdf`;
}

export type BodyCell = string | { content: string; colSpan: number; styles: Record<string, unknown> };

function tableBody(offer: Offer): BodyCell[][] {
  const body: BodyCell[][] = [];
  for (const line of offer.lines) {
    if (line.status === 'cannot_supply') {
      body.push([
        String(line.itemId),
        line.partNumber,
        line.name,
        formatQuantity(line.requestedQuantity),
        { content: `Cannot supply: ${line.reason}`, colSpan: 5, styles: { textColor: 80, halign: 'left' } },
      ]);
      continue;
    }
    const breaks = line.priceBreaks.map((b) => `${formatQuantity(b.minQuantity)}+: ${formatMicros(b.unitPriceMicros)}`).join('\n');
    body.push([
      String(line.itemId),
      line.partNumber,
      line.name,
      formatQuantity(line.quantity),
      formatMicros(line.appliedUnitPriceMicros),
      breaks || '-',
      formatLeadTime(line.leadTime),
      formatQuantity(line.minimumOrderQuantity),
      formatCents(line.lineTotalCents),
    ]);
    const extras = [
      line.alternative
        ? `Alternative: ${line.alternative.partNumber} ${line.alternative.name} at ${formatMicros(line.alternative.unitPriceMicros)} each, ${formatCents(line.alternative.lineTotalCents)} in total` +
          (line.alternative.note ? ` (${line.alternative.note})` : '')
        : undefined,
      line.note ? `Note: ${line.note}` : undefined,
    ].filter((t): t is string => Boolean(t));
    if (extras.length) body.push(['', { content: extras.join('\n'), colSpan: 8, styles: { fontSize: 8, textColor: 80 } }]);
  }
  return body;
}

/** An accepted version: what the buyer took of each line (the web page's answer, in the same words). */
function answerLines(offer: Offer): string[] {
  return (lineAnswers(offer) ?? []).map(({ line, answer }) => {
    const head = `${line.partNumber || line.name}: ${LINE_ANSWER_TEXT[answer]}`;
    if (line.status !== 'offered' || answer === 'declined') return head;
    if (answer === 'alternative' && line.alternative) {
      const alt = line.alternative;
      return `${head} ${alt.partNumber}, ${formatQuantity(line.quantity)} × ${formatMicros(alt.unitPriceMicros)} = ${formatCents(alt.lineTotalCents)}`;
    }
    return `${head}, ${formatQuantity(line.quantity)} × ${formatMicros(line.appliedUnitPriceMicros)} = ${formatCents(line.lineTotalCents)}`;
  });
}

export const cellText = (cell: BodyCell): string => (typeof cell === 'string' ? cell : cell.content);

/** The offer's columns: minimum widths keep the short columns readable when a long word (a part name without spaces) would otherwise make autoTable shrink every column alike. */
const OFFER_COLUMNS = {
  0: { cellWidth: 18 },
  1: { minCellWidth: 62 },
  // With a long unbroken part number beside it, a long unbroken description was left a character a line: ten such
  // lines took 31 pages (a 2,000-line request of them, minutes of rendering).
  2: { minCellWidth: 100 },
  3: { halign: 'right', minCellWidth: 34 },
  4: { halign: 'right', minCellWidth: 52 },
  5: { minCellWidth: 62 },
  6: { minCellWidth: 42 },
  7: { halign: 'right', minCellWidth: 34 },
  8: { halign: 'right', minCellWidth: 56 },
} as const;

/** A document's lines as a table from `startY`, flowing onto further pages; every cell's text drawn through `text` (the order PDF draws its own columns). */
export function drawOfferTable(
  doc: jsPDF,
  text: PdfText,
  layout: { startY: number; bottomMargin: number; head: string[][]; body: BodyCell[][]; columns?: Record<number, Record<string, unknown>> },
): void {
  // jsPDF draws a string in one font: autoTable lays the cells out (its wrapping replaced by ours, which
  // measures each character in its own font) and the hooks draw each cell's lines through `text`.
  const cellLines = new Map<unknown, string[]>();
  autoTable(doc, {
    startY: layout.startY,
    margin: { left: MARGIN, right: MARGIN, bottom: layout.bottomMargin },
    head: layout.head,
    body: layout.body,
    styles: { font: text.baseFamily, fontSize: 8, cellPadding: 3 },
    headStyles: { fillColor: [30, 64, 175], textColor: 255, fontStyle: 'bold' },
    columnStyles: layout.columns ?? OFFER_COLUMNS,
    didParseCell: ({ cell }: CellHookData) => {
      const style: FontStyle = cell.styles.fontStyle === 'bold' ? 'bold' : 'normal';
      cell.styles.overflow = (lines, space) => text.wrap(Array.isArray(lines) ? lines.join('\n') : lines, { size: cell.styles.fontSize, style }, space);
    },
    willDrawCell: ({ cell }: CellHookData) => {
      cellLines.set(cell, cell.text);
      cell.text = [];
    },
    didDrawCell: ({ cell }: CellHookData) => {
      const lines = cellLines.get(cell) ?? [];
      const size = cell.styles.fontSize;
      const style: FontStyle = cell.styles.fontStyle === 'bold' ? 'bold' : 'normal';
      const align: Align = cell.styles.halign === 'right' ? 'right' : cell.styles.halign === 'center' ? 'center' : 'left';
      const pos = cell.getTextPos();
      // Where autoTable puts the first baseline of a top-aligned cell.
      let lineY = pos.y + size * (2 - 1.15);
      for (const line of lines) {
        text.drawLine(line, pos.x, lineY, { size, style, align });
        lineY += size * doc.getLineHeightFactor();
      }
    },
  });
}

export async function renderOfferPdf(input: { site: SiteSettings; quote: QuoteRequest; offer: Offer }): Promise<Buffer> {
  const { site, quote, offer } = input;
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const contentWidth = width - 2 * MARGIN;
  doc.setProperties({ title: `Quote ${quote.id} - version ${offer.version}`, author: site.companyName, creator: site.companyName });

  // Everything the document prints, so the fonts are subset once to exactly these characters.
  const meta = [
    `Quote request #${quote.id}`,
    `Offer version ${offer.version}`,
    `Date: ${formatDay(offer.sentAt.slice(0, 10))}`,
    `Valid until: ${formatDay(offer.validUntil)}`,
  ];
  const stateNote = STATE_NOTES[offer.state];
  if (stateNote) meta.push(`Status: ${stateNote}`);
  const contact = [...site.addressLines, site.phone, site.email];
  const customer = [quote.customerName, quote.customerCompany, quote.customerEmail, quote.customerPhone].filter((l): l is string => Boolean(l));
  const head = [['#', 'Part number', 'Description', 'Qty', 'Unit price', 'Price breaks', 'Lead time', 'MOQ', 'Line total']];
  const body = tableBody(offer);
  const totals = [`Total: ${formatCents(offer.totalCents)}`];
  if (offer.response?.kind === 'accepted' && offer.response.acceptedTotalCents !== undefined) {
    totals.push(`Accepted total: ${formatCents(offer.response.acceptedTotalCents)}`);
  }
  const answers = answerLines(offer);
  const answerHeading = offer.response ? `Accepted by ${offer.response.by} on ${formatDay(offer.response.at.slice(0, 10))}` : '';
  const footer = (page: number, pages: number) => `${site.companyName} - quote request #${quote.id}, version ${offer.version} - page ${page} of ${pages}`;
  const text = await embedFonts(
    doc,
    [
      site.companyName,
      ...contact,
      ...meta,
      ...customer,
      ...head.flat(),
      ...body.flat().map(cellText),
      ...totals,
      answerHeading,
      ...answers,
      offer.message ?? '',
      ...site.quoteTerms,
    ].join('\n'),
  );

  const bottom = contentBottom(doc, text, footer, 50);
  let y = 0;
  /** Draws lines one under the other from y, each on a new page when the page is full. */
  const flow = (lines: string[], style: { size: number; style?: FontStyle; align?: Align; lineHeight: number; x?: number }) => {
    for (const line of lines) {
      if (y > bottom) {
        doc.addPage();
        y = 50;
      }
      text.drawLine(line, style.x ?? (style.align === 'right' ? width - MARGIN : MARGIN), y, style);
      y += style.lineHeight;
    }
  };
  const ensureRoom = (needed: number) => {
    if (y + needed > bottom) {
      doc.addPage();
      y = 50;
    }
  };

  // Company block (left) and the document's identity (right).
  const leftWidth = contentWidth - META_WIDTH - 20;
  y = 50;
  flow(text.wrap(site.companyName, { size: 16, style: 'bold' }, leftWidth), { size: 16, style: 'bold', lineHeight: 19 });
  y -= 19 - 16;
  flow(
    contact.flatMap((line) => text.wrap(line, { size: 9 }, leftWidth)),
    { size: 9, lineHeight: 12 },
  );
  const leftEnd = y;
  y = 50;
  text.drawLine('Quotation', width - MARGIN, y, { size: 14, style: 'bold', align: 'right' });
  y = 66;
  flow(
    meta.flatMap((line) => text.wrap(line, { size: 9 }, META_WIDTH)),
    { size: 9, align: 'right', lineHeight: 12 },
  );
  y = Math.max(leftEnd, y) + 16;

  ensureRoom(14 + 12);
  text.drawLine('Prepared for', MARGIN, y, { size: 10, style: 'bold' });
  y += 14;
  flow(
    customer.flatMap((line) => text.wrap(line, { size: 9 }, contentWidth)),
    { size: 9, lineHeight: 12 },
  );
  y += 10;

  drawOfferTable(doc, text, { startY: y, bottomMargin: height - bottom, head, body });

  doc.setTextColor(0);
  const lastY = (doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y;
  y = lastY + 20;
  ensureRoom(16 * totals.length + 12);
  flow(totals, { size: 11, style: 'bold', align: 'right', lineHeight: 16 });
  text.drawLine('US dollars, excluding taxes and shipping', width - MARGIN, y - 4, { size: 8, align: 'right' });
  y += 16;

  if (answers.length > 0) {
    ensureRoom(14 + 11);
    text.drawLine(answerHeading, MARGIN, y, { size: 10, style: 'bold' });
    y += 14;
    flow(
      answers.flatMap((line) => text.wrap(line, { size: 9 }, contentWidth)),
      { size: 9, lineHeight: 11 },
    );
    y += 10;
  }

  if (offer.message) {
    ensureRoom(14 + 11);
    text.drawLine('Message', MARGIN, y, { size: 10, style: 'bold' });
    y += 14;
    flow(text.wrap(offer.message, { size: 9 }, contentWidth), { size: 9, lineHeight: 11 });
    y += 10;
  }

  ensureRoom(14 + 10);
  text.drawLine('Terms', MARGIN, y, { size: 10, style: 'bold' });
  y += 14;
  flow(
    site.quoteTerms.flatMap((t) => text.wrap(`- ${t}`, { size: 8 }, contentWidth)),
    { size: 8, lineHeight: 10 },
  );

  drawPageFooters(doc, text, footer);
  return Buffer.from(doc.output('arraybuffer'));
}

/** The lowest y the page's content may reach above a footer wrapped to the content width (a long company name included). */
export function contentBottom(doc: jsPDF, text: PdfText, footer: (page: number, pages: number) => string, gap: number): number {
  const height = doc.internal.pageSize.getHeight();
  const footerLines = text.wrap(footer(999, 999), { size: 8 }, doc.internal.pageSize.getWidth() - 2 * MARGIN).length;
  return height - gap - (footerLines - 1) * 10;
}

/** Every page's footer, centred, wrapped to the content width, its last line 24 pt above the page's edge. */
export function drawPageFooters(doc: jsPDF, text: PdfText, footer: (page: number, pages: number) => string): void {
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setTextColor(120);
    const lines = text.wrap(footer(p, pages), { size: 8 }, width - 2 * MARGIN);
    lines.forEach((line, i) => text.drawLine(line, width / 2, height - 24 - (lines.length - 1 - i) * 10, { size: 8, align: 'center' }));
  }
}
