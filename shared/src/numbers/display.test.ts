import { describe, expect, test } from 'vitest';
import { formatCents } from '../quote-offers';
import { formatMicros } from './money';
import { formatQuantity } from './display';

describe('numbers as people read them', () => {
  test('quantities carry thousands separators', () => {
    expect(formatQuantity(1_000_000)).toBe('1,000,000');
    expect(formatQuantity(12_000)).toBe('12,000');
    expect(formatQuantity(999)).toBe('999');
    expect(formatQuantity(1)).toBe('1');
  });

  test('amounts group the same way', () => {
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatMicros(1_234_500_000)).toBe('$1,234.50');
  });
});
