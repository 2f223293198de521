import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteRequest, QuoteRequestPage } from '@parts/shared/schemas';
import { renderWithProviders, stubApi } from '../../../test/render-with-providers';
import { MyQuoteRequests } from './my-quote-requests';

const quote = (id: number): QuoteRequest => ({
  id,
  customerName: 'Grace Hopper',
  customerEmail: 'grace@example.com',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  items: [],
  itemCount: 1,
  attachments: [],
  history: [],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a buyer's own quote requests (against a stubbed API)", { timeout: 30_000 }, () => {
  it('shows the first page and loads the next one with "Load more" while the server names a cursor', async () => {
    const calls = stubApi({
      'GET /api/quote-requests/mine': (call) => {
        const page: QuoteRequestPage =
          call.query.get('cursor') === 'older' ? { data: [quote(3)], nextCursor: null } : { data: [quote(5), quote(4)], nextCursor: 'older' };
        return { body: page };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<MyQuoteRequests title="Quote Requests" />);

    expect(await screen.findByText('Quote Request #5')).toBeTruthy();
    expect(screen.getAllByTestId('my-quote-request')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Quote Request #3')).toBeTruthy();
    expect(screen.getAllByTestId('my-quote-request').map((a) => a.textContent?.match(/#(\d+)/)?.[1])).toEqual(['5', '4', '3']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/quote-requests/mine').map((c) => c.query.get('cursor'))).toEqual([null, 'older']);
  });

  it('offers no "Load more" when everything fits one page', async () => {
    stubApi({ 'GET /api/quote-requests/mine': { body: { data: [quote(7)], nextCursor: null } satisfies QuoteRequestPage } });
    renderWithProviders(<MyQuoteRequests />);
    expect(await screen.findByText('Quote Request #7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the offer state and, once accepted, the accepted lines and the accepted total rather than the offered one', async () => {
    const accepted: QuoteRequest = {
      ...quote(9),
      status: 'approved',
      offer: {
        version: 2,
        state: 'accepted',
        sentAt: '2026-11-21T10:00:00.000Z',
        validUntil: '2999-01-31',
        totalCents: 1_234_567_89,
        acceptedTotalCents: 33_500,
        offeredLines: 4,
        acceptedLines: 3,
      },
    };
    const sent: QuoteRequest = {
      ...quote(8),
      status: 'processing',
      offer: { version: 1, state: 'open', sentAt: '2026-11-21T10:00:00.000Z', validUntil: '2999-01-31', totalCents: 1_250_000_00, offeredLines: 2 },
    };
    stubApi({ 'GET /api/quote-requests/mine': { body: { data: [accepted, sent], nextCursor: null } satisfies QuoteRequestPage } });
    renderWithProviders(<MyQuoteRequests />);
    const [first, second] = await screen.findAllByTestId('my-quote-request');
    expect(first!.textContent).toContain('Approved');
    expect(first!.textContent).not.toContain('Pending');
    expect(first!.querySelector('[data-testid="offer-summary"]')?.textContent).toBe(
      'Version 2 · Accepted 3 of 4 lines · $335.00 accepted (offered $1,234,567.89)',
    );
    expect(second!.querySelector('[data-testid="offer-summary"]')?.textContent).toBe('Version 1 · Sent · $1,250,000.00, valid until Jan 31, 2999');
  });
});
