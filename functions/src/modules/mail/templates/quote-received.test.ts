import { describe, expect, test } from 'vitest';
import { quoteReceivedMail } from './quote-received';
import { SIGNATURE, buildQuote, site, typedInQuote } from './test/fixtures';

describe('quote received (to the buyer)', () => {
  test('thanks the buyer, counts the lines and links their account page', () => {
    const mail = quoteReceivedMail({ site, quote: buildQuote() });
    expect(mail.subject).toBe('We received your quote request #42');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Thank you for your quote request #42 (2 lines). We will send you a priced offer soon.',
        'Follow it in your account: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('a request of one line says "1 line"; one typed in for a caller has no account link', () => {
    const quote = { ...typedInQuote(), items: buildQuote().items.slice(0, 1) };
    const { text } = quoteReceivedMail({ site, quote });
    expect(text).toContain('Thank you for your quote request #42 (1 line).');
    expect(text).not.toContain('Follow it in your account');
  });
});
