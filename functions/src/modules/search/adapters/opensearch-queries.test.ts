import { describe, expect, it } from 'vitest';
import { partsQuerySchema } from '@parts/shared/schemas';
import type { PartDocument } from '../ports/search-index';
import {
  BOOST,
  DEMAND_BOOST,
  FIELD_BONUS,
  indexBody,
  PROXIMITY,
  WHOLE_WORD,
  indexedDocument,
  listingRequest,
  readWordInfo,
  sortOf,
  synonymRules,
  textClause,
  wordInfoRequest,
} from './opensearch-queries';
import { parseQueryText } from '../query-text';
import { DEFAULT_SYNONYMS } from '../synonyms';

/**
 * The OpenSearch request bodies, pinned without an engine (the contract suite runs them against a real
 * OpenSearch when OPENSEARCH_URL is set).
 */
const query = (q: Record<string, unknown>) => partsQuerySchema.parse(q);
const text = (q: string) => parseQueryText(q)!;
/** Every object of a given key anywhere in a request body. */
function find(node: unknown, key: string): unknown[] {
  if (node === null || typeof node !== 'object') return [];
  const here = key in node ? [(node as Record<string, unknown>)[key]] : [];
  return [...here, ...Object.values(node).flatMap((v) => find(v, key))];
}

describe('OpenSearch index body', () => {
  const body = indexBody(DEFAULT_SYNONYMS);
  const { analyzer, filter } = body.settings.analysis;

  it('joins codes written in names and descriptions with word_delimiter_graph (catenate_all only), flattened for indexing', () => {
    expect(filter.code_join).toMatchObject({
      type: 'word_delimiter_graph',
      catenate_all: true,
      generate_word_parts: false,
      generate_number_parts: false,
      preserve_original: false,
    });
    expect(analyzer.codes).toEqual({ type: 'custom', tokenizer: 'whitespace', filter: ['code_join', 'lowercase', 'asciifolding', 'flatten_graph'] });
    expect(body.mappings.properties.allWords.fields.codes).toEqual({ type: 'text', analyzer: 'codes', search_analyzer: 'code_query' });
  });

  it('applies the synonym list at search time only, and light stemming on both sides', () => {
    expect(filter.domain_synonyms.type).toBe('synonym_graph');
    expect(filter.domain_synonyms.synonyms).toContain('sov => sov, solenoid valve');
    expect(filter.word_forms).toEqual({ type: 'stemmer', language: 'light_english' });
    expect(analyzer.words.filter).not.toContain('domain_synonyms');
    expect(analyzer.words_query.filter).toEqual(['lowercase', 'asciifolding', 'domain_synonyms', 'word_forms']);
    // An edited list is data: it becomes the filter's rules.
    expect(indexBody({ cyl: ['cylinder'] }).settings.analysis.filter.domain_synonyms.synonyms).toEqual(['cyl => cyl, cylinder']);
    expect(synonymRules({ oring: ['O-Ring'] })).toEqual(['oring => oring, o ring']);
  });

  it('keeps a strict mapping with the fields the adapter writes: normalised part number, status rank, all words', () => {
    expect(body.mappings.dynamic).toBe('strict');
    expect(body.mappings.properties.partNumberNorm).toEqual({ type: 'keyword' });
    expect(body.mappings.properties.statusRank).toEqual({ type: 'byte' });
    const doc = {
      id: 1,
      name: 'S7-1200 CPU',
      manufacturerName: 'Siemens',
      categoryName: 'PLCs',
      categoryAncestors: [{ id: 2, name: 'Automation', slug: 'a' }],
      description: 'Fits G1/8',
      status: 'discontinued',
    } as PartDocument;
    const written = indexedDocument(doc, 'PN1');
    expect(written).toMatchObject({ partNumberNorm: 'PN1', categoryWords: 'PLCs Automation', statusRank: 1 });
    expect(written.allWords).toContain('S7-1200 CPU');
    expect(written.allWords).toContain('Siemens');
    expect(written.allWords).toContain('Automation');
    expect(written.allWords).toContain('Fits G1/8');
    expect(Object.keys(written).every((k) => k in body.mappings.properties)).toBe(true);
    expect(indexedDocument({ ...doc, status: 'coming_soon' }, 'PN1').statusRank).toBe(0);
    // Demand: a rank_feature, which takes positive values only.
    expect(body.mappings.properties.demand).toEqual({ type: 'rank_feature' });
    expect(indexedDocument({ ...doc, demand: 2.5 }, 'PN1')).toMatchObject({ demand: 2.5 });
    expect('demand' in indexedDocument({ ...doc, demand: 0 }, 'PN1')).toBe(false);
    // The part page's lookup: the slug, searchable, in a field of its own.
    expect(body.mappings.properties.slugKey).toEqual({ type: 'keyword' });
    expect(indexedDocument({ ...doc, slug: 's7-1200-cpu' }, 'PN1').slugKey).toBe('s7-1200-cpu');
  });
});

describe('OpenSearch text clause', () => {
  it('ranks exact part number, prefix and infix above any text match', () => {
    const clause = textClause(text('6es7 214'));
    const boosts = find(clause, 'boost') as number[];
    expect(boosts.slice(0, 3)).toEqual([BOOST.exact, BOOST.prefix, BOOST.infix]);
    expect(BOOST.infix).toBeGreaterThan(12 * BOOST.typed);
    expect(find(clause, 'term')[0]).toEqual({ partNumberNorm: '6ES7214' });
  });

  it('matches each word as typed (the last as a prefix), or by a form or synonym; fuzzy only for words the index does not know', () => {
    const clause = textClause(text('hydraulc pump'), new Set(['hydraulc']));
    // One dis_max per word, then the proximity phrase's.
    const words = (find(clause, 'dis_max') as { queries: unknown[] }[]).slice(0, 2);
    const [hydraulc, pump] = words;
    expect(find(pump, 'fuzziness')).toEqual([]);
    expect(find(pump, 'type')).toContain('bool_prefix');
    // Fuzzy per field (the field rule ranks a corrected word by where it matched too).
    expect(find(hydraulc, 'fuzziness')).toEqual(['AUTO:4,8', 'AUTO:4,8', 'AUTO:4,8', 'AUTO:4,8']);
    expect(find(hydraulc, 'prefix_length')).toEqual([1, 1, 1, 1]);
    const kinds = words.map((w) => [
      ...new Set((find(w, 'boost') as number[]).map((b) => (b >= BOOST.typed ? 'typed' : b >= BOOST.forms ? 'forms' : 'corrected'))),
    ]);
    expect(kinds).toEqual([
      ['typed', 'forms', 'corrected'],
      ['typed', 'forms'],
    ]);
  });

  it('scores the ranking rules below the tiers: field, exactness, proximity, demand, each step below the one before', () => {
    const clause = textClause(text('pressure valve'));
    const [pressure, valve] = find(clause, 'dis_max') as { queries: unknown[] }[];
    const typed = (find(pressure, 'boost') as number[]).filter((b) => b >= BOOST.typed && b < BOOST.typed + 10);
    // Per field: name > manufacturer > category > description.
    expect(typed.slice(0, 4)).toEqual([BOOST.typed + 8, BOOST.typed + 6, BOOST.typed + 4, BOOST.typed]);
    // The last word: whole word one point above its prefix match in the same field.
    const last = find(valve, 'boost') as number[];
    expect(last).toContain(BOOST.typed + FIELD_BONUS.name + WHOLE_WORD);
    expect(last).toContain(BOOST.typed + FIELD_BONUS.name);
    // Proximity: the words as a phrase in the name, never required.
    const phrases = find(clause, 'match_phrase') as { name: { query: string; slop: number } }[];
    expect(phrases.map((p) => p.name)).toEqual(PROXIMITY.map(({ slop }) => ({ query: 'pressure valve', slop })));
    const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
    expect(PROXIMITY[0].boost).toBeLessThan(BOOST.forms - BOOST.corrected);
    expect(PROXIMITY[2].boost).toBeGreaterThan(2 * (FIELD_BONUS.name - FIELD_BONUS.manufacturerName) + sum([WHOLE_WORD]));
    expect(DEMAND_BOOST).toBeLessThan(WHOLE_WORD);
    expect(find(textClause(text('valve')), 'match_phrase')).toEqual([]);
    // Demand: a rank_feature that only adds to the score of what the text matched.
    const req = listingRequest(query({ q: 'pressure valve' }), text('pressure valve'), clause, { from: 0, size: 9 });
    expect(req.query.bool.should).toEqual([{ rank_feature: { field: 'demand', saturation: {}, boost: DEMAND_BOOST } }]);
    expect(req.query.bool.must).toEqual([clause]);
  });

  it('never makes a piece of a typed code fuzzy, even when the index does not know it', () => {
    const parsed = text('dsnv-32 cylindr');
    const clause = textClause(parsed, new Set(['dsnv', 'cylindr']));
    const [dsnv, n32, cylindr] = find(clause, 'dis_max');
    expect(find(dsnv, 'fuzziness')).toEqual([]);
    expect(find(n32, 'fuzziness')).toEqual([]);
    expect(find(cylindr, 'fuzziness')).toEqual(['AUTO:4,8', 'AUTO:4,8', 'AUTO:4,8', 'AUTO:4,8']);
  });

  it('searches one edit fuzzier for the last relaxation (at most two edits)', () => {
    expect(new Set(find(textClause(text('beerng'), new Set(['beerng']), 1), 'fuzziness'))).toEqual(new Set([2]));
    expect(new Set(find(textClause(text('teleskopic'), new Set(['teleskopic']), 1), 'fuzziness'))).toEqual(new Set([2]));
  });

  it('turns typed dimensions into ranges on the parsed spec values', () => {
    const ranges = find(textClause(text('cylinder 32x100')), 'range') as Record<string, { gte: number; lte: number }>[];
    expect(ranges.map((r) => Object.keys(r)[0])).toEqual(['specNumbers.bore', 'specNumbers.stroke']);
    expect(ranges[0]!['specNumbers.bore']!.gte).toBeCloseTo(32);
  });
});

describe('OpenSearch listing request', () => {
  it('counts facets disjunctively: selections are a post_filter, each facet aggregates under the other facet only', () => {
    const req = listingRequest(
      query({ q: 'pump', categoryIds: [3, 4], manufacturerIds: [7], specifications: { bore: { min: 10 } } }),
      text('pump'),
      { match_all: {} },
      { from: 0, size: 9 },
    );
    expect(req.query.bool.filter).toEqual([{ range: { 'specNumbers.bore': { gte: 10 } } }]);
    expect(req.post_filter).toEqual({ bool: { filter: [{ terms: { categoryPath: [3, 4] } }, { terms: { manufacturerId: [7] } }] } });
    expect(req.aggs.categories.filter).toEqual({ bool: { filter: [{ terms: { manufacturerId: [7] } }] } });
    expect(req.aggs.manufacturers.filter).toEqual({ bool: { filter: [{ terms: { categoryPath: [3, 4] } }] } });
    expect(req.aggs.categories.aggs.ids.terms.field).toBe('categoryPath');
    expect(req.track_total_hits).toBe(true);
  });

  it('without selections has no post_filter and aggregates over the whole result', () => {
    const req = listingRequest(query({}), null, null, { from: 0, size: 9 });
    expect(req).not.toHaveProperty('post_filter');
    expect(req.aggs.categories.filter).toEqual({ match_all: {} });
    expect(req.aggs.manufacturers.filter).toEqual({ match_all: {} });
  });

  it('sorts discontinued parts after the others for equal relevance, and leaves explicit sorts alone', () => {
    const status = { statusRank: { order: 'asc', missing: 0, unmapped_type: 'byte' } };
    expect(sortOf(query({ q: 'pump' }), true)).toEqual([{ _score: 'desc' }, status, { 'partNumber.sort': 'asc' }, { id: 'asc' }]);
    expect(sortOf(query({}), false)).toEqual([status, { id: 'asc' }]);
    expect(sortOf(query({ sortBy: 'partNumber', sortOrder: 'desc' }), true)).toEqual([{ 'partNumber.sort': 'desc' }, { id: 'desc' }]);
  });
});

describe('OpenSearch word information', () => {
  it('asks per word: as typed (the last as a prefix), by a form or synonym, and the term suggester for the others', () => {
    const req = wordInfoRequest(['hydraulc', 'pu']);
    const filters = req.aggs.words.filters.filters as Record<string, unknown>;
    expect(find(filters.t0, 'term')).toContainEqual({ allWords: 'hydraulc' });
    expect(find(filters.t1, 'prefix')).toEqual([{ allWords: 'pu' }]);
    expect(filters.f0).toEqual({ match: { 'allWords.forms': { query: 'hydraulc' } } });
    expect(req.suggest.fix.term).toMatchObject({ field: 'allWords', suggest_mode: 'missing', prefix_length: 1, max_edits: 2 });
    const info = readWordInfo(['hydraulc', 'pu'], {
      aggregations: { words: { buckets: { t0: { doc_count: 0 }, f0: { doc_count: 0 }, t1: { doc_count: 40 }, f1: { doc_count: 3 } } } },
      suggest: { fix: [{ text: 'hydraulc', options: [{ text: 'hydraulic' }] }] },
    });
    expect(info).toEqual({ typed: [0, 40], forms: [0, 3], suggestions: [['hydraulic'], []] });
  });
});
