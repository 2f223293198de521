import { describe, expect, test } from 'vitest';
import { offerExpiredMail } from './offer-expired';
import { SIGNATURE, buildOffer, buildQuote, site, typedInQuote } from './test/fixtures';

describe('offer expired (to the buyer)', () => {
  test('says which version ran out, on which day, and how to get a new offer', () => {
    const mail = offerExpiredMail({ site, quote: buildQuote(), offer: buildOffer({ totalCents: 123_456_78 }) });
    expect(mail.subject).toBe('Our offer for quote request #42 has expired');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Version 1 of our offer for your quote request #42 ($123,456.78) was valid until 2027-03-31 and can no longer be accepted.',
        '',
        'If you still need the parts, ask for a revision and we will send a new offer: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('a caller without an account is asked to reply by e-mail', () => {
    expect(offerExpiredMail({ site, quote: typedInQuote(), offer: buildOffer() }).text).toContain(
      'If you still need the parts, reply to info@parts.example and we will send a new offer.',
    );
  });
});
