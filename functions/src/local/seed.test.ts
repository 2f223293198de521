import { describe, expect, test } from 'vitest';
import { FOOTER_CATEGORY_SLUGS, PART_STATUSES } from '@parts/shared/constants';
import { normalizePartNumber } from '@parts/shared/part-number';
import { parseSpecifications } from '@parts/shared/spec-values';
import { generateParts, mulberry32 } from './seed';
import { CATEGORY_SEEDS, MANUFACTURER_SEEDS } from './seed-data';

describe('demo data generator', () => {
  const parts = generateParts(5000);

  test('is deterministic for a seed and differs for another', () => {
    expect(generateParts(50)).toEqual(parts.slice(0, 50));
    expect(generateParts(50, 7)).not.toEqual(parts.slice(0, 50));
    const a = mulberry32(1);
    const b = mulberry32(1);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  test('covers the footer categories, 20+ manufacturers, every status and some missing prices', () => {
    expect(CATEGORY_SEEDS.map((c) => c.slug)).toEqual([...FOOTER_CATEGORY_SLUGS]);
    expect(CATEGORY_SEEDS.every((c) => c.children.length >= 3)).toBe(true);
    expect(MANUFACTURER_SEEDS.length).toBeGreaterThanOrEqual(20);
    const makers = new Set(MANUFACTURER_SEEDS.map((m) => m.slug));
    expect(CATEGORY_SEEDS.flatMap((c) => c.children.flatMap((s) => s.makers)).every((m) => makers.has(m))).toBe(true);
    expect(new Set(parts.map((p) => p.status))).toEqual(new Set(PART_STATUSES));
    const nullPrices = parts.filter((p) => p.price === null).length;
    expect(nullPrices).toBeGreaterThan(100);
    expect(nullPrices).toBeLessThan(2000);
  });

  test('part numbers are unique per manufacturer once normalised and look like real ones', () => {
    const keys = parts.map((p) => `${p.manufacturerSlug}|${normalizePartNumber(p.partNumber)}`);
    expect(new Set(keys).size).toBe(parts.length);
    expect(parts.some((p) => /^6ES7\d{3}-\d[A-Z]{2}\d{2}-0[A-Z]{2}0$/.test(p.partNumber))).toBe(true);
    expect(parts.some((p) => p.partNumber.includes(' '))).toBe(true);
    expect(parts.some((p) => p.partNumber.includes('/'))).toBe(true);
  });

  test('cylinders and valves carry bore, stroke and pressure values the filters can parse', () => {
    const withBore = parts.filter((p) => p.specifications.bore && p.specifications.stroke);
    expect(withBore.length).toBeGreaterThan(500);
    expect(withBore.every((p) => Number.isFinite(parseSpecifications(p.specifications).bore))).toBe(true);
    const pressures = parts.map((p) => p.specifications.pressureRating).filter(Boolean);
    expect(pressures.some((v) => v!.endsWith('psi'))).toBe(true);
    expect(pressures.some((v) => v!.endsWith('bar'))).toBe(true);
    expect(pressures.every((v) => parseSpecifications({ pressureRating: v! }).pressureRating! > 0)).toBe(true);
  });
});
