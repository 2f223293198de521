import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { MAX_QUOTE_QUANTITY } from './constants';
import { MAX_UNIT_PRICE_MICROS, UNIT_PRICE_STEP_MICROS } from './numbers/money';
import { acceptedTotal, priceBreakProblem, priceOfferLine, sumCents } from './offer-pricing';
import type { Offer } from './quote-offers';

const $ = (dollars: string) => Math.round(Number(dollars) * 10_000) * 100; // test input only: "12.5" → micros

describe('priceOfferLine', () => {
  test('unit price × quantity, in whole cents', () => {
    expect(priceOfferLine({ quantity: 3, unitPriceMicros: $('19.99'), priceBreaks: [] })).toEqual({ appliedUnitPriceMicros: 19_990_000, lineTotalCents: 5997 });
  });

  test('no float drift: $0.10 × 3 is 30 cents, $0.07 × 100 is $7.00, $1.15 × 100 is $115.00', () => {
    expect(priceOfferLine({ quantity: 3, unitPriceMicros: $('0.10'), priceBreaks: [] }).lineTotalCents).toBe(30);
    expect(priceOfferLine({ quantity: 100, unitPriceMicros: $('0.07'), priceBreaks: [] }).lineTotalCents).toBe(700);
    expect(priceOfferLine({ quantity: 100, unitPriceMicros: $('1.15'), priceBreaks: [] }).lineTotalCents).toBe(11500);
  });

  test('sub-cent unit prices: rounded once per line, half a cent up', () => {
    // $0.335 × 3 = $1.005 → $1.01; $0.3349 × 3 = $1.0047 → $1.00; $0.0001 × 49 = 0.49 cents → 0; × 50 → 1 cent
    expect(priceOfferLine({ quantity: 3, unitPriceMicros: 335_000, priceBreaks: [] }).lineTotalCents).toBe(101);
    expect(priceOfferLine({ quantity: 3, unitPriceMicros: 334_900, priceBreaks: [] }).lineTotalCents).toBe(100);
    expect(priceOfferLine({ quantity: 49, unitPriceMicros: 100, priceBreaks: [] }).lineTotalCents).toBe(0);
    expect(priceOfferLine({ quantity: 50, unitPriceMicros: 100, priceBreaks: [] }).lineTotalCents).toBe(1);
    expect(priceOfferLine({ quantity: 100_000, unitPriceMicros: 335_000, priceBreaks: [] }).lineTotalCents).toBe(3_350_000);
  });

  test('the best price break reached applies; below the first break the base price does', () => {
    const priceBreaks = [
      { minQuantity: 10, unitPriceMicros: $('11.00') },
      { minQuantity: 50, unitPriceMicros: $('9.90') },
    ];
    const at = (quantity: number) => priceOfferLine({ quantity, unitPriceMicros: $('12.50'), priceBreaks });
    expect(at(9)).toEqual({ appliedUnitPriceMicros: 12_500_000, lineTotalCents: 11250 });
    expect(at(10)).toEqual({ appliedUnitPriceMicros: 11_000_000, lineTotalCents: 11000 });
    expect(at(49)).toEqual({ appliedUnitPriceMicros: 11_000_000, lineTotalCents: 53900 });
    expect(at(50)).toEqual({ appliedUnitPriceMicros: 9_900_000, lineTotalCents: 49500 });
  });

  test('the alternative is priced at the same quantity, without the breaks', () => {
    const priced = priceOfferLine({
      quantity: 10,
      unitPriceMicros: $('12.50'),
      priceBreaks: [{ minQuantity: 10, unitPriceMicros: $('11.00') }],
      alternative: { unitPriceMicros: $('10.0050') },
    });
    expect(priced).toEqual({ appliedUnitPriceMicros: 11_000_000, lineTotalCents: 11000, alternativeLineTotalCents: 10005 });
  });

  test('the largest line stays an exact whole number of cents', () => {
    const priced = priceOfferLine({ quantity: MAX_QUOTE_QUANTITY, unitPriceMicros: MAX_UNIT_PRICE_MICROS, priceBreaks: [] });
    expect(Number.isSafeInteger(priced.lineTotalCents)).toBe(true);
    expect(BigInt(priced.lineTotalCents)).toBe((BigInt(MAX_UNIT_PRICE_MICROS) * BigInt(MAX_QUOTE_QUANTITY)) / 10_000n);
  });

  test('any price and quantity: the total is the exact product rounded half up (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_UNIT_PRICE_MICROS / UNIT_PRICE_STEP_MICROS }),
        fc.integer({ min: 1, max: MAX_QUOTE_QUANTITY }),
        (steps, quantity) => {
          const micros = steps * UNIT_PRICE_STEP_MICROS;
          const exact = BigInt(micros) * BigInt(quantity);
          const cents = BigInt(priceOfferLine({ quantity, unitPriceMicros: micros, priceBreaks: [] }).lineTotalCents);
          // |exact − cents × 10,000| ≤ half a cent, and exactly half rounds up.
          const diff = exact - cents * 10_000n;
          return diff >= -5_000n && diff < 5_000n;
        },
      ),
    );
  });
});

describe('totals', () => {
  test('an offer total is the sum of its rounded line totals, exactly', () => {
    const lines = [335_000, 335_000, 335_000].map((m) => priceOfferLine({ quantity: 3, unitPriceMicros: m, priceBreaks: [] }).lineTotalCents);
    expect(sumCents(lines)).toBe(303n); // 3 × $1.01, not 3 × $1.005 = $3.015 → $3.02
    expect(sumCents(Array.from({ length: 1000 }, () => 10))).toBe(10_000n); // a thousand dimes: $100.00, never $99.99999
  });

  test('the accepted total counts each chosen line at its offered or alternative price', () => {
    const offer = {
      lines: [
        { itemId: 1, status: 'offered', lineTotalCents: 11000, alternative: { lineTotalCents: 10005 } },
        { itemId: 2, status: 'offered', lineTotalCents: 24995 },
        { itemId: 3, status: 'cannot_supply' },
      ],
    } as unknown as Pick<Offer, 'lines'>;
    expect(
      acceptedTotal(offer, [
        { itemId: 1, choice: 'alternative' },
        { itemId: 2, choice: 'offered' },
        { itemId: 3, choice: 'offered' },
      ]),
    ).toBe(35000);
    expect(acceptedTotal(offer, [{ itemId: 2, choice: 'declined' }])).toBe(0);
  });

  test('a price break above the price before it is named', () => {
    expect(priceBreakProblem($('10.00'), [{ minQuantity: 10, unitPriceMicros: $('10.50') }])?.index).toBe(0);
    expect(priceBreakProblem($('10.00'), [{ minQuantity: 10, unitPriceMicros: $('10.00') }])).toBeUndefined();
  });
});
