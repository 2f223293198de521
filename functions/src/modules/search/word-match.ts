import { correctableTerm, editBudget } from './ranking';

/**
 * How typed words meet the index's vocabulary, the same for every engine: word forms (plural and
 * common inflections), edit distance, and the vocabulary's closest terms. Which words are corrected and
 * by how many edits is the typo policy of ranking.ts. Codes and numbers are never corrected.
 */

/** Regular English inflections of a word, the word itself first; the vocabulary decides which exist. */
export function wordForms(word: string): string[] {
  const out = new Set([word]);
  if (/\d/.test(word) || word.length < 3) return [...out];
  const add = (w: string) => w.length >= 2 && out.add(w);
  if (word.endsWith('ies')) add(`${word.slice(0, -3)}y`);
  else if (/(?:s|x|z|ch|sh)es$/.test(word)) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  if (!word.endsWith('s')) {
    add(/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : /(?:s|x|z|ch|sh)$/.test(word) ? `${word}es` : `${word}s`);
  }
  if (word.endsWith('ing') && word.length > 5) {
    add(word.slice(0, -3));
    add(`${word.slice(0, -3)}e`);
  }
  if (word.endsWith('ed') && word.length > 4) {
    add(word.slice(0, -2));
    add(word.slice(0, -1));
  }
  return [...out];
}

/**
 * Optimal-string-alignment distance (a swap of two neighbours is one edit), or max + 1 once it is
 * certain to exceed max. With `prefix`, the distance to the closest prefix of `term` (the last word
 * as it is being typed).
 */
export function editDistance(typed: string, term: string, max: number, prefix = false): number {
  const n = typed.length;
  const m = term.length;
  if (!prefix && Math.abs(n - m) > max) return max + 1;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= m; j++) {
      const cost = typed[i - 1] === term[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && typed[i - 1] === term[j - 2] && typed[i - 2] === term[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  if (!prefix) return prev[m]!;
  let best = max + 1;
  for (let j = 0; j <= m; j++) best = Math.min(best, prev[j]!);
  return best;
}

export interface VocabularyTerm {
  term: string;
  /** Documents containing the term. */
  docs: number;
}

/**
 * The index's word vocabulary, grouped by first letter (a correction never changes the first letter).
 * Given a loader, each letter's terms are read on first use only: reading the whole vocabulary of a
 * large index with its document counts walks every posting list.
 */
export class Vocabulary {
  private readonly byInitial = new Map<string, { list: VocabularyTerm[]; docs: Map<string, number> }>();

  constructor(private readonly source: Iterable<VocabularyTerm> | ((initial: string) => VocabularyTerm[])) {
    if (typeof source !== 'function') {
      for (const t of source) this.bucket(t.term[0] ?? '', true).list.push(t);
      for (const b of this.byInitial.values()) for (const t of b.list) b.docs.set(t.term, t.docs);
    }
  }

  private bucket(initial: string, building = false) {
    let b = this.byInitial.get(initial);
    if (!b) {
      const list = !building && typeof this.source === 'function' ? this.source(initial) : [];
      b = { list, docs: new Map(list.map((t) => [t.term, t.docs])) };
      this.byInitial.set(initial, b);
    }
    return b;
  }

  has(term: string): boolean {
    return this.bucket(term[0] ?? '').docs.has(term);
  }

  docCount(term: string): number {
    return this.bucket(term[0] ?? '').docs.get(term) ?? 0;
  }

  /** Whether some term starts with this prefix. */
  hasPrefix(prefix: string): boolean {
    return this.bucket(prefix[0] ?? '').list.some((t) => t.term.startsWith(prefix));
  }

  /**
   * Terms within the allowed edits of a typed word (of a prefix of the term, for the last word),
   * closest first, then the most frequent; at most `limit`.
   */
  corrections(word: string, options: { prefix: boolean; extraEdits?: number; limit?: number }): VocabularyTerm[] {
    const max = editBudget(word, options.extraEdits);
    if (max === 0 || /\d/.test(word)) return [];
    const found: { t: VocabularyTerm; d: number; whole: number }[] = [];
    for (const t of this.bucket(word[0]!).list) {
      if (!correctableTerm(t.term) || t.term.length < 3) continue;
      const d = editDistance(word, t.term, max, options.prefix);
      // For a word being typed, the whole-word distance decides between terms that share the prefix ("cylinder" before "cylinders").
      if (d <= max) found.push({ t, d, whole: options.prefix ? editDistance(word, t.term, max + 2) : d });
    }
    found.sort((a, b) => a.d - b.d || a.whole - b.whole || b.t.docs - a.t.docs || a.t.term.localeCompare(b.t.term));
    return found.slice(0, options.limit ?? 16).map((f) => f.t);
  }
}
