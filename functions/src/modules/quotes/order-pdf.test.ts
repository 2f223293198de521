import { expect, test } from 'vitest';
import { getDocumentProxy } from 'unpdf';
import type { QuoteRequest } from '@parts/shared/schemas';
import type { Order } from '@parts/shared/orders';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { renderOrderPdf } from './order-pdf';

const MARGIN = 40;

test('the order confirmation keeps a 200-character company name inside the page, in its header and its footer', { timeout: 60_000 }, async () => {
  const site = { ...DEFAULT_SITE_SETTINGS, companyName: `Company ${'C'.repeat(192)}` };
  const quote = {
    id: 9,
    customerName: 'Ada',
    customerEmail: 'ada@example.com',
    status: 'completed',
    createdAt: '2026-11-20T10:00:00.000Z',
    items: [],
    attachments: [],
    history: [],
  };
  const order: Order = {
    quoteId: 9,
    version: 1,
    state: 'confirmed',
    placedAt: '2026-11-21T09:00:00.000Z',
    placedBy: 'ada',
    customerName: 'Ada',
    customerEmail: 'ada@example.com',
    purchaseOrder: { number: 'PO-1' },
    lines: [
      {
        itemId: 1,
        partNumber: 'HX-M8-40',
        name: 'Hex bolt',
        quantity: 10,
        unitPriceMicros: 1_500_000,
        lineTotalCents: 1500,
        state: 'confirmed',
        shipDate: '2026-12-01',
      },
    ],
    totalCents: 1500,
    confirmedAt: '2026-11-22T09:00:00.000Z',
    confirmedBy: 'admin',
    confirmedTotalCents: 1500,
  };
  const pdf = await getDocumentProxy(new Uint8Array(await renderOrderPdf({ site, quote: quote as unknown as QuoteRequest, order })));
  const outside: string[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p);
    const pageWidth = page.getViewport({ scale: 1 }).width;
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const left = item.transform[4] as number;
      if (left < MARGIN - 1 || left + item.width > pageWidth - MARGIN + 1)
        outside.push(`${item.str.slice(0, 30)}… ${Math.round(left)}–${Math.round(left + item.width)}`);
    }
  }
  expect(outside).toEqual([]);
});
