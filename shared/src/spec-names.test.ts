import { describe, expect, it } from 'vitest';
import { specFilterLabel, specName } from './spec-names';

describe('specName: a specification key read as words', () => {
  it.each([
    ['bore', 'Bore'],
    ['rodDiameter', 'Rod diameter'],
    ['pressureRating', 'Pressure rating'],
    ['dynamicLoadRating', 'Dynamic load rating'],
    ['pressure_rating', 'Pressure rating'],
    ['Bore mm', 'Bore mm'],
    ['maxRPM', 'Max RPM'],
    ['IP rating', 'IP rating'],
    ['Cut-off frequency', 'Cut-off frequency'],
    ['  colour ', 'Colour'],
  ])('%j → %j', (key, expected) => {
    expect(specName(key)).toBe(expected);
  });
});

describe('specFilterLabel', () => {
  it('uses the filter panel label for the filterable specifications and words for the rest', () => {
    expect(specFilterLabel('bore')).toBe('Bore Size (mm)');
    expect(specFilterLabel('pressureRating')).toBe('Pressure Rating (bar)');
    expect(specFilterLabel('rodDiameter')).toBe('Rod diameter');
  });
});
