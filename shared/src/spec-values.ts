/**
 * Specification values are shown as entered ("32 mm") and also kept as numbers in the
 * filter's unit: lengths in millimetres, pressures in bar.
 */

type Dimension = 'length' | 'pressure';

const UNIT_FACTORS: Record<string, { dimension: Dimension; factor: number }> = {
  mm: { dimension: 'length', factor: 1 },
  cm: { dimension: 'length', factor: 10 },
  m: { dimension: 'length', factor: 1000 },
  in: { dimension: 'length', factor: 25.4 },
  inch: { dimension: 'length', factor: 25.4 },
  inches: { dimension: 'length', factor: 25.4 },
  '"': { dimension: 'length', factor: 25.4 },
  bar: { dimension: 'pressure', factor: 1 },
  psi: { dimension: 'pressure', factor: 0.0689475729 },
  mpa: { dimension: 'pressure', factor: 10 },
  kpa: { dimension: 'pressure', factor: 0.01 },
  pa: { dimension: 'pressure', factor: 0.00001 },
};

const SPEC_DIMENSIONS: Record<string, Dimension> = {
  bore: 'length',
  stroke: 'length',
  pressureRating: 'pressure',
};

const NUMBER_WITH_UNIT = /^\s*([-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-+]?\.\d+)\s*([a-zA-Z"]*)\s*$/;

export interface ParsedSpecValue {
  value: number;
  /** The canonical unit the value was converted to, or null for a plain number. */
  unit: 'mm' | 'bar' | null;
}

/**
 * Parses "32 mm", "1.5 in", "145 psi", "10" into a number in the canonical unit.
 * Returns null when the text is not a single number with an optional known unit, or when the
 * unit does not fit the key's dimension (e.g. "10 bar" as a bore).
 */
export function parseSpecValue(key: string, raw: string): ParsedSpecValue | null {
  const match = NUMBER_WITH_UNIT.exec(raw);
  if (!match) return null;
  const amount = Number(match[1]!.replace(/,/g, ''));
  if (!Number.isFinite(amount)) return null;
  const unitText = match[2]!.toLowerCase();
  const expected = SPEC_DIMENSIONS[key];
  if (unitText === '') return { value: amount, unit: expected ? canonicalUnit(expected) : null };
  const unit = UNIT_FACTORS[unitText];
  if (!unit) return null;
  if (expected && unit.dimension !== expected) return null;
  return { value: round(amount * unit.factor), unit: canonicalUnit(unit.dimension) };
}

/** Parses every value of a specification map; keys whose value is not numeric are left out. */
export function parseSpecifications(specs: Record<string, string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, raw] of Object.entries(specs)) {
    const parsed = parseSpecValue(key, raw);
    if (parsed) out[key] = parsed.value;
  }
  return out;
}

function canonicalUnit(dimension: Dimension): 'mm' | 'bar' {
  return dimension === 'length' ? 'mm' : 'bar';
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}
