import { describe, expect, it } from 'vitest';
import { capitalize, formatDateTime, formatPrice } from './format';

describe('format', () => {
  it('formats prices as en-US dollars and null as N/A', () => {
    expect(formatPrice(1234.5)).toBe('$1,234.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(null)).toBe('N/A');
    expect(formatPrice(Number.NaN)).toBe('N/A');
  });

  it('formats date-times with year, short month, day, hour and minute', () => {
    const text = formatDateTime('2026-03-05T14:07:00Z');
    expect(text).toMatch(/^Mar \d{1,2}, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('capitalises the first letter only', () => {
    expect(capitalize('bore')).toBe('Bore');
    expect(capitalize('pressureRating')).toBe('PressureRating');
    expect(capitalize('')).toBe('');
  });
});
