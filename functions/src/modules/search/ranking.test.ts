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
  rankByRules,
  rankKey,
  RANK_FIELDS,
  relevanceBucket,
  RELEVANCE_BUCKETS,
  standing,
  STANDINGS,
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
    const at = (tier: number, nameMisses: number, discontinued: number) => relevanceBucket(standing(tier, nameMisses), discontinued);
    expect(at(TIER.exact, 0, 1)).toBeLessThan(at(TIER.prefix, 0, 0));
    expect(at(TIER.typed, 0, 0)).toBeLessThan(at(TIER.typed, 0, 1));
    expect(at(TIER.typed, 0, 1)).toBeLessThan(at(TIER.typed, 1, 0));
    expect(at(TIER.typed, 1, 1)).toBeLessThan(at(TIER.widened, 0, 0));
    expect(standing(TIERS, 1)).toBe(STANDINGS - 1);
    expect(at(TIERS, 1, 1)).toBe(RELEVANCE_BUCKETS - 1);
  });
});

describe('ranking rules', () => {
  const word = (w: string, extra: { forms?: string[]; last?: boolean; corrections?: string[]; synonyms?: string[][] } = {}) => ({
    terms: new Set([w, ...(extra.forms ?? [])]),
    synonyms: extra.synonyms ?? [],
    prefix: extra.last ? w : null,
    corrections: new Set(extra.corrections ?? []),
  });
  const part = (
    fields: Partial<Record<(typeof RANK_FIELDS)[number], string>>,
    extra: { tier?: number; demand?: number; discontinued?: boolean; order?: number } = {},
  ) => ({
    tier: extra.tier ?? TIER.typed,
    fields: RANK_FIELDS.map((f) => fields[f] ?? ''),
    demand: extra.demand ?? 0,
    discontinued: extra.discontinued ?? false,
    order: extra.order ?? 0,
  });
  /** The names of the parts in the order the rules give them. */
  const ranked = (words: ReturnType<typeof word>[], parts: [string, ReturnType<typeof part>][]) =>
    rankByRules(parts, ([, p]) => rankKey(words, p)).map(([name]) => name);

  it('exact part number, then a number starting with the typed one, then one containing it, then words', () => {
    const parts: [string, ReturnType<typeof part>][] = [
      ['words', part({ name: 'DSNU cylinder' }, { order: 0 })],
      ['contains', part({}, { tier: TIER.infix, order: 1 })],
      ['prefix', part({}, { tier: TIER.prefix, order: 2 })],
      ['exact', part({}, { tier: TIER.exact, order: 3 })],
    ];
    expect(ranked([word('dsnu')], parts)).toEqual(['exact', 'prefix', 'contains', 'words']);
  });

  it('fewer corrected words first: "sensor" typed right before "sensr" corrected', () => {
    const words = [word('pressure'), word('sensr', { last: true, corrections: ['sensor'] })];
    const parts: [string, ReturnType<typeof part>][] = [
      ['corrected', part({ name: 'Pressure sensor' }, { order: 0 })],
      ['as typed', part({ name: 'Pressure sensr' }, { order: 1 })],
    ];
    expect(ranked(words, parts)).toEqual(['as typed', 'corrected']);
  });

  it('words together and in order before words apart, and both in one field before one in the category', () => {
    const words = [word('pressure'), word('valve', { last: true })];
    const parts: [string, ReturnType<typeof part>][] = [
      ['category', part({ name: 'Flow Control Valve', category: 'Hydraulic Valves', description: 'pressure rating 350 bar' }, { order: 0 })],
      ['apart', part({ name: 'Pressure Relief and Check Valve' }, { order: 1 })],
      ['reversed', part({ name: 'Valve pressure' }, { order: 2 })],
      ['together', part({ name: 'Pressure valve' }, { order: 3 })],
    ];
    expect(ranked(words, parts)).toEqual(['together', 'reversed', 'apart', 'category']);
  });

  it('the field matched: part number > name > manufacturer > category > specifications > description', () => {
    const words = [word('bosch', { last: true })];
    const parts: [string, ReturnType<typeof part>][] = [
      ['description', part({ description: 'bosch' }, { order: 0 })],
      ['specifications', part({ specifications: 'bosch' }, { order: 1 })],
      ['category', part({ category: 'bosch' }, { order: 2 })],
      ['manufacturer', part({ manufacturer: 'Bosch Rexroth' }, { order: 3 })],
      ['name', part({ name: 'Bosch pump' }, { order: 4 })],
      ['part number', part({ partNumber: 'BOSCH-1' }, { order: 5 })],
    ];
    expect(ranked(words, parts)).toEqual(['part number', 'name', 'manufacturer', 'category', 'specifications', 'description']);
  });

  it('a whole word before the beginning of a longer one, then demand, then active before discontinued, then part number', () => {
    const words = [word('seal', { last: true })];
    const parts: [string, ReturnType<typeof part>][] = [
      ['prefix', part({ name: 'Sealant' }, { order: 0, demand: 9 })],
      ['discontinued', part({ name: 'Seal' }, { order: 1, discontinued: true, demand: 5 })],
      ['later number', part({ name: 'Seal' }, { order: 3 })],
      ['earlier number', part({ name: 'Seal' }, { order: 2 })],
      ['in demand', part({ name: 'Seal' }, { order: 4, demand: 0.5 })],
    ];
    expect(ranked(words, parts)).toEqual(['discontinued', 'in demand', 'earlier number', 'later number', 'prefix']);
  });

  it('more typed words matched first (a relaxed listing counts the words it dropped too)', () => {
    const words = [word('festo'), word('pump', { last: true })];
    const parts: [string, ReturnType<typeof part>][] = [
      ['one', part({ name: 'Eaton pump' }, { order: 0 })],
      ['both', part({ name: 'Pump', manufacturer: 'Festo' }, { order: 1 })],
    ];
    expect(ranked(words, parts)).toEqual(['both', 'one']);
  });

  it('words close together in the field they matched best: "Touch Panel HMI" before "Comfort Panel" in category "HMI Panels"', () => {
    const words = [word('hmi'), word('panel', { last: true, forms: ['panels'] })];
    const parts: [string, ReturnType<typeof part>][] = [
      ['category', part({ name: 'Comfort Panel', category: 'HMI Panels' }, { order: 0 })],
      ['name', part({ name: 'Touch Panel HMI', category: 'HMI Panels' }, { order: 1 })],
    ];
    expect(ranked(words, parts)).toEqual(['name', 'category']);
  });

  it('a synonym matches only with all its words, and ranks after the word as typed (exactness)', () => {
    const words = [word('inverter', { last: true, synonyms: [['variable', 'frequency', 'drive']] })];
    const parts: [string, ReturnType<typeof part>][] = [
      ['one synonym word', part({ name: 'Variable speed pump', category: 'Inverter spares' }, { order: 0 })],
      ['synonym', part({ name: 'Variable Frequency Drive' }, { order: 1 })],
      ['as typed', part({ name: 'Compact Inverter' }, { order: 2 })],
    ];
    expect(ranked(words, parts)).toEqual(['as typed', 'synonym', 'one synonym word']);
  });

  it('reads codes joined: "s71200" matches "S7-1200" in the name', () => {
    expect(rankKey([word('s71200')], part({ name: 'Siemens S7-1200 CPU' }))[1]).toBe(0);
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
