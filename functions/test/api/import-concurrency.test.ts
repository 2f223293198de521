import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { importPartsCsv } from '../../src/modules/imports/csv-import-service';
import { buildCategoryInput, buildManufacturerInput, unique } from '../support/builders';
import { createTestDeps, type TestDeps } from '../support/test-deps';

/** Issue 11, item 4: imports racing over the same rows, and slugs already taken by other parts. */
describe('concurrent and repeated imports', () => {
  let deps: TestDeps;
  let category: { id: number; slug: string };
  let makers: { id: number; slug: string }[];
  const mapping = { name: 'name', partNumber: 'partNumber', category: 'categoryId', maker: 'manufacturerId' };

  beforeAll(async () => {
    deps = await createTestDeps();
    category = await deps.catalog.createCategory(buildCategoryInput());
    makers = [await deps.catalog.createManufacturer(buildManufacturerInput()), await deps.catalog.createManufacturer(buildManufacturerInput())];
  });
  afterAll(() => deps.close());

  const csv = (rows: string[]) => Readable.from([['name,partNumber,category,maker', ...rows].join('\n')]);

  it('two imports of the same rows at once: every row is created once and reported as imported by both, none as failed', { timeout: 120_000 }, async () => {
    const prefix = unique('RACE').toUpperCase();
    const rows = Array.from({ length: 120 }, (_, i) => `Race part ${i},${prefix}-${i},${category.slug},${makers[0]!.slug}`);
    const before = await deps.catalog.countParts();
    const [a, b] = await Promise.all([importPartsCsv(deps, csv(rows), mapping), importPartsCsv(deps, csv(rows), mapping)]);
    expect(a).toEqual({ totalRecords: 120, successCount: 120, errorCount: 0, errors: [] });
    expect(b).toEqual({ totalRecords: 120, successCount: 120, errorCount: 0, errors: [] });
    expect((await deps.catalog.countParts()) - before).toBe(120);
  });

  it('the bulk upsert reports a row a concurrent writer created meanwhile as unchanged, not as failed', { timeout: 120_000 }, async () => {
    const prefix = unique('RACE2').toUpperCase();
    const rows = Array.from({ length: 60 }, (_, i) => ({
      name: `Race part ${i}`,
      partNumber: `${prefix}-${i}`,
      categoryId: category.id,
      manufacturerId: makers[0]!.id,
      specifications: {},
      status: 'active' as const,
      price: null,
    }));
    const [a, b] = await Promise.all([deps.catalog.upsertParts(rows), deps.catalog.upsertParts(rows)]);
    expect([...a.failures, ...b.failures]).toEqual([]);
    expect(a.created + b.created).toBe(60);
    expect(a.created + a.unchanged + a.updated).toBe(60);
    expect(b.created + b.unchanged + b.updated).toBe(60);
  });

  it('a new part whose name and part number make a slug that is taken (same part number, another maker) gets a unique slug', { timeout: 60_000 }, async () => {
    const pn = unique('SAME').toUpperCase();
    const first = await importPartsCsv(deps, csv([`Gate valve,${pn},${category.slug},${makers[0]!.slug}`]), mapping);
    const second = await importPartsCsv(deps, csv([`Gate valve,${pn},${category.slug},${makers[1]!.slug}`]), mapping);
    expect(first).toMatchObject({ successCount: 1, errorCount: 0 });
    expect(second).toMatchObject({ successCount: 1, errorCount: 0, errors: [] });
    const slug = `gate-valve-${pn.toLowerCase()}`;
    const original = await deps.catalog.getPartBySlug(slug);
    expect(original?.manufacturerId).toBe(makers[0]!.id);
    const ids = (await deps.catalog.getPartVersions(Array.from({ length: await deps.catalog.partIdCeiling() }, (_, i) => i + 1))).map((v) => v.id);
    const other = (await deps.catalog.getParts(ids)).find((p) => p.partNumber === pn && p.manufacturerId === makers[1]!.id);
    expect(other?.slug).toMatch(new RegExp(`^${slug}-\\d+$`));
  });
});
