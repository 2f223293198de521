import { describe, expect, test } from 'vitest';
import { offerAcceptedMail } from './offer-accepted';
import { SIGNATURE, acceptedOffer, buildOffer, buildQuote, site } from './test/fixtures';

describe('offer accepted (to the buyer)', () => {
  test('confirms the version and lists what happened to each line', () => {
    const mail = offerAcceptedMail({ site, quote: buildQuote(), offer: acceptedOffer(), summary: '1 of 1 line, $11.00' });
    expect(mail.subject).toBe('You accepted our offer for quote request #42');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'Thank you: you accepted version 1 of our offer (1 of 1 line, $11.00). We will confirm delivery shortly.',
        '',
        '- HX-100 Hex bolt M8: Accepted the alternative HX-101 Hex bolt M8 zinc, 10 × $1.10 = $11.00',
        '- ZZ-9 Old relay: Cannot supply (Discontinued)',
        '',
        'Accepted total: $11.00',
        '',
        'See it in your account: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('a declined line says so, and quantities carry thousands separators', () => {
    const offer = buildOffer({
      state: 'accepted',
      lines: [
        { ...buildOffer().lines[0]!, quantity: 12_000, lineTotalCents: 1_500_000 } as ReturnType<typeof buildOffer>['lines'][number],
        {
          itemId: 3,
          partNumber: 'NT-5',
          name: 'Nut M8',
          requestedQuantity: 1,
          status: 'offered',
          quantity: 1,
          unitPriceMicros: 100_000,
          priceBreaks: [],
          appliedUnitPriceMicros: 100_000,
          lineTotalCents: 10,
          leadTime: 'in_stock',
          minimumOrderQuantity: 1,
        },
      ],
      response: {
        kind: 'accepted',
        at: '',
        by: 'ada',
        lines: [
          { itemId: 1, choice: 'offered' },
          { itemId: 3, choice: 'declined' },
        ],
        acceptedTotalCents: 1_500_000,
      },
    });
    const mail = offerAcceptedMail({ site, quote: buildQuote(), offer, summary: '1 of 2 lines, $15,000.00' });
    expect(mail.text).toContain('- HX-100 Hex bolt M8: Accepted, 12,000 × $1.25 = $15,000.00');
    expect(mail.text).toContain('- NT-5 Nut M8: Declined');
    expect(mail.text).toContain('Accepted total: $15,000.00');
  });

  test('a 2,000-line acceptance lists its first 100 lines and says how many more there are (the mail stays a small outbox item)', () => {
    const line = buildOffer().lines[0]!;
    const lines = Array.from({ length: 2000 }, (_, i) => ({ ...line, itemId: i + 1, partNumber: `P-${i + 1}` }));
    const offer = buildOffer({
      state: 'accepted',
      lines,
      response: {
        kind: 'accepted',
        at: '',
        by: 'ada',
        lines: lines.map((l) => ({ itemId: l.itemId, choice: 'offered' as const })),
        acceptedTotalCents: 250_000,
      },
    });
    const mail = offerAcceptedMail({ site, quote: buildQuote(), offer, summary: '2,000 of 2,000 lines' });
    expect(mail.text).toContain('- P-100 Hex bolt M8: Accepted');
    expect(mail.text).not.toContain('- P-101 ');
    expect(mail.text).toContain('… and 1,900 more lines: see the whole offer on the site or in its PDF\n\nAccepted total:');
  });

  test('repeats the purchase order number the buyer gave', () => {
    const mail = offerAcceptedMail({ site, quote: buildQuote(), offer: acceptedOffer(), summary: '1 of 1 line, $11.00', poNumber: 'PO-7781' });
    expect(mail.text).toContain('We will confirm delivery shortly.\nYour purchase order number: PO-7781\n');
  });
});
