import { normalizePartNumber } from './part-number';
import type { Highlight } from './schemas';

/** A run of displayed text, marked when it is what matched the buyer's query. */
export interface TextSegment {
  text: string;
  match: boolean;
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function push(out: TextSegment[], text: string, match: boolean) {
  if (text === '') return;
  const last = out[out.length - 1];
  if (last && last.match === match) last.text += text;
  else out.push({ text, match });
}

/** Marks the words of a name (or any text) that the search matched: whole terms, and typed prefixes. */
export function markWords(text: string, highlight: Highlight | null | undefined): TextSegment[] {
  if (!highlight || (highlight.terms.length === 0 && highlight.prefixes.length === 0)) return [{ text, match: false }];
  const terms = new Set(highlight.terms);
  const out: TextSegment[] = [];
  for (const m of text.matchAll(/([\p{L}\p{N}]+)|([^\p{L}\p{N}]+)/gu)) {
    const run = m[0];
    if (!m[1]) {
      push(out, run, false);
      continue;
    }
    const folded = fold(run);
    if (terms.has(folded)) {
      push(out, run, true);
      continue;
    }
    const prefix = highlight.prefixes.find((p) => p !== '' && folded.startsWith(p));
    // Folding can change a word's length (a precomposed accent); then the whole word is marked.
    const cut = prefix === undefined ? 0 : folded.length === run.length ? prefix.length : run.length;
    push(out, run.slice(0, cut), true);
    push(out, run.slice(cut), false);
  }
  return out;
}

/** Marks the part of a part number that the typed (normalised) number matched, punctuation inside it included. */
export function markPartNumber(partNumber: string, typed: string | null | undefined): TextSegment[] {
  if (!typed) return [{ text: partNumber, match: false }];
  let normalised = '';
  const positions: number[] = [];
  for (let i = 0; i < partNumber.length; i++) {
    const c = normalizePartNumber(partNumber[i]!);
    for (const ch of c) {
      normalised += ch;
      positions.push(i);
    }
  }
  const at = normalised.indexOf(typed);
  if (at < 0) return [{ text: partNumber, match: false }];
  const start = positions[at]!;
  const end = positions[at + typed.length - 1]! + 1;
  const out: TextSegment[] = [];
  push(out, partNumber.slice(0, start), false);
  push(out, partNumber.slice(start, end), true);
  push(out, partNumber.slice(end), false);
  return out;
}
