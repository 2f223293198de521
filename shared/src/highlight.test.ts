import { describe, expect, it } from 'vitest';
import { markPartNumber, markWords } from './highlight';

const h = (terms: string[], prefixes: string[] = [], partNumber: string | null = null) => ({ terms, prefixes, partNumber });

describe('markWords', () => {
  it('marks whole matched terms and typed prefixes, case and accents aside', () => {
    expect(markWords('Festo Compact Cylinder', h(['festo'], ['cyl']))).toEqual([
      { text: 'Festo', match: true },
      { text: ' Compact ', match: false },
      { text: 'Cyl', match: true },
      { text: 'inder', match: false },
    ]);
    expect(markWords('Über Pumpe', h(['uber']))).toEqual([
      { text: 'Über', match: true },
      { text: ' Pumpe', match: false },
    ]);
  });
  it('returns the text unmarked without a highlight', () => {
    expect(markWords('Valve', undefined)).toEqual([{ text: 'Valve', match: false }]);
  });
});

describe('markPartNumber', () => {
  it('marks the typed number inside the displayed one, punctuation included', () => {
    expect(markPartNumber('6ES7214-1AG40-0XB0', '72141AG')).toEqual([
      { text: '6ES', match: false },
      { text: '7214-1AG', match: true },
      { text: '40-0XB0', match: false },
    ]);
    expect(markPartNumber('PV-046', 'ZZZ')).toEqual([{ text: 'PV-046', match: false }]);
  });
});
