import { describe, expect, test } from 'vitest';
import { offerDeclinedMail } from './offer-declined';
import { SIGNATURE, buildOffer, buildQuote, site } from './test/fixtures';

describe('offer declined (to the buyer)', () => {
  test('repeats the reason and how to write to the reseller', () => {
    const mail = offerDeclinedMail({ site, quote: buildQuote(), offer: buildOffer(), reason: 'Too dear' });
    expect(mail.subject).toBe('You declined our offer for quote request #42');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'You declined version 1 of our offer. Your reason: Too dear',
        'If anything changes, write to us from your account: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });
});
