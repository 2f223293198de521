import { describe, expect, test } from 'vitest';
import type { Order } from '@parts/shared/orders';
import { orderConfirmedMail } from './order-confirmed';
import { orderConfirmedNoticeMail } from './order-confirmed-notice';
import { SIGNATURE, buildQuote, site } from './test/fixtures';

const order = (overrides: Partial<Order> = {}): Order => ({
  quoteId: 42,
  version: 1,
  state: 'confirmed',
  placedAt: '2027-03-04T08:00:00.000Z',
  placedBy: 'ada',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  customerCompany: 'Engines Ltd',
  purchaseOrder: { number: 'PO-7781' },
  lines: [
    {
      itemId: 1,
      partNumber: 'HX-101',
      name: 'Hex bolt M8 zinc',
      quantity: 1500,
      unitPriceMicros: 1_100_000,
      lineTotalCents: 165_000,
      reference: 'R12',
      state: 'confirmed',
      shipDate: '2027-03-20',
    },
    { itemId: 3, partNumber: 'NT-5', name: 'Nut M8', quantity: 10, unitPriceMicros: 100_000, lineTotalCents: 100, state: 'rejected', rejectReason: 'Sold out' },
  ],
  totalCents: 165_100,
  confirmedAt: '2027-03-05T08:00:00.000Z',
  confirmedBy: 'admin',
  confirmedTotalCents: 165_000,
  ...overrides,
});

describe('order confirmed (to the buyer)', () => {
  test('names the PO, lists each line with its ship date or why it is rejected, and the confirmed total', () => {
    const mail = orderConfirmedMail({ site, quote: buildQuote(), order: order() });
    expect(mail.subject).toBe('Order confirmed: quote request #42 (PO PO-7781)');
    expect(mail.text).toBe(
      [
        'Hello Ada Lovelace,',
        '',
        'We confirm your order (PO PO-7781). Each line ships on the date shown; the order confirmation is attached to your request as a PDF.',
        '',
        '- HX-101 Hex bolt M8 zinc (your ref. R12): 1,500 × $1.10 = $1,650.00, ships 2027-03-20',
        '- NT-5 Nut M8: 10 × $0.10 = $1.00, rejected: Sold out',
        '',
        'Confirmed total: $1,650.00',
        '',
        'See it in your account: https://parts.example/account/quotes/42',
        ...SIGNATURE,
      ].join('\n'),
    );
  });

  test('an order of which no line can be supplied says so', () => {
    const none = order({ state: 'rejected', purchaseOrder: {}, confirmedTotalCents: 0 });
    const mail = orderConfirmedMail({ site, quote: buildQuote(), order: none });
    expect(mail.subject).toBe('We cannot supply your order for quote request #42');
    expect(mail.text).toContain('We are sorry: we cannot supply any line of your order.');
  });
});

describe('order confirmed (to the reseller)', () => {
  test('records who confirmed whose order, with the lines and the link', () => {
    const mail = orderConfirmedNoticeMail({ site, quote: buildQuote(), order: order() });
    expect(mail.subject).toBe('Quote request #42: order confirmed (PO PO-7781)');
    expect(mail.text.split('\n')[0]).toBe('admin confirmed the order of Ada Lovelace (Engines Ltd) (PO PO-7781).');
    expect(mail.text).toContain('Open it: https://parts.example/admin?tab=quotes&quote=42');
  });
});
