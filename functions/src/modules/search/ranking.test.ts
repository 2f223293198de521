import { describe, expect, it } from 'vitest';
import type { PartListResponse } from '@parts/shared/schemas';
import { parseQueryText } from './query-text';
import {
  correctedQueryOf,
  editBudget,
  FUZZIER_EDITS,
  highlightOf,
  MAX_HIGHLIGHT_TERMS,
  needsCorrection,
  relaxations,
  relaxedSearch,
  relevanceBucket,
  RELEVANCE_BUCKETS,
  TIER,
  TIERS,
  withCorrections,
  type Relaxation,
} from './ranking';

/** The search rules both engines follow, without an engine: the engines' look-ups are stubbed. */
const text = (q: string) => parseQueryText(q)!;

const listing = (total: number, extra: Partial<PartListResponse> = {}): PartListResponse => ({
  data: [],
  total,
  page: 1,
  pageSize: 9,
  totalPages: Math.ceil(total / 9),
  facets: { categories: [], manufacturers: [] },
  ...extra,
});

describe('relevance tiers', () => {
  it('puts every part-number tier before every word tier, and discontinued parts after the others inside a tier', () => {
    expect([TIER.exact, TIER.prefix, TIER.infix, TIER.typed, TIER.widened]).toEqual([1, 2, 3, 4, 5]);
    expect(relevanceBucket(TIER.exact, 1)).toBeLessThan(relevanceBucket(TIER.prefix, 0));
    expect(relevanceBucket(TIER.typed, 0)).toBeLessThan(relevanceBucket(TIER.typed, 1));
    expect(relevanceBucket(TIER.typed, 1)).toBeLessThan(relevanceBucket(TIER.widened, 0));
    expect(relevanceBucket(TIERS, 1)).toBe(RELEVANCE_BUCKETS - 1);
  });
});

describe('typo policy', () => {
  it('never corrects a piece of a typed code, and asks the engine about other words only', () => {
    const typed = text('DSNU-32 cilinder');
    let asked = 0;
    const known = () => (asked++, false);
    expect(needsCorrection(typed, 'dsnu', known)).toBe(false);
    expect(asked).toBe(0);
    expect(needsCorrection(typed, 'cilinder', known)).toBe(true);
    expect(needsCorrection(typed, 'cilinder', () => true)).toBe(false);
  });

  it('allows one edit more for the fuzzier last try, none for a word with a digit', () => {
    expect(editBudget('valve')).toBe(1);
    expect(editBudget('cylinder')).toBe(2);
    expect(editBudget('cyl')).toBe(0);
    expect(editBudget('valve', FUZZIER_EDITS)).toBe(2);
    expect(editBudget('m12')).toBe(0);
  });

  it('says the corrected text only when results exist through corrections alone', () => {
    expect(correctedQueryOf('valve', { found: true, partNumber: false, asTyped: false })).toBe('valve');
    expect(correctedQueryOf('valve', { found: false, partNumber: false, asTyped: false })).toBeNull();
    expect(correctedQueryOf('valve', { found: true, partNumber: true, asTyped: false })).toBeNull();
    expect(correctedQueryOf('valve', { found: true, partNumber: false, asTyped: true })).toBeNull();
    expect(correctedQueryOf(null, { found: true, partNumber: false, asTyped: false })).toBeNull();
  });

  it('puts corrections into the typed words, or answers null when none has one', () => {
    expect(withCorrections(['solenid', 'valve'], (w) => (w === 'solenid' ? 'solenoid' : undefined))).toBe('solenoid valve');
    expect(withCorrections(['solenoid', 'valve'], () => null)).toBeNull();
  });

  it('keeps a highlight to its first terms', () => {
    const many = Array.from({ length: 100 }, (_, i) => `t${i}`);
    const h = highlightOf(many, ['va'], 'DSNU');
    expect(h.terms).toHaveLength(MAX_HIGHLIGHT_TERMS);
    expect(h).toMatchObject({ prefixes: ['va'], partNumber: 'DSNU' });
  });
});

describe('relaxation', () => {
  it('drops a word nothing explains first, then the least selective, then the dimensions; the fuzzier try comes last', () => {
    const typed = text('round xqzt cylinder 32x100');
    const counts: Record<string, number> = { round: 40, xqzt: Number.POSITIVE_INFINITY, cylinder: 900 };
    const steps = relaxations(typed, (w) => counts[w]!);
    expect(steps.map((s) => s.label)).toEqual(['round cylinder', 'round xqzt', 'xqzt cylinder', 'round xqzt cylinder', null]);
    expect(steps[0]!.text.partNumber).toBe('');
    expect(steps[3]!.text.specs).toEqual({});
    expect(steps[4]).toMatchObject({ text: typed, extraEdits: FUZZIER_EDITS });
  });

  it('never relaxes a code typed alone, but still tries it fuzzier when it has words', () => {
    expect(relaxations(text('6ES7-214'), () => 1).map((s) => s.label)).toEqual([null]);
    expect(relaxations(text('cylinder'), () => 1).map((s) => s.label)).toEqual([null]);
  });

  it('tries at most eight shorter texts', () => {
    const typed = text('a1 b2 c3 d4 e5 f6 g7 h8 i9 j10');
    expect(relaxations(typed, () => 1).filter((s) => s.extraEdits === 0)).toHaveLength(8);
  });
});

describe('relaxedSearch', () => {
  const engine = (steps: Record<string, { total: number; corrected?: string } | null>, asTyped: PartListResponse | null = null) => {
    const tried: Relaxation[] = [];
    return {
      tried,
      engine: {
        asTyped: () => asTyped,
        selectivity: () => 1,
        relaxed: (step: Relaxation) => {
          tried.push(step);
          const found = steps[step.label ?? 'fuzzier'];
          return found ? { answer: listing(found.total), corrected: found.corrected ?? null } : null;
        },
        didYouMean: () => 'round cylinder',
        unmatched: () => listing(0),
      },
    };
  };

  it('answers the typed text when it matches, without relaxing', async () => {
    const { engine: e, tried } = engine({}, listing(3, { correctedQuery: null }));
    expect(await relaxedSearch(text('round cylinder'), e)).toEqual(listing(3, { correctedQuery: null }));
    expect(tried).toHaveLength(0);
  });

  it('shows the first relaxation that finds parts with the filters, with its label and didYouMean', async () => {
    const { engine: e, tried } = engine({ cylinder: { total: 0 }, round: { total: 4 } });
    const answer = await relaxedSearch(text('round cylinder'), e);
    expect(answer).toMatchObject({ total: 4, relaxedQuery: 'round', correctedQuery: null, didYouMean: 'round cylinder' });
    expect(tried.map((s) => s.label)).toEqual(['cylinder', 'round']);
  });

  it('labels a relaxation by its corrected words, and the fuzzier try by them alone', async () => {
    const { engine: e } = engine({ fuzzier: { total: 2, corrected: 'round cylinder' } });
    expect(await relaxedSearch(text('rnd cylnder'), e)).toMatchObject({ total: 2, relaxedQuery: 'round cylinder' });
    const { engine: unlabelled } = engine({ fuzzier: { total: 2 } });
    const nothing = await relaxedSearch(text('rnd cylnder'), unlabelled);
    expect(nothing).toMatchObject({ total: 0, correctedQuery: null, didYouMean: 'round cylinder' });
    expect(nothing.relaxedQuery).toBeUndefined();
  });
});
