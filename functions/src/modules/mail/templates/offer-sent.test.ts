import { describe, expect, test } from 'vitest';
import { offerSentMail } from './offer-sent';
import { SIGNATURE, buildOffer, buildQuote, site, typedInQuote } from './test/fixtures';

describe('offer sent (to the buyer)', () => {
  test('lists each line with its price, lead time and alternative, the total, and where to accept', () => {
    const mail = offerSentMail({ site, quote: buildQuote(), offer: buildOffer() });
    expect(mail.subject).toBe('Your offer for quote request #42 (version 1)');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Here is our offer for your quote request #42, valid until 2027-03-31.',
        '',
        '- HX-100 Hex bolt M8: 10 × $1.25 = $12.50, 5 days (alternative: HX-101 at $1.10)',
        '- ZZ-9 Old relay: cannot supply (Discontinued)',
        '',
        'Total: $12.50',
        '',
        'Accept it, line by line if you like, or ask for changes: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('a revised version says so and carries the reseller’s message; without an account the buyer replies by mail', () => {
    const mail = offerSentMail({ site, quote: typedInQuote(), offer: buildOffer({ version: 2, message: 'Better price now.' }) });
    expect(mail.subject).toBe('Revised offer for quote request #42 (version 2)');
    expect(mail.text).toContain('Here is version 2 of our offer for your quote request #42, valid until 2027-03-31.');
    expect(mail.text).toContain('Total: $12.50\n\nBetter price now.\n\nReply to info@parts.example to accept it.');
  });

  test('quantities and amounts carry thousands separators', () => {
    const [first, second] = buildOffer().lines;
    const big = { ...first!, quantity: 12_000, requestedQuantity: 12_000, lineTotalCents: 1_500_000 } as typeof first & object;
    const mail = offerSentMail({ site, quote: buildQuote(), offer: buildOffer({ lines: [big, second!], totalCents: 1_500_000 }) });
    expect(mail.text).toContain('- HX-100 Hex bolt M8: 12,000 × $1.25 = $15,000.00, 5 days');
    expect(mail.text).toContain('Total: $15,000.00');
  });

  test('a 2,000-line offer lists its first 100 lines and says how many more there are (the mail stays a small outbox item)', () => {
    const offer = buildOffer();
    const line = offer.lines[0]!;
    const lines = Array.from({ length: 2000 }, (_, i) => ({ ...line, itemId: i + 1, partNumber: `P-${i + 1}` }));
    const mail = offerSentMail({ site, quote: buildQuote(), offer: { ...offer, lines } });
    expect(mail.text).toContain('- P-100 Hex bolt M8');
    expect(mail.text).not.toContain('- P-101 ');
    expect(mail.text).toContain('… and 1,900 more lines: see the whole offer on the site or in its PDF');
  });
});
