import { describe, expect, it } from 'vitest';
import { dropPackagingSuffix, partNumberFamily } from './part-family';

describe('packaging suffixes', () => {
  it('drops a tape-and-reel, bulk or lead-free suffix after a separator', () => {
    expect(dropPackagingSuffix('BAV99-TR')).toBe('BAV99');
    expect(dropPackagingSuffix('LM317T/NOPB')).toBe('LM317T');
    expect(dropPackagingSuffix('LT1761ES5-5#TRPBF')).toBe('LT1761ES5-5');
    expect(dropPackagingSuffix('AD8605ARTZ-REEL7')).toBe('AD8605ARTZ');
    expect(dropPackagingSuffix('1N4148 T&R')).toBe('1N4148');
    expect(dropPackagingSuffix('BC547 (BULK)')).toBe('BC547');
    expect(dropPackagingSuffix('ADP-9.tube')).toBe('ADP-9');
  });

  it('drops up to two trailing suffixes, and pack quantities', () => {
    expect(dropPackagingSuffix('296-1395-CT-ND')).toBe('296-1395');
    expect(dropPackagingSuffix('M6-WASHER-100PCS')).toBe('M6-WASHER');
    expect(dropPackagingSuffix('O-RING 20X2 PK10')).toBe('O-RING 20X2');
    expect(dropPackagingSuffix('A-TR-REEL-BULK')).toBe('A-TR');
  });

  it('keeps variant letters, glued suffixes and numbers made only of suffixes', () => {
    expect(dropPackagingSuffix('6ES7214-1AG40-0XB0-Z')).toBe('6ES7214-1AG40-0XB0-Z');
    expect(dropPackagingSuffix('BC547TR')).toBe('BC547TR');
    expect(dropPackagingSuffix('DSNU-32-100-PPV-A')).toBe('DSNU-32-100-PPV-A');
    expect(dropPackagingSuffix('TR')).toBe('TR');
    expect(dropPackagingSuffix('TR-REEL')).toBe('TR');
    expect(dropPackagingSuffix('  ')).toBe('');
  });

  it('gives one family key to the bare number and its packaged forms, normalised', () => {
    const family = partNumberFamily('LM317T');
    expect(family).toBe('LM317T');
    for (const packaged of ['lm317t/nopb', 'LM317T-TR', 'LM317T #PBF', 'LM317T-REEL-ND']) expect(partNumberFamily(packaged)).toBe(family);
    expect(partNumberFamily('LM317TA')).not.toBe(family);
  });
});
