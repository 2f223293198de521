import type { Highlight } from '@parts/shared/schemas';
import type { ParsedQueryText } from '../query-text';
import { correctedQueryOf, highlightOf, MIN_INFIX_CHARS, needsCorrection, RANK_WINDOW, standing, TIER, type RankedWord } from '../ranking';
import type { SynonymList } from '../synonyms';
import { wordForms } from '../word-match';
import { MAX_EXPANSION, type TextLookups } from './embedded-lookups';
import type { PartColumns } from './part-columns';

/** The FTS5 expressions of the typed words (see planText). */
export interface TextPlan {
  strict: string | null;
  expanded: string | null;
  corrected: string | null;
  highlight: { terms: Set<string>; prefixes: Set<string> };
  /** Each typed word as matched, for the ranking rules. */
  ranked: RankedWord[];
}

/** The parts a typed text matches before the filters, each with its standing (ranking.ts standing: the tier, then whether the name misses a word). */
export interface Candidates {
  /** A view of the shared scratch buffer: valid until the next candidates() call. */
  ids: Int32Array;
  /** Standing per id (0: not a candidate). */
  tier: Uint8Array;
  /** The typed words as matched (ranking.ts rankKey). */
  ranked: RankedWord[];
  highlight: Highlight;
  corrected: string | null;
}

const quote = (w: string) => `"${w.replace(/"/g, '""')}"`;

/**
 * The FTS5 expressions of the typed words. `strict`: every word as typed, the last one as a prefix.
 * Prefixes of 2-3 characters use FTS5's prefix indexes; longer ones are expanded to the matching
 * terms, because FTS5 copies a whole prefix doclist before returning a row, and an OR of terms
 * streams. `expanded`: each word or one of its forms or synonyms, and a word that none of those
 * finds in the index is corrected to its closest terms (ranking.ts needsCorrection; never a piece of
 * a typed code or number). `extraEdits` makes the corrections fuzzier (the last relaxation).
 */
export function planText(lookups: TextLookups, synonyms: SynonymList, text: Pick<ParsedQueryText, 'words' | 'fixed'>, extraEdits = 0): TextPlan {
  const typed = text.words;
  const { isTerm } = lookups;
  const highlight = { terms: new Set<string>(), prefixes: new Set<string>() };
  const strict: string[] = [];
  const expanded: string[] = [];
  const correctedWords: string[] = [];
  let strictOk = true;
  let expandedOk = true;
  let corrected = false;
  let widened = false;
  const ranked: RankedWord[] = [];
  typed.forEach((w, i) => {
    const last = i === typed.length - 1;
    let asTyped: string | null = null;
    const typedTerms = new Set<string>();
    if (!last) {
      if (isTerm(w)) {
        asTyped = quote(w);
        typedTerms.add(w);
        highlight.terms.add(w);
      }
    } else {
      const terms = lookups.termsIn(w, `${w}\uffff`);
      if (terms.length > 0 && (w.length <= 3 || terms.length > MAX_EXPANSION)) {
        asTyped = `${quote(w)}*`;
        highlight.prefixes.add(w);
      } else if (terms.length > 0) {
        asTyped = terms.length === 1 ? quote(terms[0]!) : `(${terms.map(quote).join(' OR ')})`;
        for (const t of terms) {
          typedTerms.add(t);
          highlight.terms.add(t);
        }
      }
    }
    const alternatives: string[] = [];
    for (const form of wordForms(w).slice(1)) {
      // A form the typed prefix already covers ("cylinders" for "cylinder") adds nothing.
      if (typedTerms.has(form) || (asTyped?.endsWith('*') && form.startsWith(w))) continue;
      if (isTerm(form)) {
        alternatives.push(quote(form));
        highlight.terms.add(form);
      }
    }
    for (const phrase of synonyms[w] ?? []) {
      const parts = phrase
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      if (parts.length === 0 || !parts.every(isTerm)) continue;
      alternatives.push(parts.length === 1 ? quote(parts[0]!) : `(${parts.map(quote).join(' AND ')})`);
      for (const part of parts) highlight.terms.add(part);
    }
    if (asTyped) strict.push(asTyped);
    else strictOk = false;
    let clause = [...(asTyped ? [asTyped] : []), ...alternatives];
    if (alternatives.length > 0) widened = true;
    let shown = w;
    let fixedTerms: string[] = [];
    if (needsCorrection(text, w, () => clause.length > 0)) {
      const fixes = lookups.words().corrections(w, { prefix: last, extraEdits, limit: 8 });
      clause = fixes.map((f) => quote(f.term));
      fixedTerms = fixes.map((f) => f.term);
      for (const f of fixes) highlight.terms.add(f.term);
      if (fixes.length > 0) {
        corrected = true;
        widened = true;
        shown = fixes[0]!.term;
      }
    }
    if (clause.length === 0) expandedOk = false;
    ranked.push(rankedWord(w, last, synonyms, fixedTerms));
    correctedWords.push(shown);
    expanded.push(clause.length === 1 ? clause[0]! : `(${clause.join(' OR ')})`);
  });
  const strictText = strictOk && strict.length > 0 ? strict.join(' AND ') : null;
  const expandedText = expandedOk && expanded.length > 0 && widened ? expanded.join(' AND ') : null;
  return {
    strict: strictText,
    expanded: expandedText,
    corrected: corrected ? correctedWords.join(' ') : null,
    highlight,
    ranked,
  };
}

/** A typed word for the ranking rules: itself and its forms; its synonyms' words; the last one also as a prefix; its corrections. */
function rankedWord(w: string, last: boolean, synonyms: SynonymList, corrections: string[]): RankedWord {
  const phrases = (synonyms[w] ?? [])
    .map((phrase) =>
      phrase
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    )
    .filter((p) => p.length > 0);
  return { terms: new Set([w, ...wordForms(w)]), synonyms: phrases, prefix: last ? w : null, corrections: new Set(corrections) };
}

/** Reusable buffers of the size of the columns: the tiers of the candidates, marks, matches. */
export class Scratch {
  private buffers: { tier: Uint8Array; mark: Uint8Array; matched: Int32Array; candidates: Int32Array } | undefined;

  of(c: PartColumns) {
    const size = c.alive.length;
    if (!this.buffers || this.buffers.tier.length !== size) {
      this.buffers = {
        tier: new Uint8Array(size),
        mark: new Uint8Array(size),
        matched: new Int32Array(size),
        candidates: new Int32Array(size),
      };
    }
    return this.buffers;
  }

  clear() {
    this.buffers = undefined;
  }
}

/** Gives the candidates' tiers in the scratch buffer back (to 0). */
export function release(found: Candidates | null | undefined) {
  if (!found) return;
  const { ids, tier } = found;
  for (let i = 0; i < ids.length; i++) tier[ids[i]!] = 0;
}

/**
 * Candidate ids of a typed text with their standing (ranking.ts TIER and standing): exact part number, prefix, infix,
 * words as typed, words widened by forms, synonyms and corrections. Dimensions typed in the text narrow
 * the word tiers (alone, they select every part that has them); a part number is matched as typed. The
 * tiers are marked in the shared scratch buffer: hand the result to the listing or release() it.
 */
export function findCandidates(
  context: { lookups: TextLookups; synonyms: SynonymList; scratch: Scratch },
  text: ParsedQueryText,
  c: PartColumns,
  extraEdits = 0,
): Candidates | null {
  const { lookups } = context;
  const pn = text.partNumber;
  const sources: [number, () => ArrayLike<number>][] = [];
  const dims = Object.entries(text.specs).map(([key, r]) => ({ values: c.specs.get(key), min: r.min, max: r.max }));
  let partNumberTiers = false;
  if (pn.length > 0) {
    sources.push([TIER.exact, () => lookups.exactIds(pn)], [TIER.prefix, () => lookups.prefixIds(pn)]);
    if (pn.length >= MIN_INFIX_CHARS) sources.push([TIER.infix, () => lookups.infixIds(pn)]);
  }
  const plan = text.words.length > 0 ? planText(lookups, context.synonyms, text, extraEdits) : null;
  const strict = plan?.strict;
  const expanded = plan?.expanded;
  if (strict) sources.push([TIER.typed, () => lookups.textIds(strict)]);
  if (expanded) sources.push([TIER.widened, () => lookups.textIds(expanded)]);
  if (!plan && dims.length > 0) sources.push([TIER.typed, () => withDimensions(context.scratch, c, dims)]);
  if (sources.length === 0) return null;
  const { tier, candidates: out } = context.scratch.of(c);
  const alive = c.alive;
  let n = 0;
  let typedTier = false;
  for (const [t, read] of sources) {
    const found = read();
    const before = n;
    const checkDimensions = t >= TIER.typed && plan !== null && dims.length > 0;
    for (let k = 0; k < found.length; k++) {
      const id = found[k]!;
      if (id >= tier.length || tier[id] !== 0 || alive[id] === 0) continue;
      if (checkDimensions && !hasDimensions(dims, id)) continue;
      tier[id] = standing(t, 0);
      out[n++] = id;
    }
    if (n > before) {
      if (t <= TIER.infix) partNumberTiers = true;
      else if (t === TIER.typed) typedTier = true;
    }
  }
  const ids = out.subarray(0, n);
  const words = expanded ?? strict;
  if (words && n > RANK_WINDOW) markNameMisses(tier, ids, lookups.nameIds(words));
  const highlight = highlightOf(plan?.highlight.terms ?? [], plan?.highlight.prefixes ?? [], partNumberTiers ? pn : null);
  const corrected = correctedQueryOf(plan?.corrected ?? null, { found: true, partNumber: partNumberTiers, asTyped: typedTier });
  return { ids, tier, highlight, corrected, ranked: plan?.ranked ?? [] };
}

/**
 * More matches than the ranking window: the word-tier candidates whose name misses a typed word stand
 * after those whose name holds them all (ranking.ts standing), so the window holds the likeliest best parts.
 */
function markNameMisses(tier: Uint8Array, ids: Int32Array, inName: ArrayLike<number>) {
  const words = standing(TIER.typed, 0);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (tier[id]! >= words) tier[id] = tier[id]! + 1;
  }
  for (let k = 0; k < inName.length; k++) {
    const id = inName[k]!;
    if (id < tier.length && tier[id]! >= words && tier[id]! % 2 === 1) tier[id] = tier[id]! - 1;
  }
}

type Dimension = { values: Float64Array | undefined; min: number; max: number };

function hasDimensions(dims: Dimension[], id: number): boolean {
  for (const d of dims) {
    const v = d.values?.[id];
    // NaN (no value) and undefined (no part has this spec) fail both comparisons.
    if (v === undefined || !(v >= d.min && v <= d.max)) return false;
  }
  return true;
}

/** Every live part with the typed dimensions: one pass over the typed columns. */
function withDimensions(scratch: Scratch, c: PartColumns, dims: Dimension[]): Int32Array {
  if (dims.some((d) => !d.values)) return new Int32Array(0);
  const out = scratch.of(c).matched;
  let n = 0;
  const [first, ...rest] = dims as { values: Float64Array; min: number; max: number }[];
  const values = first!.values;
  for (let id = 1; id <= c.maxId; id++) {
    const v = values[id]!;
    if (v >= first!.min && v <= first!.max && c.alive[id] && (rest.length === 0 || hasDimensions(rest, id))) out[n++] = id;
  }
  return out.slice(0, n);
}
