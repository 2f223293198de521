import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Offer, OfferLine, QuoteRequestDetail } from '@parts/shared/quote-offers';
import { renderWithProviders, stubApi } from '../../test/render-with-providers';
import { useQuoteDetail } from './api/get-quote-detail';
import { BuyerOffer } from './buyer-offer';
import { OfferView } from './offer-view';

const validUntil = '2999-12-31';
const offered = (itemId: number, quantity: number, lineTotalCents: number): OfferLine => ({
  itemId,
  partNumber: `P-${itemId}`,
  name: `Part ${itemId}`,
  requestedQuantity: quantity,
  status: 'offered',
  quantity,
  unitPriceMicros: 1_250_000,
  priceBreaks: [],
  appliedUnitPriceMicros: 1_250_000,
  lineTotalCents,
  leadTime: 5,
  minimumOrderQuantity: 1,
});
const offer = (version: number, totalCents: number, overrides: Partial<Offer> = {}): Offer => ({
  quoteId: 7,
  version,
  sentAt: `2026-05-0${version}T10:00:00.000Z`,
  sentBy: 'admin',
  validUntil,
  lines: [offered(1, 12_000, totalCents)],
  totalCents,
  state: 'open',
  ...overrides,
});
const detail = (offers: Offer[]): QuoteRequestDetail => ({
  id: 7,
  customerName: 'Ada',
  customerEmail: 'ada@example.com',
  status: 'processing',
  createdAt: '2026-05-01T09:00:00.000Z',
  submittedBy: 'ada',
  items: [],
  attachments: [],
  history: [],
  offer: { version: offers[0]!.version, state: 'open', sentAt: offers[0]!.sentAt, validUntil, totalCents: offers[0]!.totalCents },
  offers: offers.map(({ version, state, sentAt, totalCents }) => ({ version, state, sentAt, validUntil, totalCents })),
});

function Harness() {
  const request = useQuoteDetail(7);
  return request.data ? <BuyerOffer request={request.data} /> : null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the buyer's offer", { timeout: 60_000 }, () => {
  it('a stale tab: accepting version 1 after version 2 was sent says version 2 replaces it, instead of silently showing version 2', async () => {
    const v1 = offer(1, 1_500_000);
    const v2 = offer(2, 1_440_000);
    let replaced = false;
    stubApi({
      'GET /api/quote-requests/7': () => ({ body: replaced ? detail([v2, v1]) : detail([v1]) }),
      'GET /api/quote-requests/7/offers/1': { body: { offer: v1 } },
      'GET /api/quote-requests/7/offers/2': { body: { offer: v2, previous: v1 } },
      'POST /api/quote-requests/7/offers/1/accept': () => {
        replaced = true;
        return { status: 409, body: { message: 'Version 2 of this offer replaces version 1; answer the latest version' } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect((await screen.findByTestId('offer-view')).getAttribute('data-version')).toBe('1');
    // Thousands separators in the quantity and the totals.
    expect(within(screen.getByTestId('offer-line')).getByText('12,000')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept offer' }));

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Version 2 replaces version 1 — review it before accepting');
    // Version 2 is read again after the refusal: its lines replace version 1's once they have arrived.
    await waitFor(() => expect(screen.getByTestId('offer-view').getAttribute('data-version')).toBe('2'));
    expect(screen.getByTestId('offer-total').textContent).toBe('$14,400.00');
    expect(screen.queryByText('Offer accepted')).toBeNull();
  });

  it('when the site requires a PO number, accepting without one is stopped; with one, the PO goes with the acceptance', async () => {
    const v1 = offer(1, 1_500_000);
    const calls = stubApi({
      'GET /api/quote-requests/7': { body: { ...detail([v1]), poNumber: 'required' } },
      'GET /api/quote-requests/7/offers/1': { body: { offer: v1 } },
      'POST /api/quote-requests/7/offers/1/accept': { body: {} },
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your purchase order (PO) number');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText(/Your PO number/), 'PO-7781');
    await user.click(screen.getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    const sent = JSON.parse(String(calls.find((c) => c.method === 'POST')!.body)) as { purchaseOrder?: { number: string } };
    expect(sent.purchaseOrder).toEqual({ number: 'PO-7781' });
  });

  it('an accepted version says which lines were accepted, taken as the alternative, declined, or could not be supplied', () => {
    const lines: OfferLine[] = [
      offered(1, 12_000, 1_500_000),
      { ...offered(2, 5, 2_500), alternative: { partId: 9, partNumber: 'ALT-9', name: 'Alt', unitPriceMicros: 450_000, lineTotalCents: 225 } } as OfferLine,
      offered(3, 1, 125),
      { itemId: 4, partNumber: 'P-4', name: 'Part 4', requestedQuantity: 1, status: 'cannot_supply', reason: 'Discontinued' },
    ];
    const accepted = offer(1, 1_502_625, {
      lines,
      state: 'accepted',
      response: {
        kind: 'accepted',
        at: '2026-05-02T10:00:00.000Z',
        by: 'ada',
        acceptedTotalCents: 1_500_225,
        lines: [
          { itemId: 1, choice: 'offered' },
          { itemId: 2, choice: 'alternative' },
          { itemId: 3, choice: 'declined' },
          { itemId: 4, choice: 'declined' },
        ],
      },
    });
    renderWithProviders(<OfferView offer={accepted} latest />);
    const items = within(screen.getByTestId('offer-response'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['P-1: Accepted', 'P-2: Accepted the alternative ALT-9', 'P-3: Declined', 'P-4: Cannot supply']);
    expect(screen.getByTestId('offer-accepted-total').textContent).toBe('$15,002.25');
  });
});
