import { describe, expect, it } from 'vitest';
import { editDistance, Vocabulary, wordForms } from './word-match';
import { allowedEdits } from './ranking';
import { synonymListSchema } from '@parts/shared/schemas';
import { codeTerms, parseQueryText } from './query-text';
import { DEFAULT_SYNONYMS } from './synonyms';

describe('word forms', () => {
  it('goes from plural to singular and back', () => {
    expect(wordForms('valves')).toEqual(expect.arrayContaining(['valves', 'valve']));
    expect(wordForms('valve')).toEqual(expect.arrayContaining(['valves']));
    expect(wordForms('assemblies')).toContain('assembly');
    expect(wordForms('assembly')).toContain('assemblies');
    expect(wordForms('switches')).toContain('switch');
    expect(wordForms('mounting')).toContain('mount');
  });
  it('leaves codes and numbers alone', () => {
    expect(wordForms('1ag40')).toEqual(['1ag40']);
    expect(wordForms('100')).toEqual(['100']);
  });
});

describe('edit distance', () => {
  it('counts substitutions, insertions, deletions and neighbour swaps as one edit each', () => {
    expect(editDistance('hydraulc', 'hydraulic', 2)).toBe(1);
    expect(editDistance('schnieder', 'schneider', 2)).toBe(1);
    expect(editDistance('pump', 'pump', 1)).toBe(0);
    expect(editDistance('valve', 'cable', 1)).toBe(2);
  });
  it('measures against the closest prefix for a word being typed', () => {
    expect(editDistance('cylindr', 'cylinder', 1, true)).toBe(1);
    expect(editDistance('cyl', 'cylinder', 0, true)).toBe(0);
  });
  it('allows no edit below 4 letters or in anything with a digit, one up to 7, two from 8', () => {
    expect(allowedEdits('cyl')).toBe(0);
    expect(allowedEdits('pump')).toBe(1);
    expect(allowedEdits('cylindr')).toBe(1);
    expect(allowedEdits('hydraulc')).toBe(2);
    expect(allowedEdits('1ag40x')).toBe(0);
  });
});

describe('vocabulary corrections', () => {
  const vocabulary = new Vocabulary([
    { term: 'hydraulic', docs: 50 },
    { term: 'hydrant', docs: 2 },
    { term: 'pump', docs: 40 },
    { term: 'pumps', docs: 3 },
    { term: 'siemens', docs: 30 },
    { term: 'a10vso', docs: 5 },
  ]);
  it('corrects within the allowed edits, closest then most frequent, never the first letter', () => {
    expect(vocabulary.corrections('hydraulc', { prefix: false }).map((t) => t.term)).toEqual(['hydraulic']);
    expect(vocabulary.corrections('siemns', { prefix: false }).map((t) => t.term)).toEqual(['siemens']);
    expect(vocabulary.corrections('oump', { prefix: false })).toEqual([]);
    expect(vocabulary.corrections('a10vsx', { prefix: false })).toEqual([]);
  });
});

describe('dimensions typed in the text', () => {
  it('reads bore x stroke, a diameter sign, named dimensions and pressures with units', () => {
    expect(parseQueryText('32x100')?.specs).toMatchObject({ bore: { min: expect.closeTo(32), max: expect.closeTo(32) }, stroke: { min: expect.closeTo(100) } });
    expect(parseQueryText('Ø32 100')?.specs).toMatchObject({ bore: { min: expect.closeTo(32) }, stroke: { min: expect.closeTo(100) } });
    expect(parseQueryText('bore 32 stroke 100 cylinder')).toMatchObject({ words: ['cylinder'], specs: { bore: {}, stroke: {} } });
    const psi = parseQueryText('3000 psi pump')!;
    expect(psi.words).toEqual(['pump']);
    expect(psi.specs.pressureRating!.min).toBeLessThan(206.8);
    expect(psi.specs.pressureRating!.max).toBeGreaterThan(206.8);
  });
  it('marks the pieces of a typed code or number as never to be corrected', () => {
    const parsed = parseQueryText('dsnv-32 cylindr 6es7')!;
    expect(parsed.words).toEqual(['dsnv', '32', 'cylindr', '6es7']);
    expect([...parsed.fixed].sort()).toEqual(['32', '6es7', 'dsnv']);
  });
  it('joins the codes written in a text, and leaves words, numbers and fractions to the word index', () => {
    expect(codeTerms('S7-1200 CPU, port G1/8; 1/4 NPT thread M12x1.5 (PV-046).')).toEqual(['s71200', 'g18', 'm12x15', 'pv046']);
    expect(codeTerms('O-ring 25 mm')).toEqual([]);
  });
  it('leaves codes that contain an x or a unit-like tail alone', () => {
    expect(parseQueryText('M12x1.5 fitting')?.specs).toEqual({});
    expect(parseQueryText('6ES7 214-1AG40')).toMatchObject({ specs: {}, partNumber: '6ES72141AG40' });
  });
});

describe('synonyms as data', () => {
  it('the default list passes the schema an admin-edited list must pass', () => {
    expect(synonymListSchema.parse(DEFAULT_SYNONYMS)).toEqual(DEFAULT_SYNONYMS);
    expect(DEFAULT_SYNONYMS.sov).toEqual(['solenoid valve']);
  });
  it('an edited list is normalised and checked', () => {
    expect(synonymListSchema.parse({ ' Tube ': ['hose'] })).toEqual({ tube: ['hose'] });
    expect(synonymListSchema.safeParse({ 'two words': ['x'] }).success).toBe(false);
    expect(synonymListSchema.safeParse({ tube: [] }).success).toBe(false);
    expect(synonymListSchema.safeParse({ tube: [''] }).success).toBe(false);
  });
});
