import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfferSummary } from '@parts/shared/schemas';
import { renderWithProviders, stubApi } from '../../test/render-with-providers';
import { ExtendValidity } from './extend-validity';

const summary = (state: OfferSummary['state'], validUntil = '2999-01-31'): OfferSummary => ({
  version: 2,
  state,
  sentAt: '2026-05-01T10:00:00.000Z',
  validUntil,
  totalCents: 100,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the reseller's extend validity", { timeout: 30_000 }, () => {
  it('sends the chosen day for the latest version and says so', async () => {
    const calls = stubApi({ 'POST /api/quote-requests/7/offers/2/extend': { body: {} } });
    const user = userEvent.setup();
    renderWithProviders(<ExtendValidity quoteId={7} offer={summary('open')} />);
    await user.click(screen.getByRole('button', { name: 'Extend validity' }));
    const input = screen.getByLabelText('Valid until');
    expect((input as HTMLInputElement).value).toBe('2999-02-14');
    await user.click(screen.getByRole('button', { name: 'Extend version 2' }));
    expect(await screen.findByText('Validity extended')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post?.body))).toEqual({ validUntil: '2999-02-14' });
  });

  it("shows the server's refusal", async () => {
    stubApi({ 'POST /api/quote-requests/7/offers/2/extend': { status: 400, body: { message: 'Choose a day after the current validity date, 2999-01-31' } } });
    const user = userEvent.setup();
    renderWithProviders(<ExtendValidity quoteId={7} offer={summary('open')} />);
    await user.click(screen.getByRole('button', { name: 'Extend validity' }));
    await user.click(screen.getByRole('button', { name: 'Extend version 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a day after the current validity date, 2999-01-31');
  });

  it('is offered for an expired version, not for an answered one', () => {
    renderWithProviders(<ExtendValidity quoteId={7} offer={summary('open', '2000-01-01')} />);
    expect(screen.getByRole('button', { name: 'Extend validity' })).toBeTruthy();
    cleanup();
    renderWithProviders(<ExtendValidity quoteId={7} offer={summary('accepted')} />);
    expect(screen.queryByRole('button', { name: 'Extend validity' })).toBeNull();
  });
});
