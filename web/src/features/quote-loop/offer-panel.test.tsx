import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '@parts/shared/quote-offers';
import type { OfferSummary } from '@parts/shared/schemas';
import { renderWithProviders, stubApi } from '../../test/render-with-providers';
import { OfferPanel } from './offer-panel';

const validUntil = '2999-12-31';
const offer = (version: number, state: Offer['state'] = 'open'): Offer => ({
  quoteId: 7,
  version,
  sentAt: `2026-05-0${version}T10:00:00.000Z`,
  sentBy: 'admin',
  validUntil,
  lines: [],
  totalCents: 1000 * version,
  state,
});
const summary = ({ version, state, sentAt, totalCents }: Offer): OfferSummary => ({ version, state, sentAt, validUntil, totalCents });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Issue 26, item 10: an older version left open when a newer one was sent is superseded, not "awaiting answer". */
describe('offer versions', { timeout: 60_000 }, () => {
  it('shows an older version left open as superseded by the next one, without the answer controls', async () => {
    const v1 = offer(1);
    const v2 = offer(2);
    const v3 = offer(3);
    stubApi({
      'GET /api/quote-requests/7/offers/1': { body: { offer: v1 } },
      'GET /api/quote-requests/7/offers/2': { body: { offer: v2, previous: v1 } },
      'GET /api/quote-requests/7/offers/3': { body: { offer: v3, previous: v2 } },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <OfferPanel quoteId={7} offers={[summary(v3), summary(v2), summary(v1)]}>
        {(latest) => <button type="button">Accept version {latest.version}</button>}
      </OfferPanel>,
    );

    // The latest version is the open one, with the buyer's controls.
    const latest = await screen.findByTestId('offer-view');
    expect(latest.getAttribute('data-version')).toBe('3');
    expect(within(latest).getByTestId('offer-state').textContent).toContain('Awaiting answer');
    expect(screen.getByRole('button', { name: 'Accept version 3' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Version 1/ }));
    const older = await screen.findByTestId('offer-view');
    await within(older).findByText('Offer version 1');
    expect(within(older).getByTestId('offer-state').textContent).toContain('Superseded');
    expect(within(older).getByTestId('offer-superseded').textContent).toContain('Superseded by version 2');
    expect(within(older).queryByText('Awaiting answer')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();

    // The version picker says so too.
    expect(screen.getByRole('button', { name: /Version 2/ }).textContent).toContain('Version 2 (superseded)');
    expect(screen.getByRole('button', { name: /Version 3/ }).textContent).toBe('Version 3');
  });

  it('keeps the answer an older version got (declined, revision requested) rather than calling it superseded', async () => {
    const v1 = offer(1, 'revision_requested');
    const v2 = offer(2);
    stubApi({
      'GET /api/quote-requests/7/offers/1': { body: { offer: v1 } },
      'GET /api/quote-requests/7/offers/2': { body: { offer: v2, previous: v1 } },
    });
    const user = userEvent.setup();
    renderWithProviders(<OfferPanel quoteId={7} offers={[summary(v2), summary(v1)]} />);
    await screen.findByTestId('offer-view');
    await user.click(screen.getByRole('button', { name: /Version 1/ }));
    const older = await screen.findByText('Offer version 1');
    const view = older.closest('[data-testid="offer-view"]') as HTMLElement;
    expect(within(view).getByTestId('offer-state').textContent).toContain('Revision requested');
    expect(within(view).queryByTestId('offer-superseded')).toBeNull();
  });
});
