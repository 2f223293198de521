import { describe, expect, it } from 'vitest';
import { normalizePartNumber } from './part-number';

describe('normalizePartNumber', () => {
  it('ignores case, spaces and punctuation', () => {
    expect(normalizePartNumber('6es7 214-1ag40')).toBe('6ES72141AG40');
    expect(normalizePartNumber('6ES7214-1AG40-0XB0')).toBe('6ES72141AG400XB0');
    expect(normalizePartNumber('4WE6D6X/EG24N9K4')).toBe('4WE6D6XEG24N9K4');
    expect(normalizePartNumber(' cdq2b32-50dz ')).toBe('CDQ2B3250DZ');
  });

  it('makes a typed fragment a substring of the stored number', () => {
    expect(normalizePartNumber('6ES7214-1AG40-0XB0')).toContain(normalizePartNumber('214 1ag'));
  });

  it('folds accents and drops symbols entirely', () => {
    expect(normalizePartNumber('ÄB-12')).toBe('AB12');
    expect(normalizePartNumber('--//..')).toBe('');
    expect(normalizePartNumber('')).toBe('');
  });
});
