import { describe, expect, test } from 'vitest';
import { messageToResellerMail } from './message-to-reseller';
import { attachment, buildMessage, buildQuote, site } from './test/fixtures';

describe('new message (to the reseller)', () => {
  test('carries the buyer’s words and counts the attachments', () => {
    const mail = messageToResellerMail({ site, quote: buildQuote(), message: buildMessage({ attachments: [attachment] }) });
    expect(mail.subject).toBe('New message on quote request #42 from Ada Lovelace');
    expect(mail.text).toBe(['Can you ship by Friday?', '', '(1 attachment)', '', 'Answer it: https://parts.example/admin?tab=quotes&quote=42'].join('\n'));
  });

  test('two attachments read "2 attachments"; none, no line', () => {
    expect(messageToResellerMail({ site, quote: buildQuote(), message: buildMessage({ attachments: [attachment, attachment] }) }).text).toContain(
      '(2 attachments)',
    );
    expect(messageToResellerMail({ site, quote: buildQuote(), message: buildMessage() }).text).toBe(
      ['Can you ship by Friday?', '', 'Answer it: https://parts.example/admin?tab=quotes&quote=42'].join('\n'),
    );
  });
});
