import { describe, expect, test } from 'vitest';
import { messageToBuyerMail } from './message-to-buyer';
import { SIGNATURE, attachment, buildMessage, buildQuote, site, typedInQuote } from './test/fixtures';

describe('new message (to the buyer)', () => {
  const reply = buildMessage({ from: 'reseller', by: 'admin', body: 'Yes, by Friday.' });

  test('carries the reseller’s words and links the account page to answer', () => {
    const mail = messageToBuyerMail({ site, quote: buildQuote(), message: { ...reply, attachments: [attachment] } });
    expect(mail.subject).toBe('New message about your quote request #42');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Yes, by Friday.',
        '',
        '(1 attachment)',
        '',
        'Answer it in your account: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('a request typed in for a caller is answered by mail', () => {
    expect(messageToBuyerMail({ site, quote: typedInQuote(), message: reply }).text).toBe(
      ['Hello Ada Lovelace,', '', 'Yes, by Friday.', '', 'Reply to info@parts.example.', ...SIGNATURE].join('\n'),
    );
  });
});
