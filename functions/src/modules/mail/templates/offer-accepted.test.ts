import { describe, expect, test } from 'vitest';
import { offerAcceptedMail } from './offer-accepted';
import { SIGNATURE, buildOffer, buildQuote, site } from './test/fixtures';

describe('offer accepted (to the buyer)', () => {
  test('confirms the version and what was accepted', () => {
    const mail = offerAcceptedMail({ site, quote: buildQuote(), offer: buildOffer(), summary: '1 of 2 lines, $12.50' });
    expect(mail.subject).toBe('You accepted our offer for quote request #42');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Thank you: you accepted version 1 of our offer (1 of 2 lines, $12.50). We will confirm delivery shortly.',
        'See it in your account: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });
});
