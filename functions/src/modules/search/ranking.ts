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

/** A match's (tier, discontinued) bucket: buckets in ascending order are the relevance order before the part number. */
export const relevanceBucket = (tier: number, discontinued: number): number => 2 * tier + discontinued;
/** Buckets 0 .. relevanceBucket(TIERS, 1). */
export const RELEVANCE_BUCKETS = 2 * (TIERS + 1);

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
