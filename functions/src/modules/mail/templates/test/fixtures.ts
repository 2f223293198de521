import type { QuoteRequest } from '@parts/shared/schemas';
import type { Offer, QuoteMessage } from '@parts/shared/quote-offers';
import type { SiteSettings } from '@parts/shared/site-settings';

/** What the template tests write mails about: a short reseller, a buyer's request of two lines, an offer on it. */

export const site: SiteSettings = {
  companyName: 'Parts Co',
  addressLines: ['1 Main St', 'Cleveland, OH'],
  phone: '+1 216 555 0100',
  email: 'info@parts.example',
  quotesEmail: 'quotes@parts.example',
  siteUrl: 'https://parts.example',
  quoteTerms: [],
  poNumber: 'optional',
};

export const buildQuote = (overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
  id: 42,
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  customerCompany: 'Engines Ltd',
  status: 'pending',
  createdAt: '2027-03-01T10:00:00.000Z',
  submittedBy: 'ada',
  items: [
    { id: 1, quantity: 10, part: { id: 5, partNumber: 'HX-100', name: 'Hex bolt M8' } },
    { id: 2, quantity: 3, freeText: { partNumber: 'ZZ-9', description: 'Old relay' } },
  ],
  attachments: [],
  history: [],
  ...overrides,
});

/** A buyer's request has an account; one the reseller typed in for a caller has none. */
export const typedInQuote = (): QuoteRequest => {
  const { submittedBy: _account, ...quote } = buildQuote();
  return quote;
};

export const buildOffer = (overrides: Partial<Offer> = {}): Offer => ({
  quoteId: 42,
  version: 1,
  sentAt: '2027-03-02T09:00:00.000Z',
  sentBy: 'admin',
  validUntil: '2027-03-31',
  totalCents: 1250,
  state: 'open',
  lines: [
    {
      itemId: 1,
      partNumber: 'HX-100',
      name: 'Hex bolt M8',
      requestedQuantity: 10,
      status: 'offered',
      quantity: 10,
      unitPriceMicros: 1_250_000,
      priceBreaks: [],
      appliedUnitPriceMicros: 1_250_000,
      lineTotalCents: 1250,
      leadTime: 5,
      minimumOrderQuantity: 1,
      alternative: { partId: 6, partNumber: 'HX-101', name: 'Hex bolt M8 zinc', unitPriceMicros: 1_100_000, lineTotalCents: 1100 },
    },
    { itemId: 2, partNumber: 'ZZ-9', name: 'Old relay', requestedQuantity: 3, status: 'cannot_supply', reason: 'Discontinued' },
  ],
  ...overrides,
});

/** The offer accepted with line 1 taken as its alternative (line 2 cannot be supplied). */
export const acceptedOffer = (): Offer =>
  buildOffer({
    state: 'accepted',
    response: {
      kind: 'accepted',
      at: '2027-03-04T08:00:00.000Z',
      by: 'ada',
      lines: [
        { itemId: 1, choice: 'alternative' },
        { itemId: 2, choice: 'declined' },
      ],
      acceptedTotalCents: 1100,
    },
  });

export const buildMessage = (overrides: Partial<QuoteMessage> = {}): QuoteMessage => ({
  id: 'm1',
  quoteId: 42,
  seq: 1,
  at: '2027-03-03T08:00:00.000Z',
  by: 'ada',
  from: 'buyer',
  body: 'Can you ship by Friday?',
  attachments: [],
  ...overrides,
});

export const attachment = { key: 'a/1', fileName: 'drawing.pdf', contentType: 'application/pdf', size: 1000 };

/** The reseller's signature under a mail to a buyer, as `site` gives it. */
export const SIGNATURE = ['', '—', 'Parts Co', '1 Main St', 'Cleveland, OH', '+1 216 555 0100', 'info@parts.example'];
