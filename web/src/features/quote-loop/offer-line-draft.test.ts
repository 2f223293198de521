import { describe, expect, test } from 'vitest';
import type { QuoteItem } from '@parts/shared/schemas';
import { draftFor, previewLineTotal, risingBreak, toInput, type LineDraft } from './offer-line-draft';

const item: QuoteItem = { id: 1, quantity: 3, part: { id: 7, partNumber: 'BRG-6204', name: 'Ball bearing' } };
const line = (patch: Partial<LineDraft>): LineDraft => ({ ...draftFor(item, undefined), leadDays: '14', ...patch });

describe("the offer editor's line preview", () => {
  test('is the server’s price rule: sub-cent prices rounded once, half a cent up', () => {
    expect(previewLineTotal(line({ price: '0.335', quantity: '3' }))).toBe(101);
    expect(previewLineTotal(line({ price: '0.10', quantity: '3' }))).toBe(30);
  });

  test('the best price break reached applies; a break still being typed is left out', () => {
    const breaks = [
      { minQuantity: '10', price: '11.00' },
      { minQuantity: '', price: '9.90' },
    ];
    expect(previewLineTotal(line({ price: '12.50', quantity: '10', breaks }))).toBe(11000);
    expect(previewLineTotal(line({ price: '12.50', quantity: '9', breaks }))).toBe(11250);
    expect(previewLineTotal(line({ price: '', quantity: '9' }))).toBeUndefined();
  });

  test('a rising break is named, and the line is not sent', () => {
    const draft = line({ price: '10.00', quantity: '20', breaks: [{ minQuantity: '10', price: '10.50' }] });
    expect(risingBreak(draft)?.index).toBe(0);
    expect(toInput(draft)).toMatch(/^BRG-6204: The price break from 10 pieces/);
    expect(toInput(line({ price: '12.50', quantity: '3' }))).toMatchObject({ status: 'offered', unitPriceMicros: 12_500_000, quantity: 3 });
  });
});
