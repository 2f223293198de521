import { CURRENCY, LOCALE } from '../constants';
import { readDecimal, type DecimalDigits } from './decimal';

/**
 * Money as people type it, read one way by the web and the server (ADR 090).
 *
 * Units: unit prices are integer **micros** (1/1,000,000 USD) and keep up to 4 decimals (a multiple of
 * 100 micros); totals are integer **cents**. The one rounding rule: a line total is the exact product
 * unit price × quantity, rounded once to whole cents, half a cent rounding up (`lineTotalCents`); an
 * offer total is the sum of its rounded line totals.
 *
 * The reader takes `12.50`, `12,50`, `1,234.56`, `1.234,56`, `1 234,56`, `$12.50`, `12.5 USD`; an
 * input that could mean two amounts (`1,234`: $1,234.00 or $1.234) is refused with both readings, in
 * every field (ADR 109), and anything it cannot read is refused. It never drops a mark, rounds or guesses.
 */

export const MICROS_PER_DOLLAR = 1_000_000;
export const MICROS_PER_CENT = 10_000;
/** Unit prices keep up to 4 decimals: small parts are sold at $0.335 by the 100,000. */
export const UNIT_PRICE_DECIMALS = 4;
export const UNIT_PRICE_STEP_MICROS = MICROS_PER_DOLLAR / 10 ** UNIT_PRICE_DECIMALS;
/** $1,000,000 a unit: large enough for any part; every total stays an exact integer number of cents. */
export const MAX_UNIT_PRICE_MICROS = 1_000_000 * MICROS_PER_DOLLAR;

export const UNIT_PRICE_DECIMALS_MESSAGE = `Use at most ${UNIT_PRICE_DECIMALS} decimals in a unit price`;
export const MAX_UNIT_PRICE_MESSAGE = 'Price must be at most $1,000,000.00';

export type MoneyReading =
  /** `micros`: the amount in 1/1,000,000 USD; `display`: how it was understood ("$12.50"). */
  { ok: true; micros: number; display: string } | { ok: false; message: string };

export interface MoneyOptions {
  /** Decimals the field keeps (4 for unit prices). A reading with more significant decimals is refused. */
  maxDecimals?: number;
  maxMicros?: number;
}

const USD = /^(?:US\s?\$|\$|USD)\s*|\s*(?:US\s?\$|\$|USD)$/gi;
const OTHER_CURRENCY = /[€£¥₹₽₩]|\b(?:EUR|GBP|CHF|JPY|CNY|CAD|AUD|SEK|NOK|DKK|PLN|CZK)\b/i;

/** The amount in micros of what the digits say, or undefined when it has more decimals than micros hold. */
function toMicros({ whole, fraction }: DecimalDigits): bigint | undefined {
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > 6) return undefined;
  return BigInt(whole) * BigInt(MICROS_PER_DOLLAR) + BigInt(significant.padEnd(6, '0') || '0');
}

const decimals = (d: DecimalDigits) => d.fraction.replace(/0+$/, '').length;

export function readMoney(input: string, options: MoneyOptions = {}): MoneyReading {
  const maxDecimals = options.maxDecimals ?? UNIT_PRICE_DECIMALS;
  const maxMicros = options.maxMicros ?? MAX_UNIT_PRICE_MICROS;
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter a price' };
  if (OTHER_CURRENCY.test(text)) return { ok: false, message: 'Enter the price in US dollars' };
  const stripped = text.replace(USD, '').trim();
  if (/^[-−]/.test(text) || /^[-−]/.test(stripped)) return { ok: false, message: 'Price must be 0 or more' };
  const notAPrice: MoneyReading = { ok: false, message: `“${text}” is not a price; enter one like 12.50` };
  if (/[$]|usd/i.test(stripped)) return notAPrice;

  const reading = readDecimal(stripped);
  if (reading.kind === 'invalid') return notAPrice;
  if (reading.kind === 'ambiguous') {
    // Asked even where the field keeps fewer decimals (ADR 109): a list of $1.234 unit prices must not
    // become $1,234.00; then only the reading the field can keep is offered to type.
    const big = formatMicros(Number(toMicros(reading.grouped)!));
    const small = formatMicros(Number(toMicros(reading.decimal)!));
    const { whole, fraction } = reading.decimal;
    const retype =
      fraction.length > maxDecimals
        ? `type ${reading.grouped.whole} (this price keeps at most ${maxDecimals} decimals)`
        : `type ${reading.grouped.whole} or ${whole}.${fraction}0`;
    return { ok: false, message: `“${text}” could be ${big} or ${small}: ${retype}` };
  }
  const digits: DecimalDigits = reading;

  if (decimals(digits) > maxDecimals)
    return { ok: false, message: maxDecimals === UNIT_PRICE_DECIMALS ? UNIT_PRICE_DECIMALS_MESSAGE : `Use at most ${maxDecimals} decimals` };
  const micros = toMicros(digits)!;
  if (micros > BigInt(maxMicros))
    return { ok: false, message: maxMicros === MAX_UNIT_PRICE_MICROS ? MAX_UNIT_PRICE_MESSAGE : `Price must be at most ${formatMicros(maxMicros)}` };
  return { ok: true, micros: Number(micros), display: formatMicros(Number(micros)) };
}

/** "123.4500" → the exact decimal text of an amount in micros (no float ever holds the dollars). */
function microsText(micros: number): `${number}` {
  const m = BigInt(micros);
  const sign = m < 0n ? '-' : '';
  const abs = m < 0n ? -m : m;
  const whole = abs / BigInt(MICROS_PER_DOLLAR);
  const fraction = String(abs % BigInt(MICROS_PER_DOLLAR)).padStart(6, '0');
  return `${sign}${whole}.${fraction}` as `${number}`;
}

/** Built on first use: an Intl formatter costs milliseconds to build, which every cold start would pay (ADR 083). */
let usdFormat: Intl.NumberFormat | undefined;

/** "$12.50", "$0.335", "$1,234.5678": at least 2 decimals, every significant one shown. */
export function formatMicros(micros: number): string {
  usdFormat ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2, maximumFractionDigits: 6 });
  return usdFormat.format(microsText(micros));
}

/** "12.50", "1.2340" for an input field: read back by `readMoney` as the same amount (never three decimals, which would be ambiguous). */
export function microsToInput(micros: number): string {
  const [whole, fraction] = microsText(micros).split('.') as [string, string];
  const digits = fraction.replace(/0+$/, '');
  return `${whole}.${digits.padEnd(digits.length === 3 ? 4 : 2, '0')}`;
}

export const centsToMicros = (cents: number) => cents * MICROS_PER_CENT;

/** A decimal dollar amount with at most 4 decimals (a stored target price) in micros, exactly. */
export const dollarsToMicros = (dollars: number) => Math.round(dollars * 10_000) * (MICROS_PER_DOLLAR / 10_000);

/** The exact amount of micros, rounded once to whole cents: half a cent and more rounds up (amounts are never negative). */
export function roundToCents(micros: bigint): bigint {
  return (micros + BigInt(MICROS_PER_CENT / 2)) / BigInt(MICROS_PER_CENT);
}

/** The line total rule, the one place it is stated: unit price × quantity exactly, then rounded to cents. */
export function lineTotalCents(unitPriceMicros: number, quantity: number): bigint {
  return roundToCents(BigInt(unitPriceMicros) * BigInt(quantity));
}
