import { describe, expect, it } from 'vitest';
import { SPEC_FILTERS } from './constants';
import { specRangesSchema } from './schemas';
import { specRangeIssues } from './spec-ranges';

const [first] = SPEC_FILTERS;

describe('specRangeIssues (the listing API and the catalogue page refuse the same ranges with the same words)', () => {
  it('accepts ranges on the catalogue filter keys', () => {
    const ranges = { [first.key]: { min: 1, max: 5 } };
    expect(specRangeIssues(ranges)).toEqual([]);
    expect(specRangesSchema.safeParse(ranges).success).toBe(true);
  });

  it('names a minimum above its maximum', () => {
    const ranges = { [first.key]: { min: 50, max: 10 } };
    const message = `${first.label}: the minimum (50) is above the maximum (10)`;
    expect(specRangeIssues(ranges)).toEqual([{ key: first.key, message }]);
    expect(specRangesSchema.safeParse(ranges).error?.issues).toMatchObject([{ path: [first.key], message }]);
  });

  it('refuses an unknown key and more filters than the catalogue has', () => {
    expect(specRangeIssues({ colour: { min: 1 } })[0]?.message).toMatch(/^Unknown specification filter "colour"/);
    const tooMany = Object.fromEntries([...SPEC_FILTERS, { key: 'extra' }].map((f) => [f.key, { min: 1 }]));
    const [issue] = specRangeIssues(tooMany);
    expect(issue).toEqual({ message: `At most ${SPEC_FILTERS.length} specification filters` });
    expect(specRangesSchema.safeParse(tooMany).error?.issues[0]).toMatchObject({ path: [], message: issue?.message });
  });
});
