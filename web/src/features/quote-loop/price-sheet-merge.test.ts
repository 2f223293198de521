import { describe, expect, test } from 'vitest';
import type { QuoteItem } from '@parts/shared/schemas';
import { draftFor, type LineDraft } from './offer-line-draft';
import { applySheet, fillsOf } from './price-sheet-merge';

const items: QuoteItem[] = [
  { id: 1, quantity: 100, part: { id: 7, partNumber: 'BRG-6204', name: 'Ball bearing' } },
  { id: 2, quantity: 5, freeText: { partNumber: 'X-9', description: 'Seal' } },
];
const drafts = (): LineDraft[] => items.map((i) => ({ ...draftFor(i, undefined), price: '1.00', leadDays: '14' }));

describe('the price sheet and the draft', () => {
  test('the draft fills the sheet: offered lines with their fields, a cannot-supply line with its reason', () => {
    const [a, b] = drafts();
    const fills = fillsOf([
      {
        ...a!,
        inStock: true,
        breaks: [{ minQuantity: '500', price: '0.90' }],
        alternative: { partId: 8, label: 'BRG-6205 Bigger bearing', price: '2', note: '' },
      },
      { ...b!, supply: false, reason: 'Obsolete' },
    ]);
    expect(fills).toEqual([
      { itemId: 1, unitPrice: '1.00', breaks: [{ quantity: '500', price: '0.90' }], moq: '1', leadTime: 'in stock', alternative: 'BRG-6205', note: '' },
      { itemId: 2, reason: 'Obsolete' },
    ]);
  });

  test('a loaded sheet shows what it changes against the draft, and lines it leaves alone are not listed', () => {
    const { next, changes } = applySheet(drafts(), [
      { itemId: 1, row: 2, status: 'offered', unitPriceMicros: 1_100_000, priceBreaks: [{ minQuantity: 500, unitPriceMicros: 950_000 }], leadTime: 'in_stock' },
      { itemId: 2, row: 3, status: 'offered', unitPriceMicros: 1_000_000, priceBreaks: [], leadTime: 14 },
    ]);
    expect(changes).toEqual([
      { itemId: 1, label: 'Line 1 · BRG-6204', fields: ['Unit price: $1.00 → $1.10', 'Price breaks: — → 500+ $0.95', 'Lead time: 14 days → In stock'] },
    ]);
    expect(next[0]).toMatchObject({ price: '1.10', inStock: true, leadDays: '', breaks: [{ minQuantity: '500', price: '0.95' }] });
    expect(next[1]).toMatchObject({ price: '1.00', leadDays: '14' });
  });

  test('cannot supply, and an alternative that takes the line’s price unless it was already chosen', () => {
    const base = drafts();
    base[0] = { ...base[0]!, alternative: { partId: 8, label: 'BRG-6205 Bigger bearing', price: '3.00', note: 'Wider' } };
    const { next, changes } = applySheet(base, [
      {
        itemId: 1,
        row: 2,
        status: 'offered',
        unitPriceMicros: 1_000_000,
        priceBreaks: [],
        leadTime: 14,
        alternative: { partId: 8, partNumber: 'BRG-6205', name: 'Bigger bearing' },
      },
      { itemId: 2, row: 3, status: 'cannot_supply', reason: 'Obsolete' },
    ]);
    expect(next[0]!.alternative).toEqual({ partId: 8, label: 'BRG-6205 Bigger bearing', price: '3.00', note: 'Wider' });
    expect(changes).toEqual([{ itemId: 2, label: 'Line 2 · X-9', fields: ['Cannot supply: Obsolete'] }]);
    const other = applySheet(drafts(), [
      {
        itemId: 1,
        row: 2,
        status: 'offered',
        unitPriceMicros: 2_000_000,
        priceBreaks: [],
        leadTime: 14,
        alternative: { partId: 9, partNumber: 'BRG-7', name: 'Other' },
      },
    ]);
    expect(other.next[0]!.alternative).toEqual({ partId: 9, label: 'BRG-7 Other', price: '2.00', note: '' });
  });
});
