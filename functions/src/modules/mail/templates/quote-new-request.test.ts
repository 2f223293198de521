import { describe, expect, test } from 'vitest';
import { quoteNewRequestMail } from './quote-new-request';
import { buildQuote, site } from './test/fixtures';

describe('new quote request (to the reseller)', () => {
  test('names the customer, the account address, every line and the message, and links the admin view', () => {
    const mail = quoteNewRequestMail({ site, quote: buildQuote({ message: 'Urgent, please' }), account: { email: 'ada@example.com', confirmed: true } });
    expect(mail.subject).toBe('New quote request #42 from Ada Lovelace');
    expect(mail.text).toBe(
      [
        'Ada Lovelace (Engines Ltd) <ada@example.com> asks for a quote on 2 lines.',
        'Account e-mail: ada@example.com (confirmed)',
        '- HX-100 Hex bolt M8 × 10',
        '- ZZ-9 Old relay × 3',
        '',
        'Message: Urgent, please',
        '',
        'Open it: https://parts.example/admin?tab=quotes&quote=42',
      ].join('\n'),
    );
  });

  test('an unconfirmed or missing account address is said so; no company, no message, no account: those lines are left out', () => {
    expect(quoteNewRequestMail({ site, quote: buildQuote(), account: { email: 'ada@example.com', confirmed: false } }).text).toContain(
      'Account e-mail: ada@example.com (not confirmed yet)',
    );
    expect(quoteNewRequestMail({ site, quote: buildQuote(), account: { confirmed: false } }).text).toContain('Account e-mail: none given yet');
    const plain = quoteNewRequestMail({ site, quote: buildQuote({ customerCompany: undefined }) }).text;
    expect(plain.split('\n').slice(0, 2)).toEqual(['Ada Lovelace <ada@example.com> asks for a quote on 2 lines.', '- HX-100 Hex bolt M8 × 10']);
    expect(plain).not.toContain('Message:');
  });
});
