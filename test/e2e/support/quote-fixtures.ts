import { expect, type APIRequestContext } from '@playwright/test';
import type { PartView, QuoteRequest } from '@parts/shared/schemas';
import { listParts, loginAdmin, registerViaApi } from './e2e-helpers';

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

/** A buyer (signed in on `buyer`) asks for three parts with long-ish names; returns the request and its parts. */
export async function submitQuote(buyer: APIRequestContext): Promise<{ quote: QuoteRequest; parts: PartView[] }> {
  await registerViaApi(buyer);
  const listing = await listParts(buyer, { pageSize: '20', sortBy: 'partNumber' });
  const parts = listing.data.filter((p) => p.manufacturer).slice(0, 4);
  expect(parts.length).toBe(4);
  const submitted = await buyer.post('/api/quote-requests/submissions', {
    data: {
      customerName: 'Layout Buyer',
      customerEmail: 'layout-buyer@example.com',
      message: 'Please quote these for our spring maintenance.',
      items: parts.slice(0, 3).map((p, i) => ({ partId: p.id, quantity: 10 * (i + 1) })),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  return { quote: (await submitted.json()) as QuoteRequest, parts };
}

/**
 * The reseller sends version 1 of an offer (or, with `basedOnVersion`, the next version): a price break, an
 * alternative, a lead time, a note and a line that cannot be supplied.
 */
export async function sendOffer(playwright: Playwright, baseURL: string, quote: QuoteRequest, alternative: PartView, basedOnVersion = 0): Promise<void> {
  const admin = await playwright.request.newContext({ baseURL });
  try {
    await loginAdmin(admin);
    const [first, second, third] = quote.items as [QuoteRequest['items'][number], QuoteRequest['items'][number], QuoteRequest['items'][number]];
    const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const response = await admin.post(`/api/quote-requests/${quote.id}/offers`, {
      data: {
        basedOnVersion,
        validUntil,
        message: 'Prices include packaging.',
        lines: [
          {
            itemId: first.id,
            status: 'offered',
            quantity: first.quantity,
            unitPriceMicros: 12_500_000,
            priceBreaks: [{ minQuantity: 50, unitPriceMicros: 11_000_000 }],
            leadTime: 5,
            minimumOrderQuantity: 5,
            note: 'Packed in tens.',
          },
          {
            itemId: second.id,
            status: 'offered',
            quantity: second.quantity,
            unitPriceMicros: 3_000_000,
            leadTime: 'in_stock',
            alternative: { partId: alternative.id, unitPriceMicros: 2_500_000, note: 'Same fit, shorter lead time' },
          },
          { itemId: third.id, status: 'cannot_supply', reason: 'Discontinued by the manufacturer' },
        ],
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  } finally {
    await admin.dispose();
  }
}
