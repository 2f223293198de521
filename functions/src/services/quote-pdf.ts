import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { QuoteRequest } from '@parts/shared/schemas';
import { formatMicros } from '@parts/shared/numbers/money';
import { formatCents, formatLeadTime, type Offer } from '@parts/shared/quote-offers';
import type { SiteSettings } from '@parts/shared/site-settings';
import { formatDay } from './quote-loop-service';

/**
 * The quote document: one offer version as an A4 PDF, drawn with jsPDF (its standard Helvetica needs
 * no font files, so the Lambda bundle carries everything; docs/decisions/082).
 */

const MARGIN = 40;
const STATE_NOTES: Partial<Record<Offer['state'], string>> = {
  accepted: 'Accepted',
  declined: 'Declined by the buyer',
  revision_requested: 'Revision requested by the buyer',
  expired: 'Expired',
};

export function offerFileName(quoteId: number, version: number): string {
  return `quote-${quoteId}-v${version}.pdf`;
}

export function renderOfferPdf(input: { site: SiteSettings; quote: QuoteRequest; offer: Offer }): Buffer {
  const { site, quote, offer } = input;
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  const width = doc.internal.pageSize.getWidth();
  doc.setProperties({ title: `Quote ${quote.id} - version ${offer.version}`, author: site.companyName, creator: site.companyName });

  // Company block (left) and the document's identity (right).
  doc.setFont('helvetica', 'bold').setFontSize(16).text(site.companyName, MARGIN, 50);
  doc.setFont('helvetica', 'normal').setFontSize(9);
  [...site.addressLines, site.phone, site.email].forEach((line, i) => doc.text(line, MARGIN, 66 + i * 12));
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(14)
    .text('Quotation', width - MARGIN, 50, { align: 'right' });
  doc.setFont('helvetica', 'normal').setFontSize(9);
  const meta = [
    `Quote request #${quote.id}`,
    `Offer version ${offer.version}`,
    `Date: ${formatDay(offer.sentAt.slice(0, 10))}`,
    `Valid until: ${formatDay(offer.validUntil)}`,
  ];
  const stateNote = STATE_NOTES[offer.state];
  if (stateNote) meta.push(`Status: ${stateNote}`);
  meta.forEach((line, i) => doc.text(line, width - MARGIN, 66 + i * 12, { align: 'right' }));

  let y = 66 + Math.max(site.addressLines.length + 2, meta.length) * 12 + 16;
  doc.setFont('helvetica', 'bold').setFontSize(10).text('Prepared for', MARGIN, y);
  doc.setFont('helvetica', 'normal').setFontSize(9);
  const customer = [quote.customerName, quote.customerCompany, quote.customerEmail, quote.customerPhone].filter((l): l is string => Boolean(l));
  customer.forEach((line, i) => doc.text(line, MARGIN, y + 14 + i * 12));
  y += 14 + customer.length * 12 + 10;

  const body: (string | { content: string; colSpan: number; styles: Record<string, unknown> })[][] = [];
  for (const line of offer.lines) {
    if (line.status === 'cannot_supply') {
      body.push([
        String(line.itemId),
        line.partNumber,
        line.name,
        String(line.requestedQuantity),
        { content: `Cannot supply: ${line.reason}`, colSpan: 5, styles: { fontStyle: 'italic' } },
      ]);
      continue;
    }
    const breaks = line.priceBreaks.map((b) => `${b.minQuantity}+: ${formatMicros(b.unitPriceMicros)}`).join('\n');
    body.push([
      String(line.itemId),
      line.partNumber,
      line.name,
      String(line.quantity),
      formatMicros(line.appliedUnitPriceMicros),
      breaks || '-',
      formatLeadTime(line.leadTime),
      String(line.minimumOrderQuantity),
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

  autoTable(doc, {
    startY: y,
    margin: { left: MARGIN, right: MARGIN },
    head: [['#', 'Part number', 'Description', 'Qty', 'Unit price', 'Price breaks', 'Lead time', 'MOQ', 'Line total']],
    body,
    styles: { font: 'helvetica', fontSize: 8, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [30, 64, 175], textColor: 255 },
    columnStyles: { 0: { cellWidth: 18 }, 3: { halign: 'right' }, 4: { halign: 'right' }, 7: { halign: 'right' }, 8: { halign: 'right' } },
  });

  const lastY = (doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y;
  y = lastY + 20;
  const ensureRoom = (needed: number) => {
    if (y + needed > doc.internal.pageSize.getHeight() - 50) {
      doc.addPage();
      y = 50;
    }
  };
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(11)
    .text(`Total: ${formatCents(offer.totalCents)}`, width - MARGIN, y, { align: 'right' });
  if (offer.response?.kind === 'accepted' && offer.response.acceptedTotalCents !== undefined) {
    y += 16;
    doc.text(`Accepted total: ${formatCents(offer.response.acceptedTotalCents)}`, width - MARGIN, y, { align: 'right' });
  }
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(8)
    .text('US dollars, excluding taxes and shipping', width - MARGIN, y + 12, { align: 'right' });
  y += 32;

  if (offer.message) {
    const text = doc.setFontSize(9).splitTextToSize(offer.message, width - 2 * MARGIN) as string[];
    ensureRoom(20 + text.length * 11);
    doc.setFont('helvetica', 'bold').setFontSize(10).text('Message', MARGIN, y);
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(9)
      .text(text, MARGIN, y + 14);
    y += 24 + text.length * 11;
  }

  const terms = site.quoteTerms.flatMap((t) => doc.setFontSize(8).splitTextToSize(`- ${t}`, width - 2 * MARGIN) as string[]);
  ensureRoom(20 + terms.length * 10);
  doc.setFont('helvetica', 'bold').setFontSize(10).text('Terms', MARGIN, y);
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(8)
    .text(terms, MARGIN, y + 14);

  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFontSize(8).setTextColor(120);
    doc.text(
      `${site.companyName} - quote request #${quote.id}, version ${offer.version} - page ${p} of ${pages}`,
      width / 2,
      doc.internal.pageSize.getHeight() - 24,
      { align: 'center' },
    );
  }
  return Buffer.from(doc.output('arraybuffer'));
}
