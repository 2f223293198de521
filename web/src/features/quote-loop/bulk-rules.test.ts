import { describe, expect, it } from 'vitest';
import type { QuoteItem } from '@parts/shared/schemas';
import { adjustedPrice, applyBulkRule, readPercent } from './bulk-rules';
import { draftFor } from './offer-line-draft';

const catalogue = (id: number, partId: number): QuoteItem => ({ id, quantity: 10, part: { id: partId, partNumber: `P-${partId}`, name: `Part ${partId}` } });
const free = (id: number): QuoteItem => ({ id, quantity: 5, freeText: { partNumber: `FREE-${id}` } });
const lines = [catalogue(1, 101), catalogue(2, 102), free(3), catalogue(4, 104)].map((i) => draftFor(i, undefined));

describe('bulk rules of the offer editor (issue 29 item 3)', () => {
  it('reads a percentage exactly, and refuses what is not one', () => {
    expect(readPercent('12.5')).toBe(1250n);
    expect(readPercent('-7 %')).toBe(-700n);
    expect(readPercent('+0.05')).toBe(5n);
    expect(readPercent('-100')).toBe(-10_000n);
    for (const bad of ['', 'abc', '1.234', '-101', '1e2', '12,5']) expect(readPercent(bad)).toBeUndefined();
  });

  it('prices catalogue ± x % in exact micros, rounded half up to 0.0001 USD', () => {
    // $0.3333 + 10 % = $0.36663 → $0.3666; $1.00 - 12.5 % = $0.875; $0.00005 steps round half up.
    expect(adjustedPrice(333_300, 1000n)).toBe(366_600);
    expect(adjustedPrice(1_000_000, -1250n)).toBe(875_000);
    expect(adjustedPrice(1_000_000, 5n)).toBe(1_000_500);
    expect(adjustedPrice(150, 0n)).toBe(200);
    // A float would give 0.1 × 3 ≠ 0.3: the rule never meets one.
    expect(adjustedPrice(100_000, 20_000n)).toBe(300_000);
    expect(adjustedPrice(1_000_000, -10_000n)).toBeUndefined();
    expect(adjustedPrice(900_000_000_000, 2000n)).toBeUndefined();
  });

  it('sets catalogue price + x % only where the part has a catalogue price, and says how many were skipped', () => {
    const prices = new Map([
      [101, 2_500_000],
      [104, 10_000],
    ]);
    const result = applyBulkRule(lines, new Set([1, 2, 3, 4]), { kind: 'catalogPrice', percent: '15' }, prices);
    expect(result.lines.map((l) => l.price)).toEqual(['2.8750', '', '', '0.0115']);
    expect(result).toMatchObject({ changed: 2, skipped: 2 });
  });

  it('sets lead time, MOQ or cannot supply on the picked lines only, leaving the others as they are', () => {
    const picked = new Set([2, 3]);
    const lead = applyBulkRule(lines, picked, { kind: 'leadTime', days: 21 });
    expect(lead.lines.map((l) => l.leadDays)).toEqual(['', '21', '21', '']);
    expect(lead.lines[0]).toBe(lines[0]);
    const stock = applyBulkRule(lead.lines, picked, { kind: 'leadTime', days: 'in_stock' });
    expect(stock.lines.map((l) => [l.inStock, l.leadDays])).toEqual([
      [false, ''],
      [true, ''],
      [true, ''],
      [false, ''],
    ]);
    expect(applyBulkRule(lines, picked, { kind: 'moq', moq: 50 }).lines.map((l) => l.moq)).toEqual(['1', '50', '50', '1']);
    const gone = applyBulkRule(lines, picked, { kind: 'cannotSupply', reason: 'Discontinued' });
    expect(gone.lines.map((l) => [l.supply, l.reason])).toEqual([
      [true, ''],
      [false, 'Discontinued'],
      [false, 'Discontinued'],
      [true, ''],
    ]);
    expect(gone).toMatchObject({ changed: 2, skipped: 0 });
  });
});
