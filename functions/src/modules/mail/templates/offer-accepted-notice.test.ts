import { describe, expect, test } from 'vitest';
import { offerAcceptedNoticeMail } from './offer-accepted-notice';
import { acceptedOffer, buildQuote, site } from './test/fixtures';

describe('offer accepted (to the reseller)', () => {
  test('says who accepted which version, and what happened to each line', () => {
    const mail = offerAcceptedNoticeMail({ site, quote: buildQuote(), offer: acceptedOffer(), summary: '1 of 1 line, $11.00' });
    expect(mail.subject).toBe('Quote request #42: offer version 1 accepted');
    expect(mail.text).toBe(
      [
        'Ada Lovelace accepted version 1: 1 of 1 line, $11.00.',
        '',
        '- HX-100 Hex bolt M8: Accepted the alternative HX-101 Hex bolt M8 zinc, 10 × $1.10 = $11.00',
        '- ZZ-9 Old relay: Cannot supply (Discontinued)',
        '',
        'Accepted total: $11.00',
        '',
        'Confirm the order with ship dates: https://parts.example/admin?tab=quotes&quote=42',
      ].join('\n'),
    );
  });

  test("names the buyer's purchase order number when they gave one", () => {
    const mail = offerAcceptedNoticeMail({ site, quote: buildQuote(), offer: acceptedOffer(), summary: '1 of 1 line, $11.00', poNumber: 'PO-7781' });
    expect(mail.text.split('\n').slice(0, 2)).toEqual(['Ada Lovelace accepted version 1: 1 of 1 line, $11.00.', 'Their purchase order number: PO-7781']);
  });
});
