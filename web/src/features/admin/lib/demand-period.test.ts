import { describe, expect, it } from 'vitest';
import { customRangeProblem, presetRange } from './demand-period';

describe('demand period', () => {
  const now = new Date('2026-11-26T23:30:00Z');

  it('counts a preset back from today, both days included, in UTC', () => {
    expect(presetRange('7d', now)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(presetRange('30d', now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetRange('90d', now)).toEqual({ from: '2026-08-29', to: '2026-11-26' });
    expect(presetRange('12m', now)).toEqual({ from: '2025-11-27', to: '2026-11-26' });
    expect(presetRange('custom', now)).toBeNull();
  });

  it('refuses a custom period that ends before it starts or lacks a date', () => {
    expect(customRangeProblem('2026-11-01', '2026-11-26')).toBeNull();
    expect(customRangeProblem('2026-11-26', '2026-11-26')).toBeNull();
    expect(customRangeProblem('2026-11-27', '2026-11-26')).toBe('The start date must be on or before the end date');
    expect(customRangeProblem('', '2026-11-26')).toBe('Choose both dates');
  });
});
