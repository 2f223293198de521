import { beforeAll, describe, expect, test } from 'vitest';
import { loadSlugify } from '../../lib/slugify-loader';
import { buildRow, compileMapping, newPartSlug } from './csv-import-service';

// The row builder derives slugs with the rule importPartsCsv loads first.
beforeAll(async () => {
  await loadSlugify();
});

const lookup = <T extends { id: number; slug: string; name: string }>(items: T[]) => ({
  byId: new Map(items.map((i) => [i.id, i])),
  bySlug: new Map(items.map((i) => [i.slug, i])),
  byName: new Map(items.map((i) => [i.name.toLowerCase(), i])),
});
const categories = lookup([{ id: 7, name: 'Valves', slug: 'valves' }]);
const manufacturers = lookup([{ id: 3, name: 'Acme Corp', slug: 'acme' }]);
const headers = ['Name', 'PN', 'Cat', 'Maker', 'Price', 'Status', 'Bore'];
const mapping = compileMapping(headers, {
  Name: 'name',
  PN: 'partNumber',
  Cat: 'categoryId',
  Maker: 'manufacturerId',
  Price: 'price',
  Status: 'status',
  Bore: 'spec:bore',
});

describe('buildRow', () => {
  test('resolves category and manufacturer by id, slug or name and normalises status and price', () => {
    for (const [cat, maker] of [
      ['7', '3'],
      ['valves', 'acme'],
      ['Valves', 'ACME CORP'],
    ]) {
      const out = buildRow(['Gate valve', 'GV-1', cat!, maker!, '$1,234.50', 'Coming Soon', '32 mm'], mapping, categories, manufacturers);
      expect(out).toEqual({
        ok: true,
        row: expect.objectContaining({ categoryId: 7, manufacturerId: 3, price: 1234.5, status: 'coming_soon', specifications: { bore: '32 mm' } }),
      });
    }
  });

  test('leaves the slug to the repository (derived, made unique when taken)', () => {
    const out = buildRow(['Gate valve', 'GV-1', '7', '3', '', '', ''], mapping, categories, manufacturers);
    expect(out.ok && 'slug' in out.row).toBe(false);
  });

  test('reports each problem of a row in words', () => {
    const row = (over: Partial<Record<number, string>>) => {
      const cells = ['Gate valve', 'GV-1', 'valves', 'acme', '1', '', ''];
      for (const [i, v] of Object.entries(over)) cells[Number(i)] = v!;
      return buildRow(cells, mapping, categories, manufacturers);
    };
    expect(row({ 0: '' })).toEqual({ ok: false, error: 'Part Name is required' });
    expect(row({ 1: ' ' })).toEqual({ ok: false, error: 'Part Number is required' });
    expect(row({ 2: 'pumps' })).toEqual({ ok: false, error: "Unknown category 'pumps'" });
    expect(row({ 4: '-2' })).toEqual({ ok: false, error: "Price must be 0 or more, got '-2'" });
    expect(row({ 4: 'abc' })).toEqual({ ok: false, error: 'Price: “abc” is not a price; enter one like 12.50' });
    expect(row({ 4: '0.125' })).toEqual({ ok: false, error: "Price must have at most 2 decimals, got '0.125'" });
    // Two readings: the reader asks rather than guesses (ADR 109).
    expect(row({ 4: '1.234' })).toEqual({ ok: false, error: 'Price: “1.234” could be $1,234.00 or $1.234: type 1234 (this price keeps at most 2 decimals)' });
    expect(row({ 5: 'gone' })).toEqual({ ok: false, error: "Status must be Active, Discontinued or Coming Soon, got 'gone'" });
  });

  test('reports every problem of a row, in field order, not only the first (issue 32)', () => {
    const out = buildRow(['', '', 'pumps', 'nobody', '-2', 'gone', ''], mapping, categories, manufacturers);
    expect(out).toEqual({
      ok: false,
      error: [
        'Part Name is required',
        'Part Number is required',
        "Price must be 0 or more, got '-2'",
        "Unknown category 'pumps'",
        "Unknown manufacturer 'nobody'",
        "Status must be Active, Discontinued or Coming Soon, got 'gone'",
      ].join('; '),
    });
  });

  test('an empty category or manufacturer cell imports the part uncategorised / with the manufacturer unknown (null)', () => {
    expect(buildRow(['Gate valve', 'GV-1', '', '', '', '', ''], mapping, categories, manufacturers)).toEqual({
      ok: true,
      row: expect.objectContaining({ categoryId: null, manufacturerId: null }),
    });
    const unmapped = compileMapping(headers, { Name: 'name', PN: 'partNumber' });
    expect(buildRow(['Gate valve', 'GV-1', 'x', 'y', '', '', ''], unmapped, categories, manufacturers)).toEqual({
      ok: true,
      row: expect.objectContaining({ categoryId: null, manufacturerId: null }),
    });
  });
});

test('compileMapping refuses unknown headers and double targets', () => {
  expect(() => compileMapping(headers, { Nope: 'name', PN: 'partNumber' })).toThrow("The column 'Nope' is not in the file");
  expect(() => compileMapping(headers, { Name: 'name', PN: 'name' })).toThrow('Two columns are mapped to name');
});

test('new part slugs join name and part number and always fit the slug rule', () => {
  expect(newPartSlug('Ball Valve (3/4")', 'BV-34/A')).toBe('ball-valve-3-4-bv-34-a');
  expect(newPartSlug('Ölpumpe', '---')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  expect(newPartSlug('x'.repeat(300), 'PN-1').length).toBeLessThanOrEqual(200);
});
