import { normalizePartNumber } from '@parts/shared/part-number';
import { parseSpecValue } from '@parts/shared/spec-values';

/** What both engines take from the typed text: the normalised part number, the words and any dimensions. */
export interface ParsedQueryText {
  /** Upper-case letters and digits only; '' when the text had none. */
  partNumber: string;
  /** Lower-case words (dimensions taken out); the last one is matched as a prefix (search-as-you-type). */
  words: string[];
  /**
   * Words that are pieces of a typed code or number (a typed token with a digit, such as "DSNU-32"
   * or "1AG40"): matched only as typed, never corrected into another word.
   */
  fixed: Set<string>;
  /** Dimensions typed as text ("32x100", "Ø32", "bore 32", "210 bar"), as ranges on the parsed spec values. */
  specs: Record<string, { min: number; max: number }>;
  /** Typed as several words (or words and dimensions), so dropping one is a sensible relaxation; a code never is. */
  relaxable: boolean;
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
/** Bore x stroke: "32x100", "32 x 100", "32 mm × 100 mm"; not inside a code such as "M12x1.5". */
const BY = new RegExp(String.raw`(?<![\p{L}\p{N}.])${NUM}\s*(?:mm)?\s*[x×*]\s*${NUM}\s*(?:mm)?(?![\p{L}\p{N}])`, 'gu');
/** A diameter sign for the bore, optionally followed by the stroke: "Ø32", "ø32 100". */
const DIAMETER = new RegExp(String.raw`(?:ø|⌀)\s*${NUM}(?:\s*mm)?(?:\s+${NUM}(?:\s*mm)?(?![\p{L}\p{N}.]))?`, 'gu');
const NAMED = new RegExp(String.raw`\b(bore|stroke)\s*[:=]?\s*${NUM}\s*(?:mm)?(?![\p{L}\p{N}])`, 'gu');
const PRESSURE = new RegExp(String.raw`(?<![\p{L}\p{N}.])(\d+(?:[.,]\d+)?)\s*(bar|psi|mpa|kpa)(?![\p{L}\p{N}])`, 'gu');
/** Typed pressures are rounded ("3000 psi" for a 210 bar rating): they match within this share. */
const PRESSURE_TOLERANCE = 0.025;

export function parseQueryText(q: string | undefined): ParsedQueryText | null {
  const text = (q ?? '').trim();
  if (text === '') return null;
  const specs: ParsedQueryText['specs'] = {};
  const length = (key: string, value: string | undefined) => {
    if (value === undefined) return;
    const v = Number(value);
    if (Number.isFinite(v)) specs[key] = { min: v - 1e-6, max: v + 1e-6 };
  };
  let rest = text.normalize('NFKC').toLowerCase();
  rest = rest.replace(BY, (_m, bore: string, stroke: string) => {
    length('bore', bore);
    length('stroke', stroke);
    return ' ';
  });
  rest = rest.replace(DIAMETER, (_m, bore: string, stroke: string | undefined) => {
    length('bore', bore);
    length('stroke', stroke);
    return ' ';
  });
  rest = rest.replace(NAMED, (_m, key: string, value: string) => {
    length(key, value);
    return ' ';
  });
  rest = rest.replace(PRESSURE, (_m, amount: string, unit: string) => {
    const parsed = parseSpecValue('pressureRating', `${amount.replace(',', '.')} ${unit}`);
    if (parsed) specs.pressureRating = { min: parsed.value * (1 - PRESSURE_TOLERANCE), max: parsed.value * (1 + PRESSURE_TOLERANCE) };
    return ' ';
  });
  const words: string[] = [];
  const fixed = new Set<string>();
  const tokens = fold(rest)
    .split(/\s+/)
    .filter((t) => /[\p{L}\p{N}]/u.test(t));
  for (const token of tokens) {
    const pieces = token.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
    words.push(...pieces);
    if (/\p{N}/u.test(token)) for (const p of pieces) fixed.add(p);
  }
  words.splice(12);
  const relaxable = tokens.length >= 2 || (tokens.length >= 1 && Object.keys(specs).length > 0);
  return { partNumber: normalizePartNumber(text), words, fixed, specs, relaxable };
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The codes written inside a name or description ("S7-1200", "G1/8", "PV-046"), joined without their
 * punctuation ("s71200"), so a buyer who types a code without its dashes finds them. A code here is
 * a run of letters and digits with punctuation inside and at least one letter and one digit; plain
 * words, numbers and fractions ("1/4") are left to the word index. (OpenSearch does the same with
 * word_delimiter_graph and catenate_all.)
 */
export function codeTerms(text: string): string[] {
  const out = new Set<string>();
  for (const raw of fold(text).split(/\s+/)) {
    const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!/[^\p{L}\p{N}]/u.test(token) || !/\p{L}/u.test(token) || !/[0-9]/.test(token)) continue;
    out.add(token.replace(/[^\p{L}\p{N}]+/gu, ''));
  }
  return [...out];
}

/** Whether a part's parsed spec values satisfy the dimensions typed in the text. */
export function matchesTypedSpecs(specNumbers: (key: string) => number | undefined, specs: ParsedQueryText['specs']): boolean {
  for (const [key, range] of Object.entries(specs)) {
    const v = specNumbers(key);
    if (v === undefined || !(v >= range.min && v <= range.max)) return false;
  }
  return true;
}
