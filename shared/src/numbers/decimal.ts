/**
 * The low-level reading of a number as people type and paste it: which mark is the decimal separator
 * and which only groups thousands. It decides nothing it cannot know: `1,234` alone is reported as
 * ambiguous (1234 or 1.234) unless the caller knows the separator (a file's format, a field's decimals).
 * The one place numbers are split: used by the money reader (money.ts) and the quantity reader
 * (quantity.ts, under a list's decided mark).
 */

/** Digits of the integer part (no leading zeros, at least "0") and of the fraction, exactly as typed. */
export interface DecimalDigits {
  whole: string;
  fraction: string;
}

export type DecimalReading =
  | ({ kind: 'number' } & DecimalDigits)
  /** One `,` or `.` followed by three digits: thousands (`grouped`) or decimals (`decimal`). */
  | { kind: 'ambiguous'; separator: ',' | '.'; grouped: DecimalDigits; decimal: DecimalDigits }
  | { kind: 'invalid' };

export interface DecimalOptions {
  /** The decimal separator when the caller knows it (from the rest of a file, say); then nothing is ambiguous. */
  decimalSeparator?: ',' | '.';
}

/** Spaces of every width and apostrophes (Swiss 1'234.50, typeset 1’234.50) only ever group thousands. */
const GROUP_ONLY = /[\s\u00a0\u202f\u2009'’]/g;

const stripZeros = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/** `1 234 567` or `1,234,567`: a first group of 1–3 digits, then groups of exactly 3. */
function readGrouped(text: string, group: string | null): string | undefined {
  if (group === null) return /^\d+$/.test(text) ? text : undefined;
  const parts = text.split(group);
  if (!/^\d{1,3}$/.test(parts[0]!) || parts.slice(1).some((p) => !/^\d{3}$/.test(p))) return undefined;
  return parts.join('');
}

/** The one group mark used in an integer part (a space, an apostrophe, `,` or `.`), or null; undefined when they are mixed. */
function groupMark(text: string): string | null | undefined {
  const marks = new Set(text.replace(/\d/g, ''));
  if (marks.size > 1) return undefined;
  return marks.size === 0 ? null : [...marks][0]!;
}

function result(whole: string, fraction: string): DecimalReading {
  return { kind: 'number', whole: stripZeros(whole === '' ? '0' : whole), fraction };
}

export function readDecimal(input: string, options: DecimalOptions = {}): DecimalReading {
  const text = input.trim().replace(GROUP_ONLY, ' ');
  if (!/^[\d., ]+$/.test(text) || !/\d/.test(text) || /[., ]{2}/.test(text) || /[., ]$/.test(text) || /^ /.test(text)) return { kind: 'invalid' };
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;

  let decimalAt = -1;
  if (commas > 0 && dots > 0) {
    // Both marks: the last one is the decimal separator and appears once; the other only groups.
    decimalAt = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
    const mark = text[decimalAt]!;
    if ((mark === ',' ? commas : dots) !== 1) return { kind: 'invalid' };
    if (options.decimalSeparator && options.decimalSeparator !== mark) return { kind: 'invalid' };
  } else if (commas + dots === 1) {
    const mark = (commas ? ',' : '.') as ',' | '.';
    const at = text.indexOf(mark);
    const before = text.slice(0, at);
    const after = text.slice(at + 1);
    if (!/^\d+$/.test(after)) return { kind: 'invalid' };
    if (options.decimalSeparator) decimalAt = options.decimalSeparator === mark ? at : -1;
    else if (before.includes(' ') || after.length !== 3 || /^0*$/.test(before) || before.length > 3) decimalAt = at;
    else {
      // `1,234`: a thousands group or three decimals; only the person knows.
      return {
        kind: 'ambiguous',
        separator: mark,
        grouped: { whole: stripZeros(before + after), fraction: '' },
        decimal: { whole: stripZeros(before), fraction: after },
      };
    }
  } else if (options.decimalSeparator && (commas || dots) && (commas ? ',' : '.') === options.decimalSeparator) {
    return { kind: 'invalid' };
  }

  const wholeText = decimalAt < 0 ? text : text.slice(0, decimalAt);
  const fraction = decimalAt < 0 ? '' : text.slice(decimalAt + 1);
  if (!/^\d*$/.test(fraction) || (decimalAt >= 0 && fraction === '')) return { kind: 'invalid' };
  if (wholeText === '') return decimalAt === 0 ? result('0', fraction) : { kind: 'invalid' };
  const mark = groupMark(wholeText);
  if (mark === undefined) return { kind: 'invalid' };
  const whole = readGrouped(wholeText, mark);
  return whole === undefined ? { kind: 'invalid' } : result(whole, fraction);
}
