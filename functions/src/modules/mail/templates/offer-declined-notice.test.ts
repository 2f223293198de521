import { describe, expect, test } from 'vitest';
import { offerDeclinedNoticeMail } from './offer-declined-notice';
import { buildOffer, buildQuote, site } from './test/fixtures';

describe('offer declined (to the reseller)', () => {
  test('says who declined which version, and why', () => {
    const mail = offerDeclinedNoticeMail({ site, quote: buildQuote(), offer: buildOffer(), reason: 'Too dear' });
    expect(mail.subject).toBe('Quote request #42: offer version 1 declined');
    expect(mail.text).toBe(['Ada Lovelace declined version 1.', 'Reason: Too dear', '', 'Open it: https://parts.example/admin?tab=quotes&quote=42'].join('\n'));
  });
});
