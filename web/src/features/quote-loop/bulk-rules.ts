import { MAX_UNIT_PRICE_MICROS, UNIT_PRICE_STEP_MICROS, microsToInput } from '@parts/shared/numbers/money';
import type { LineDraft } from './offer-line-draft';

/**
 * Bulk rules of the offer editor (issue 29 item 3): one change to many lines at once, on the lines picked (all,
 * the filtered ones, or the checked ones: the caller passes their item ids). Prices are exact: micros as bigint,
 * a percentage read as a decimal string, never a float.
 */
export type BulkRule =
  | { kind: 'leadTime'; days: number | 'in_stock' }
  | { kind: 'moq'; moq: number }
  | { kind: 'cannotSupply'; reason: string }
  /** Unit price = catalogue price × (100 + percent) / 100, where the part has a catalogue price. */
  | { kind: 'catalogPrice'; percent: string };

export interface BulkResult {
  lines: LineDraft[];
  /** Lines the rule changed. */
  changed: number;
  /** Picked lines the rule could not apply to (no catalogue price, or a price out of range). */
  skipped: number;
}

const PERCENT = /^([+-]?)(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "-12.5" → -1250 (hundredths of a percent), or undefined when it is not a percentage from -100 to +999.99. */
export function readPercent(text: string): bigint | undefined {
  const m = PERCENT.exec(text.trim().replace(/\s*%$/, ''));
  if (!m) return undefined;
  const hundredths = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  const value = m[1] === '-' ? -hundredths : hundredths;
  return value < -10_000n ? undefined : value;
}

/** Catalogue price ± percent in micros, rounded half up to the unit price step (0.0001 USD); undefined when out of range. */
export function adjustedPrice(catalogMicros: number, hundredthsOfPercent: bigint): number | undefined {
  const exact = BigInt(catalogMicros) * (10_000n + hundredthsOfPercent);
  const step = BigInt(UNIT_PRICE_STEP_MICROS) * 10_000n;
  const rounded = ((exact + step / 2n) / step) * BigInt(UNIT_PRICE_STEP_MICROS);
  if (rounded <= 0n || rounded > BigInt(MAX_UNIT_PRICE_MICROS)) return undefined;
  return Number(rounded);
}

function applyOne(line: LineDraft, rule: BulkRule, catalogPrices: ReadonlyMap<number, number>, percent: bigint | undefined): LineDraft | undefined {
  switch (rule.kind) {
    case 'leadTime':
      return rule.days === 'in_stock' ? { ...line, inStock: true, leadDays: '' } : { ...line, inStock: false, leadDays: String(rule.days) };
    case 'moq':
      return { ...line, moq: String(rule.moq) };
    case 'cannotSupply':
      return { ...line, supply: false, reason: rule.reason };
    case 'catalogPrice': {
      const catalog = line.item.part ? catalogPrices.get(line.item.part.id) : undefined;
      if (catalog === undefined || percent === undefined) return undefined;
      const price = adjustedPrice(catalog, percent);
      return price === undefined ? undefined : { ...line, supply: true, price: microsToInput(price) };
    }
  }
}

/** The rule applied to the picked lines; the others stay as they are (the same objects). */
export function applyBulkRule(
  lines: LineDraft[],
  picked: ReadonlySet<number>,
  rule: BulkRule,
  catalogPrices: ReadonlyMap<number, number> = new Map(),
): BulkResult {
  const percent = rule.kind === 'catalogPrice' ? readPercent(rule.percent) : undefined;
  let changed = 0;
  let skipped = 0;
  const next = lines.map((line) => {
    if (!picked.has(line.item.id)) return line;
    const updated = applyOne(line, rule, catalogPrices, percent);
    if (!updated) {
      skipped++;
      return line;
    }
    changed++;
    return updated;
  });
  return { lines: next, changed, skipped };
}
