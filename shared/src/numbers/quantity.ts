import { MAX_QUOTE_QUANTITY } from '../constants';
import { readDecimal } from './decimal';

/**
 * Reading a quantity cell of a buyer's list as a whole count of pieces, or flagging it for the buyer
 * ("check quantity", with the cell shown). Nothing is defaulted, rounded or clamped: a blank cell, a
 * fraction, another unit (m, kg, l), a value above the cap or a number that could mean two things
 * (`1,000` when the file does not say whether `,` is a decimal mark) is a problem the buyer decides.
 *
 * Which character is the decimal mark is decided once per list from the quantity column itself, then
 * the other numbers of the file, the header language and the delimiter (ADR 092). Splitting a number
 * under that mark is `readDecimal` (decimal.ts), the same helper the money reader uses (ADR 109).
 */

export type DecimalMark = '.' | ',';

/** Units that count pieces, lower-cased, without a trailing dot. `x` is read before (`x10`) or after (`10x`). */
export const COUNT_UNITS: readonly string[] = ['pcs', 'pc', 'pce', 'ea', 'each', 'x', '×', 'stk', 'stück', 'stueck', 'st', 'pieces', 'piece', 'units', 'unit'];

export type QuantityProblem = 'blank' | 'not-a-number' | 'not-whole' | 'below-one' | 'unit' | 'too-large' | 'ambiguous';

export type QuantityReading =
  | { ok: true; quantity: number }
  | {
      ok: false;
      problem: QuantityProblem;
      /** What the buyer reads next to "check quantity". */
      message: string;
    };

/** Everything the file says about its number format besides the quantity column. */
export interface NumberContext {
  /** The CSV delimiter: `;` is the comma-decimal locales' (German Excel), `,` the dot-decimal ones'. */
  delimiter?: string | undefined;
  /** The language of the header row. */
  language?: 'de' | 'en' | undefined;
  /** Other cells of the file (prices, weights …); only whole-number-looking cells count. */
  otherCells?: readonly string[] | undefined;
}

export interface DecimalDecision {
  mark: DecimalMark | undefined;
  /** Why, for the review ("from the quantity column", …); undefined when undecided. */
  basis: 'column' | 'file' | undefined;
}

/**
 * A plain number as integer digits and fraction digits under a decimal mark, or undefined when the
 * text is not a number written that way. Grouping: the other mark, a space or an apostrophe, always
 * in threes (`1,234,567`, `1.234.567`, `1 234 567`, `1'234'567`). The splitting itself is the money
 * reader's (`readDecimal`, decimal.ts): one helper for every number people type; a sign is read here.
 */
export function splitDecimal(text: string, mark: DecimalMark): { whole: string; fraction: string; negative: boolean } | undefined {
  const t = text.trim().replace(/^\+/, '');
  const negative = /^[-−]/.test(t);
  const reading = readDecimal(negative ? t.slice(1) : t, { decimalSeparator: mark });
  return reading.kind === 'number' ? { whole: reading.whole, fraction: reading.fraction, negative } : undefined;
}

/** Which marks a cell tells apart: ',' or '.' when only that reading is a number, both or none otherwise. */
function evidence(cell: string): DecimalMark | undefined {
  const t = cell.trim();
  if (!/^[-+−]?[\d.,' \u00a0\u202f\u2009’]*\d[\d.,' \u00a0\u202f\u2009’]*$/.test(t)) return undefined;
  const dot = splitDecimal(t, '.');
  const comma = splitDecimal(t, ',');
  if (dot && !comma) return '.';
  if (comma && !dot) return ',';
  return undefined;
}

function tally(cells: readonly string[]): Record<DecimalMark, number> {
  const out: Record<DecimalMark, number> = { '.': 0, ',': 0 };
  for (const cell of cells) {
    const e = evidence(cell);
    if (e) out[e]++;
  }
  return out;
}

/**
 * The decimal mark of a list's quantities. The column itself decides when its cells agree (`2,5` or
 * `1.234,000` say comma; `2.5` or `1,234.0` say dot); when they disagree nothing is decided. Else the
 * file votes: the other numeric cells (2 votes to the clear majority), the header language (1) and the
 * delimiter (1). A tie decides nothing, and every cell that reads two ways is then flagged.
 */
export function decideDecimalMark(column: readonly (string | undefined)[], context: NumberContext = {}): DecimalDecision {
  const own = tally(column.map((c) => splitUnit(c ?? '').number));
  if (own['.'] > 0 && own[','] > 0) return { mark: undefined, basis: undefined };
  if (own['.'] > 0) return { mark: '.', basis: 'column' };
  if (own[','] > 0) return { mark: ',', basis: 'column' };
  let score = 0; // > 0: comma, < 0: dot
  const others = tally(context.otherCells ?? []);
  if (others[','] > 2 * others['.']) score += 2;
  else if (others['.'] > 2 * others[',']) score -= 2;
  if (context.language === 'de') score += 1;
  if (context.language === 'en') score -= 1;
  if (context.delimiter === ';') score += 1;
  if (context.delimiter === ',') score -= 1;
  if (score > 0) return { mark: ',', basis: 'file' };
  if (score < 0) return { mark: '.', basis: 'file' };
  return { mark: undefined, basis: undefined };
}

const format = (digits: string) => BigInt(digits).toLocaleString('en-US');

/** A number's value under one mark, as a whole count or a problem. */
function countOf(parts: { whole: string; fraction: string; negative: boolean }, cell: string): QuantityReading {
  if (/[1-9]/.test(parts.fraction)) return { ok: false, problem: 'not-whole', message: `Not a whole number: ${cell}` };
  if (parts.negative || /^0*$/.test(parts.whole)) return { ok: false, problem: 'below-one', message: 'Less than 1' };
  if (parts.whole.length > String(MAX_QUOTE_QUANTITY).length || Number(parts.whole) > MAX_QUOTE_QUANTITY)
    return { ok: false, problem: 'too-large', message: `More than ${MAX_QUOTE_QUANTITY.toLocaleString('en-US')}: ${format(parts.whole)}` };
  return { ok: true, quantity: Number(parts.whole) };
}

const isCountUnit = (unit: string) => COUNT_UNITS.includes(unit.toLowerCase().replace(/\.$/, ''));

/** The number and its unit: `x89`, `89x`, `42 Stück`, `12 pcs.`, `3,5 m`. */
function splitUnit(cell: string): { number: string; unit: string | undefined } {
  const t = cell.trim();
  const prefixed = /^([x×])\s*(\d.*)$/i.exec(t);
  if (prefixed) return { number: prefixed[2]!, unit: prefixed[1]! };
  const suffixed = /^(.*?\d)\s*([\p{L}×][\p{L}\p{N}²³]*\.?)$/u.exec(t);
  if (suffixed) return { number: suffixed[1]!, unit: suffixed[2]! };
  return { number: t, unit: undefined };
}

/**
 * One quantity cell (and the list's unit cell, when it has a unit column) under the list's decimal
 * mark (undefined: undecided). Read as a whole count of pieces, or a problem for the buyer.
 */
export function readQuantity(cell: string | undefined, mark: DecimalMark | undefined, unitCell?: string): QuantityReading {
  const text = (cell ?? '').trim();
  if (text === '') return { ok: false, problem: 'blank', message: 'No quantity' };
  const { number, unit } = splitUnit(text);
  const unitText = unit ?? unitCell?.trim();
  if (unitText && !isCountUnit(unitText)) {
    const looksNumeric = splitDecimal(number, '.') ?? splitDecimal(number, ',');
    return looksNumeric
      ? { ok: false, problem: 'unit', message: `In ${unitText}, not pieces` }
      : { ok: false, problem: 'not-a-number', message: 'Not a number' };
  }
  const readings = (mark ? [mark] : (['.', ','] as const)).flatMap((m) => {
    const parts = splitDecimal(number, m);
    return parts ? [{ mark: m, parts }] : [];
  });
  if (readings.length === 0) return { ok: false, problem: 'not-a-number', message: mark ? `Not a number in this list's format` : 'Not a number' };
  const values = readings.map((r) => countOf(r.parts, text));
  const [first, second] = values;
  if (second && !sameReading(first!, second)) {
    const shown = readings.map((r) => {
      const fraction = r.parts.fraction.replace(/0+$/, '');
      return `${r.parts.negative ? '-' : ''}${format(r.parts.whole)}${fraction ? `.${fraction}` : ''}`;
    });
    return { ok: false, problem: 'ambiguous', message: `Could be ${shown[0]} or ${shown[1]}` };
  }
  return first!;
}

function sameReading(a: QuantityReading, b: QuantityReading): boolean {
  return a.ok && b.ok ? a.quantity === b.quantity : !a.ok && !b.ok && a.problem === b.problem && a.message === b.message;
}

/** A whole quantity column: the mark decided from it and the file, and every cell's reading. */
export function readQuantityColumn(
  cells: readonly (string | undefined)[],
  context: NumberContext = {},
  unitCells?: readonly (string | undefined)[],
): { decision: DecimalDecision; readings: QuantityReading[] } {
  const decision = decideDecimalMark(cells, context);
  return { decision, readings: cells.map((cell, i) => readQuantity(cell, decision.mark, unitCells?.[i])) };
}

/** What the buyer types into a flagged line: read without guessing (both marks must agree, like an undecided list). */
export function readTypedQuantity(text: string): QuantityReading {
  return readQuantity(text, undefined);
}
