import { describe, expect, test } from 'vitest';
import { offerExpiredNoticeMail } from './offer-expired-notice';
import { buildOffer, buildQuote, site } from './test/fixtures';

describe('offer expired notice (to the reseller)', () => {
  test('names the buyer, the version, its total and last day, and links to the request', () => {
    const mail = offerExpiredNoticeMail({ site, quote: buildQuote(), offer: buildOffer() });
    expect(mail.subject).toBe('Quote request #42: offer version 1 expired unanswered');
    expect(mail.text).toBe(
      [
        'Version 1 of the offer to Ada Lovelace (Engines Ltd), $12.50, was valid until 2027-03-31; the buyer did not answer.',
        '',
        'Extend its validity or send a new version: https://parts.example/admin?tab=quotes&quote=42',
      ].join('\n'),
    );
  });
});
