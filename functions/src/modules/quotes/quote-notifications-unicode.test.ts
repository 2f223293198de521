import { describe, expect, test } from 'vitest';
import type { QuoteRequest } from '@parts/shared/schemas';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { quoteMails } from './quote-notifications';

/**
 * The mails carry the same names and texts as the quote PDF (issue 26, item 4): they are plain UTF-8 text,
 * so any script (and an emoji) goes through as written. The mailers send UTF-8: SES with `Charset: 'UTF-8'` on
 * subject and body (ses-mailer.ts), SMTP through nodemailer, which encodes non-ASCII headers and bodies itself.
 */

const NAME = 'Zoë 🚀 北京 Łódź Αθήνα Москва 서울';

const quote = {
  id: 7,
  customerName: NAME,
  customerCompany: '株式会社 込山製作所',
  customerEmail: 'zoe@example.com',
  status: 'new',
  createdAt: '2026-11-20T10:00:00.000Z',
  items: [{ id: 1, quantity: 10, part: { id: 1, partNumber: 'ΣΤ-200', name: '六角螺栓 M8' } }],
  attachments: [],
  history: [],
  message: 'Здравствуйте! お見積りをお願いします。',
} as unknown as QuoteRequest;

describe('quote mails in any script', () => {
  test('names, companies, parts and messages go into subject and text as written', () => {
    const [toBuyer, toReseller] = quoteMails.newRequest(DEFAULT_SITE_SETTINGS, quote);
    expect(toBuyer!.text).toContain(`Hello ${NAME},`);
    expect(toReseller!.subject).toBe(`New quote request #7 from ${NAME}`);
    expect(toReseller!.text).toContain(`${NAME} (株式会社 込山製作所) <zoe@example.com>`);
    expect(toReseller!.text).toContain('ΣΤ-200 六角螺栓 M8 × 10');
    expect(toReseller!.text).toContain('Message: Здравствуйте! お見積りをお願いします。');
  });
});
