import type { Highlight, PartListResponse } from '@parts/shared/schemas';
import type { ParsedQueryText } from './query-text';

/**
 * The search rules, the same for every engine (issue 27), as bom/part-match.ts is for list matching:
 * the relevance tiers and their order, the typo policy, relaxation, and what an answer says about
 * them. An engine supplies only look-ups (which parts a part number or a word expression selects,
 * how many parts a word selects, the closest terms of its vocabulary) and follows these rules: the
 * embedded engine (adapters/embedded*.ts) and OpenSearch (adapters/opensearch*.ts). See docs/search.md.
 */

/**
 * Relevance tiers, best first; a part ranks by the best tier it reaches. Part-number tiers (exact,
 * prefix, infix) come before every word tier: a typed number is what the buyer means.
 */
export const TIER = {
  /** The normalised part number equals the typed one. */
  exact: 1,
  /** The part number starts with the typed one. */
  prefix: 2,
  /** The part number contains the typed one (MIN_INFIX_CHARS and longer). */
  infix: 3,
  /** Every word as typed (the last one as a prefix). */
  typed: 4,
  /** Every word as typed or through a form, a synonym or a correction. */
  widened: 5,
} as const;
export const TIERS = 5;

/** A typed part-number fragment this long is also matched inside numbers (infix); a shorter one only as a prefix. */
export const MIN_INFIX_CHARS = 3;

/**
 * The relevance order (the default sort; `sortOrder` never reverses it): tier, then discontinued
 * parts after the others (active and coming soon), then part number, then id. Without text: by id,
 * discontinued parts after all the others. An explicit sort (part number, manufacturer) ignores status.
 */
export const RELEVANCE_ORDER = ['tier', 'discontinued', 'partNumber', 'id'] as const;
export const RELEVANCE_ORDER_WITHOUT_TEXT = ['discontinued', 'id'] as const;

/**
 * A match's (standing, discontinued) bucket: buckets in ascending order are the coarse relevance order
 * before the part number (standing: the tier, then whether the name misses a word; see RANK_WINDOW).
 */
export const relevanceBucket = (standing: number, discontinued: number): number => 2 * standing + discontinued;
/** Buckets 0 .. relevanceBucket(STANDINGS - 1, 1). */
export const RELEVANCE_BUCKETS = 2 * (2 * TIERS + 2);

/** Terms of a highlight at most (the words with their forms, synonyms and corrections). */
export const MAX_HIGHLIGHT_TERMS = 64;

export function highlightOf(terms: Iterable<string>, prefixes: Iterable<string>, partNumber: string | null): Highlight {
  return { terms: [...terms].slice(0, MAX_HIGHLIGHT_TERMS), prefixes: [...prefixes], partNumber };
}

// ---- Typo policy: words are forgiven, codes never ----

/** Edits allowed for a word of this length: none below 4 letters, one for 4-7, two from 8 (OpenSearch's AUTO:4,8); none for a word with a digit. */
export function allowedEdits(word: string): number {
  if (/\d/.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** The edits a correction may use: allowedEdits, plus the fuzzier last relaxation's extra edits. */
export const editBudget = (word: string, extraEdits = 0): number => allowedEdits(word) + extraEdits;

/** The last relaxation, and didYouMean, correct words this many edits further than allowedEdits. */
export const FUZZIER_EDITS = 1;

/**
 * Whether a typed word is corrected: never a piece of a typed code or number (`text.fixed`), and only
 * a word the index knows in no way (`known`, the engine's look-up, asked only for other words: as
 * typed — the last word as the beginning of a term —, through a form or a synonym). A word the index
 * knows is never "corrected".
 */
export const needsCorrection = (text: Pick<ParsedQueryText, 'fixed'>, word: string, known: () => boolean): boolean => !text.fixed.has(word) && !known();

/** A term a word may be corrected to: never one with a digit (codes are matched only as typed). */
export const correctableTerm = (term: string): boolean => !/\d/.test(term);

/** The typed words with their corrections put in (correction(word, index): the term, or nothing); null when none has one. */
export function withCorrections(words: string[], correction: (word: string, index: number) => string | null | undefined): string | null {
  let changed = false;
  const out = words.map((w, i) => {
    const fixed = correction(w, i);
    if (fixed == null) return w;
    changed = true;
    return fixed;
  });
  return changed ? out.join(' ') : null;
}

/**
 * `correctedQuery` of an answer: the corrected text, said only when there are results (`found`) and
 * they exist through corrected words alone — no part number matched and no word matched as typed.
 */
export function correctedQueryOf(corrected: string | null, matched: { found: boolean; partNumber: boolean; asTyped: boolean }): string | null {
  return corrected !== null && matched.found && !matched.partNumber && !matched.asTyped ? corrected : null;
}

// ---- Relaxation ----

/** A text to try when the typed one matches nothing: its label is what the answer says it shows (null: the corrected words). */
export interface Relaxation {
  text: ParsedQueryText;
  label: string | null;
  /** Edits beyond allowedEdits for the corrections of this try. */
  extraEdits: number;
}

/** Shorter texts tried at most (the fuzzier last try comes on top). */
const MAX_RELAXATIONS = 8;

/**
 * What to try, in order, when the typed text matches no part at all (before the filters): the text
 * without one word — a word nothing explains first, then the least selective (most parts) first —
 * or without the typed dimensions (only for a text typed as several words or words and dimensions;
 * a code never is relaxed); then the words corrected FUZZIER_EDITS further.
 *
 * `selectivity(word, index)`: the engine's look-up of how many parts a word selects (as typed, else
 * through a form, a synonym or a correction); Infinity for a word nothing explains.
 */
export function relaxations(text: ParsedQueryText, selectivity: (word: string, index: number) => number): Relaxation[] {
  const out: Relaxation[] = [];
  const dims = Object.keys(text.specs).length > 0;
  if (text.relaxable && text.words.length + (dims ? 1 : 0) >= 2) {
    const order = text.words.map((w, i) => ({ i, weight: selectivity(w, i) })).sort((a, b) => b.weight - a.weight);
    const shorter = order.map(({ i }) => {
      const kept = text.words.filter((_, j) => j !== i);
      return { text: { ...text, partNumber: '', words: kept }, label: kept.join(' '), extraEdits: 0 };
    });
    if (dims) shorter.push({ text: { ...text, partNumber: '', specs: {} }, label: text.words.join(' '), extraEdits: 0 });
    out.push(...shorter.slice(0, MAX_RELAXATIONS));
  }
  if (text.words.length > 0) out.push({ text, label: null, extraEdits: FUZZIER_EDITS });
  return out;
}

/** What an engine answers to relaxedSearch: its look-ups and listings, in the order the rules ask for them. */
export interface RelaxingEngine<A extends PartListResponse> {
  /** The listing of the typed text (with its highlight and correctedQuery); null when the text matches no part before the filters. */
  asTyped(): A | null | Promise<A | null>;
  /** How many parts each typed word selects (see relaxations). */
  selectivity(word: string, index: number): number;
  /** The listing of a relaxation with its words as corrected (null: none corrected); null when it matches no part before the filters. */
  relaxed(step: Relaxation): { answer: A; corrected: string | null } | null | Promise<{ answer: A; corrected: string | null } | null>;
  /** The typed words corrected FUZZIER_EDITS further (asked once the relaxations have been tried). */
  didYouMean(): string | null;
  /** The answer when nothing matched, relaxed or not. */
  unmatched(): A;
}

/**
 * A text listing: as typed; when the text matches no part at all (before the filters), the first
 * relaxation that finds parts with the filters, shown with `relaxedQuery` (its corrected words, else
 * its label) and `didYouMean`. When the words match but the filters leave nothing, nothing is relaxed:
 * the facets (which ignore their own selection) show where the matches are.
 */
export async function relaxedSearch<A extends PartListResponse>(text: ParsedQueryText, engine: RelaxingEngine<A>): Promise<A> {
  const first = await engine.asTyped();
  if (first) return first;
  for (const step of relaxations(text, (w, i) => engine.selectivity(w, i))) {
    const tried = await engine.relaxed(step);
    if (!tried) continue;
    const label = tried.corrected ?? step.label;
    if (tried.answer.total > 0 && label) return { ...tried.answer, relaxedQuery: label, correctedQuery: null, didYouMean: engine.didYouMean() };
  }
  return { ...engine.unmatched(), correctedQuery: null, didYouMean: engine.didYouMean() };
}

// ---- Ranking rules (issue 30): the order inside the relevance order ----

/**
 * The ranking rules, in order: a part comes before another by the first rule that tells them apart
 * (as Algolia's and Meilisearch's ordered criteria). docs/search.md, "Ranking rules", has an example per rule.
 */
export const RANKING_RULES = [
  /** Exact part number (normalised) first, then part numbers starting with the typed one, then containing it (TIER). */
  'partNumber',
  /** More typed words matched. */
  'words',
  /** Fewer words matched only through a correction. */
  'typos',
  /** The words closer together and in the typed order, inside one field. */
  'proximity',
  /** The fields the words matched in: part number > name > manufacturer > category > specifications > description. */
  'field',
  /** Fewer words matched only as the beginning of a longer word or only through a synonym. */
  'exactness',
  /** The stored demand signal (requests and views, decayed), higher first; 0 when not filled. */
  'demand',
  /** Discontinued parts after the others (ADR 072). */
  'discontinued',
  /** Part number, then id: ties stay deterministic. */
  'partNumberOrder',
] as const;

/**
 * The rules rank the first RANK_WINDOW results of the coarse order — tier, then (word tiers) whether the
 * part's name holds every word, then discontinued, then part number — and results beyond keep that
 * order. The work per listing is bounded by the window, not by the number of matches; totals and
 * facets do not depend on it.
 */
export const RANK_WINDOW = 100;

/**
 * The name test that picks the window reads at most this many ids (the first by id): enough to fill the
 * window with parts whose name holds every word unless the filters leave fewer than RANK_WINDOW of them,
 * and it keeps the extra look-up short on words that a large part of the catalogue holds.
 */
export const NAME_TEST_IDS = 2000;

/** A candidate's standing in the coarse order: its tier, then whether its name misses a typed word (1) or holds them all (0). */
export const standing = (tier: number, nameMisses: number): number => 2 * tier + nameMisses;
/** Standings 0 .. standing(TIERS, 1). */
export const STANDINGS = 2 * TIERS + 2;

/** The fields a word can match in, best first (the `field` rule). */
export const RANK_FIELDS = ['partNumber', 'name', 'manufacturer', 'category', 'specifications', 'description'] as const;

/** What a typed word matches, as the engine read it. */
export interface RankedWord {
  /** Terms that are the word itself: as typed and its forms. */
  terms: ReadonlySet<string>;
  /** Its synonyms, each as its words (a phrase matches a field that holds all of them); a synonym is not the word as typed (exactness). */
  synonyms: readonly (readonly string[])[];
  /** The last word: also the beginning of a longer term (search-as-you-type). */
  prefix: string | null;
  /** Terms the word was corrected to. */
  corrections: ReadonlySet<string>;
}

/** What the rules read of a part. */
export interface RankedPart {
  tier: number;
  /** Text per RANK_FIELDS entry. */
  fields: readonly string[];
  demand: number;
  discontinued: boolean;
  /** The part's place in part-number order (then id). */
  order: number;
}

/** Pieces of a field's text with their word position: each word, its pieces around punctuation, and a code joined ("S7-1200" → s7, 1200, s71200). */
function positioned(text: string): { term: string; at: number }[] {
  const out: { term: string; at: number }[] = [];
  // Accents are dropped (as the word index does); plain ASCII text skips the normalisation.
  const folded = /[^ -~\s]/.test(text) ? text.normalize('NFKD').replace(/\p{M}/gu, '') : text;
  const raw = folded.toLowerCase().split(/\s+/);
  for (let at = 0; at < raw.length; at++) {
    const token = raw[at]!;
    if (token === '') continue;
    if (/^[a-z0-9]+$/.test(token)) {
      out.push({ term: token, at });
      continue;
    }
    const pieces = token.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    for (const term of pieces) out.push({ term, at });
    if (pieces.length > 1) out.push({ term: pieces.join(''), at });
  }
  return out;
}

/** Cost of two words' distance for `proximity`: 0 adjacent and in order, up to FAR apart or in different fields. */
const FAR = 8;
function pairCost(a: number[], b: number[]): number {
  let best = FAR;
  for (const x of a)
    for (const y of b) {
      const d = y - x;
      best = Math.min(best, d > 0 ? Math.min(d - 1, FAR - 1) : Math.min(-d + 1, FAR - 1));
    }
  return best;
}

/** How a word matched in one field: through a correction (typo), in which field, only as a prefix or a synonym (inexact), where. */
interface WordMatch {
  typo: number;
  field: number;
  inexact: number;
  at: number[];
}

const better = (a: WordMatch, b: WordMatch | null) =>
  !b || a.typo < b.typo || (a.typo === b.typo && (a.field < b.field || (a.field === b.field && a.inexact < b.inexact)));

/** The best match of a word among the fields (fewest typos, then the best field, then exact before inexact). */
function bestMatch(w: RankedWord, fields: { term: string; at: number }[][]): WordMatch | null {
  let best: WordMatch | null = null;
  fields.forEach((pieces, field) => {
    const found: Record<string, WordMatch> = {};
    const note = (kind: string, typo: number, inexact: number, at: number) => {
      const m = (found[kind] ??= { typo, field, inexact, at: [] });
      m.at.push(at);
    };
    for (const { term, at } of pieces) {
      if (w.terms.has(term)) note('whole', 0, 0, at);
      else if (w.prefix !== null && term.startsWith(w.prefix)) note('prefix', 0, 1, at);
      else if (w.corrections.has(term)) note('typo', 1, 0, at);
    }
    for (const phrase of w.synonyms) {
      const first = pieces.find((p) => p.term === phrase[0]);
      if (first && phrase.every((part) => pieces.some((p) => p.term === part))) note('synonym', 0, 1, first.at);
    }
    for (const m of Object.values(found)) if (better(m, best)) best = m;
  });
  return best;
}

/**
 * A part's key under the ranking rules (compare keys element by element, lower first): RANKING_RULES in order.
 * `words`: the typed words (dimensions taken out) as the engine matched them. Proximity is measured in the
 * field each word matched best; two words whose best fields differ are FAR apart.
 */
export function rankKey(words: readonly RankedWord[], part: RankedPart): number[] {
  const fields = part.fields.map(positioned);
  const matches = words.map((w) => bestMatch(w, fields));
  let missed = 0;
  let typos = 0;
  let fieldSum = 0;
  let inexact = 0;
  for (const m of matches) {
    if (!m) {
      missed++;
      fieldSum += RANK_FIELDS.length;
      continue;
    }
    typos += m.typo;
    fieldSum += m.field;
    inexact += m.inexact;
  }
  let proximity = 0;
  for (let i = 1; i < matches.length; i++) {
    const a = matches[i - 1];
    const b = matches[i];
    proximity += a && b && a.field === b.field ? pairCost(a.at, b.at) : FAR;
  }
  const partNumberTier = Math.min(part.tier, TIER.typed);
  return [partNumberTier, missed, typos, proximity, fieldSum, inexact, -part.demand, part.discontinued ? 1 : 0, part.order];
}

/** Orders items by their rankKey (lower first, element by element). */
export function rankByRules<T>(items: readonly T[], key: (item: T) => number[]): T[] {
  const keyed = items.map((item) => ({ item, k: key(item) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.k.length; i++) if (a.k[i] !== b.k[i]) return a.k[i]! - b.k[i]!;
    return 0;
  });
  return keyed.map((e) => e.item);
}
