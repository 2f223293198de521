import { describe, expect, it } from 'vitest';
import { demandPartKey, demandQueryKey, looksLikePartNumber } from './demand-keys';

describe('demandPartKey', () => {
  it('makes CR600, cr-600 and CR 600 one key', () => {
    expect(new Set(['CR600', 'cr-600', 'CR 600', ' cr.600 ', 'cr/600', 'Cr_600', 'cr\\600']).size).toBe(7);
    expect(new Set(['CR600', 'cr-600', 'CR 600', ' cr.600 ', 'cr/600', 'Cr_600', 'cr\\600'].map(demandPartKey))).toEqual(new Set(['CR600']));
  });

  it('keeps other characters, so C++ and C## stay apart', () => {
    expect(demandPartKey('abc+1')).toBe('ABC+1');
    expect(demandPartKey('abc#1')).toBe('ABC#1');
  });

  it('folds full-width characters and caps the length', () => {
    expect(demandPartKey('ＣＲ６００')).toBe('CR600');
    expect(demandPartKey('A'.repeat(500))).toHaveLength(120);
    expect(demandPartKey(' - . ')).toBe('');
  });
});

describe('demandQueryKey', () => {
  it('lower-cases, trims and collapses white space', () => {
    expect(demandQueryKey('  Pressure   SENSOR\t 10 bar ')).toBe('pressure sensor 10 bar');
    expect(demandQueryKey('pressure sensor 10 bar')).toBe(demandQueryKey('PRESSURE\nsensor 10  bar'));
  });

  it('keeps punctuation (a query is words, not a part number)', () => {
    expect(demandQueryKey('M8-Screw')).toBe('m8-screw');
    expect(demandQueryKey('   ')).toBe('');
  });
});

describe('looksLikePartNumber', () => {
  it.each(['CR600', 'cr-600', 'CR 600', '6ES7 214-1AG40', 'm8x20', '4WE6D6X/EG24N9K4'])('%s reads as a part number', (q) => {
    expect(looksLikePartNumber(q)).toBe(true);
  });

  it.each(['m8 screw', 'pressure sensor', 'valve', '', '12', 'a b c d 1', 'price < 10'])('%s does not', (q) => {
    expect(looksLikePartNumber(q)).toBe(false);
  });
});
