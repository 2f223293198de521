import { describe, expect, test } from 'vitest';
import { offerSentNoticeMail } from './offer-sent-notice';
import { buildOffer, buildQuote, site, typedInQuote } from './test/fixtures';

describe('offer sent (to the reseller)', () => {
  test('records who sent which version, its total and validity, to which account', () => {
    const mail = offerSentNoticeMail({ site, quote: buildQuote(), offer: buildOffer() });
    expect(mail.subject).toBe('Offer version 1 sent for quote request #42');
    expect(mail.text).toBe(
      [
        'admin sent version 1 ($12.50, valid until 2027-03-31) to Ada Lovelace (account ada).',
        '',
        'Open it: https://parts.example/admin?tab=quotes&quote=42',
      ].join('\n'),
    );
  });

  test('a request typed in for a caller names the address instead of an account', () => {
    expect(offerSentNoticeMail({ site, quote: typedInQuote(), offer: buildOffer() }).text).toContain('to Ada Lovelace <ada@example.com>.');
  });
});
