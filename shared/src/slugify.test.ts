import { describe, expect, it } from 'vitest';
import { SLUG_MAX_LENGTH, slugify } from './slugify';
import { slugSchema } from './schemas';

describe('slugify: lower case, letters transliterated, one hyphen between words', () => {
  it.each([
    ['Hydraulic Components', 'hydraulic-components'],
    ['  Pneumatic   Systems ', 'pneumatic-systems'],
    ['Bosch Rexroth AG', 'bosch-rexroth-ag'],
    ['Fittings & Hoses', 'fittings-and-hoses'],
    ['SMC (Japan) & Co.', 'smc-japan-and-co'],
    ['Über', 'uber'],
    ['Électrique', 'electrique'],
    ['Straße', 'strasse'],
    ['Ø32 hydraulic', 'o32-hydraulic'],
    ['Valve 4/2-way', 'valve-4-2-way'],
    ['a -- b __ c', 'a-b-c'],
    ['tab\tand\nnewline', 'tab-and-newline'],
    ['PowerFlex 525', 'powerflex-525'],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('keeps hyphens and digits as typed', () => {
    expect(slugify('6ES7-214')).toBe('6es7-214');
  });

  it('never gives a slug the shared slug schema refuses', () => {
    for (const name of ['Fittings & Hoses', 'Über-Ventil -- 3/4"', '--x--', `${'Long name '.repeat(40)}end`, 'é'.repeat(300)]) {
      const slug = slugify(name);
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      expect(slugSchema.safeParse(slug).success, `${name} → ${slug}`).toBe(true);
    }
  });

  it('cuts a long slug at a word boundary', () => {
    const slug = slugify(`${'word '.repeat(60)}`);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith('word')).toBe(true);
  });
});
