import { describe, expect, test } from 'vitest';
import { OFFER_STATES } from './schemas';
import { OFFER_TRANSITIONS, asOfToday, mayMove, offerEventFrom, offerEventTo, offerTransition, statusAfter } from './quote-transitions';

describe('the offer transition table', () => {
  test('only the buyer answers, only the reseller sends, only the system expires', () => {
    expect(mayMove('accept', 'open', 'buyer')).toBe(true);
    expect(mayMove('accept', 'open', 'admin')).toBe(false);
    expect(mayMove('send', 'declined', 'admin')).toBe(true);
    expect(mayMove('send', 'declined', 'buyer')).toBe(false);
    expect(mayMove('expire', 'open', 'system')).toBe(true);
    expect(mayMove('expire', 'open', 'admin')).toBe(false);
  });

  test('an accepted offer is final; an expired or declined one can still be revised', () => {
    for (const event of ['send', 'accept', 'decline', 'request_revision', 'expire'] as const) expect(offerTransition(event, 'accepted')).toBeUndefined();
    expect(offerEventFrom('request_revision').sort()).toEqual(['declined', 'expired', 'open']);
    expect(offerEventFrom('accept')).toEqual(['open']);
    expect(offerTransition('accept', 'expired')).toBeUndefined();
    expect(offerEventTo('request_revision')).toBe('revision_requested');
  });

  test('every state of the table is a stored offer state, and each event leads to one state', () => {
    for (const x of OFFER_TRANSITIONS) {
      expect([...OFFER_STATES, 'none']).toContain(x.from);
      expect(OFFER_STATES).toContain(x.to);
      expect(offerEventTo(x.event)).toBe(x.to);
    }
  });

  test('an open offer past its last valid day reads as expired and waits for the reseller, without changing the stored one', () => {
    const quote = { offer: { version: 1, state: 'open' as const, sentAt: '', validUntil: '2030-01-31', totalCents: 1 }, waitingFor: 'buyer' as const };
    expect(asOfToday(quote, '2030-01-31')).toBe(quote);
    expect(asOfToday(quote, '2030-02-01')).toMatchObject({ offer: { state: 'expired' }, waitingFor: 'reseller' });
    expect(quote.offer.state).toBe('open');
  });

  test('the request status follows the offer events (ADR 114): sent → processing, accepted → approved, declined → rejected', () => {
    expect(statusAfter('send')).toBe('processing');
    expect(statusAfter('accept')).toBe('approved');
    expect(statusAfter('decline')).toBe('rejected');
    // A revision asked after a decline reopens the request; expiry leaves the status as it was.
    expect(statusAfter('request_revision')).toBe('processing');
    expect(statusAfter('expire')).toBeUndefined();
  });

  test('the reseller extends the validity of an open or expired latest version, never an answered one', () => {
    expect(offerEventFrom('extend').sort()).toEqual(['expired', 'open']);
    expect(offerEventTo('extend')).toBe('open');
    expect(mayMove('extend', 'expired', 'admin')).toBe(true);
    expect(mayMove('extend', 'open', 'buyer')).toBe(false);
    for (const from of ['accepted', 'declined', 'revision_requested', 'none'] as const) expect(offerTransition('extend', from)).toBeUndefined();
    expect(statusAfter('extend')).toBeUndefined();
  });
});
