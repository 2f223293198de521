import { describe, expect, it } from 'vitest';
import { slugify } from './slugify';

describe('slugify (spec section 4)', () => {
  it.each([
    ['Hydraulic Components', 'hydraulic-components'],
    ['  Pneumatic   Systems ', '-pneumatic-systems-'],
    ['Bosch Rexroth AG', 'bosch-rexroth-ag'],
    ['SMC (Japan) & Co.', 'smc-japan--co'],
    ['Valve 4/2-way', 'valve-42-way'],
    ['Électrique', 'lectrique'],
    ['tab\tand\nnewline', 'tab-and-newline'],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it('keeps hyphens and digits as typed', () => {
    expect(slugify('6ES7-214')).toBe('6es7-214');
  });
});
