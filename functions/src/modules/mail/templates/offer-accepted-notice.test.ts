import { describe, expect, test } from 'vitest';
import { offerAcceptedNoticeMail } from './offer-accepted-notice';
import { buildOffer, buildQuote, site } from './test/fixtures';

describe('offer accepted (to the reseller)', () => {
  test('says who accepted which version and what of it', () => {
    const mail = offerAcceptedNoticeMail({ site, quote: buildQuote(), offer: buildOffer(), summary: '1 of 2 lines, $12.50' });
    expect(mail.subject).toBe('Quote request #42: offer version 1 accepted');
    expect(mail.text).toBe(
      ['Ada Lovelace accepted version 1: 1 of 2 lines, $12.50.', '', 'Open it: https://parts.example/admin?tab=quotes&quote=42'].join('\n'),
    );
  });
});
