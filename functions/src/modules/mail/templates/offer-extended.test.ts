import { describe, expect, test } from 'vitest';
import { offerExtendedMail } from './offer-extended';
import { SIGNATURE, buildOffer, buildQuote, site, typedInQuote } from './test/fixtures';

describe('offer extended (to the buyer)', () => {
  test('gives the new and the old validity date, and where to answer', () => {
    const mail = offerExtendedMail({ site, quote: buildQuote(), offer: buildOffer(), validUntil: '2027-04-30' });
    expect(mail.subject).toBe('Our offer for quote request #42 is now valid until 2027-04-30');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'We extended version 1 of our offer for your quote request #42: it is now valid until 2027-04-30 (it was 2027-03-31). Nothing else changed.',
        '',
        'Accept it, line by line if you like, or ask for changes: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('without an account the buyer replies by mail', () => {
    const mail = offerExtendedMail({ site, quote: typedInQuote(), offer: buildOffer(), validUntil: '2027-04-30' });
    expect(mail.text).toContain('Reply to info@parts.example to accept it.');
  });
});
