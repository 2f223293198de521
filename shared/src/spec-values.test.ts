import { describe, expect, it } from 'vitest';
import { parseSpecValue, parseSpecifications } from './spec-values';

describe('parseSpecValue', () => {
  it('converts lengths to millimetres', () => {
    expect(parseSpecValue('bore', '32 mm')).toEqual({ value: 32, unit: 'mm' });
    expect(parseSpecValue('bore', '3.2cm')).toEqual({ value: 32, unit: 'mm' });
    expect(parseSpecValue('stroke', '2 in')).toEqual({ value: 50.8, unit: 'mm' });
    expect(parseSpecValue('stroke', '1.5"')).toEqual({ value: 38.1, unit: 'mm' });
    expect(parseSpecValue('stroke', '0.1 m')).toEqual({ value: 100, unit: 'mm' });
  });

  it('converts pressures to bar', () => {
    expect(parseSpecValue('pressureRating', '10 bar')).toEqual({ value: 10, unit: 'bar' });
    expect(parseSpecValue('pressureRating', '145 psi')?.value).toBeCloseTo(10, 1);
    expect(parseSpecValue('pressureRating', '1 MPa')).toEqual({ value: 10, unit: 'bar' });
    expect(parseSpecValue('pressureRating', '250 kPa')).toEqual({ value: 2.5, unit: 'bar' });
    expect(parseSpecValue('pressureRating', '1,000 psi')?.value).toBeCloseTo(68.95, 2);
  });

  it('takes a bare number in the key’s canonical unit', () => {
    expect(parseSpecValue('bore', '40')).toEqual({ value: 40, unit: 'mm' });
    expect(parseSpecValue('voltage', '24')).toEqual({ value: 24, unit: null });
    expect(parseSpecValue('weight', '.5')).toEqual({ value: 0.5, unit: null });
  });

  it('refuses text, ranges, unknown units and units of the wrong dimension', () => {
    expect(parseSpecValue('bore', 'large')).toBeNull();
    expect(parseSpecValue('bore', '32-40 mm')).toBeNull();
    expect(parseSpecValue('bore', '32 furlongs')).toBeNull();
    expect(parseSpecValue('bore', '10 bar')).toBeNull();
    expect(parseSpecValue('pressureRating', '10 mm')).toBeNull();
    expect(parseSpecValue('bore', '')).toBeNull();
    expect(parseSpecValue('bore', 'NaN')).toBeNull();
    expect(parseSpecValue('bore', '1e400')).toBeNull();
  });

  it('keeps negative values for keys without a fixed dimension', () => {
    expect(parseSpecValue('temperatureMin', '-20')).toEqual({ value: -20, unit: null });
  });
});

describe('parseSpecifications', () => {
  it('keeps only the numeric values', () => {
    expect(parseSpecifications({ bore: '32 mm', stroke: '4 in', pressureRating: '10 bar', material: 'Aluminium', voltage: '24 V' })).toEqual({
      bore: 32,
      stroke: 101.6,
      pressureRating: 10,
    });
  });
});
