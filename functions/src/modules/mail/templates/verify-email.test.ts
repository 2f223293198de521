import { describe, expect, test } from 'vitest';
import { verifyEmailMail } from './verify-email';
import { site } from './test/fixtures';

describe('confirm your e-mail address', () => {
  test('names the address and account, gives the link and how long it works, and says what waits for it', () => {
    const mail = verifyEmailMail({ site, username: 'ada', email: 'ada@example.com', token: 'tok123' });
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        'Please confirm that ada@example.com is the e-mail address of your account "ada" at Parts Co. Open this link within 72 hours:',
        'https://parts.example/account/verify-email?token=tok123',
        '',
        'Until then we keep the mails about your quote requests and send them once the address is confirmed.',
        'If you did not ask for this, ignore this mail: nothing is sent to this address without the confirmation.',
        '',
        '—',
        'Parts Co',
        'info@parts.example',
      ].join('\n'),
    );
  });
});
