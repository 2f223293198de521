import { describe, expect, test } from 'vitest';
import { offerExpiringMail } from './offer-expiring';
import { SIGNATURE, buildOffer, buildQuote, site } from './test/fixtures';

describe('offer expiring (reminder to the buyer)', () => {
  test('says until when the offer is valid, how many days are left, and where to answer', () => {
    const mail = offerExpiringMail({ site, quote: buildQuote(), offer: buildOffer({ totalCents: 123_456_78 }), daysLeft: 3 });
    expect(mail.subject).toBe('Reminder: our offer for quote request #42 is valid until 2027-03-31');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Version 1 of our offer for your quote request #42 ($123,456.78) is valid until 2027-03-31 (3 days left). After that day it can no longer be accepted.',
        '',
        'Accept it, line by line if you like, or ask for changes: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('on the last day it says so', () => {
    expect(offerExpiringMail({ site, quote: buildQuote(), offer: buildOffer(), daysLeft: 0 }).text).toContain('(today is its last day)');
    expect(offerExpiringMail({ site, quote: buildQuote(), offer: buildOffer(), daysLeft: 1 }).text).toContain('(1 day left)');
  });
});
