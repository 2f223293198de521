import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError, ValidationError } from '../../src/domain/errors';
import type { CatalogRepository } from '../../src/modules/catalog/ports/catalog-repository';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { buildCategoryInput, buildManufacturerInput, buildPartInput, createCatalogFixture, unique } from '../support/builders';

let deps: TestDeps;
let catalog: CatalogRepository;
beforeAll(async () => {
  deps = await createTestDeps();
  catalog = deps.catalog;
});
afterAll(() => deps.close());

const rawItem = async (pk: string, sk: string) =>
  (await deps.doc.send(new GetCommand({ TableName: deps.tableName, Key: { pk, sk }, ConsistentRead: true }))).Item;

describe('categories', () => {
  test('a created category is found by id, by slug and in the list', async () => {
    const input = buildCategoryInput({ name: 'Hydraulic Pumps' });
    const created = await catalog.createCategory(input);
    expect(created).toMatchObject({ name: 'Hydraulic Pumps', slug: input.slug, parentId: null });
    expect(await catalog.getCategory(created.id)).toEqual(created);
    expect(await catalog.getCategoryBySlug(input.slug)).toEqual(created);
    expect((await catalog.listCategories()).map((c) => c.id)).toContain(created.id);
  });

  test('a duplicate slug is refused with 409 and nothing is half-written', async () => {
    const first = await catalog.createCategory(buildCategoryInput());
    const before = await catalog.countCategories();
    const attempt = catalog.createCategory(buildCategoryInput({ slug: first.slug, name: 'Impostor' }));
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    await expect(attempt).rejects.toMatchObject({ status: 409 });
    expect(await catalog.countCategories()).toBe(before);
    expect((await catalog.listCategories()).filter((c) => c.name === 'Impostor')).toEqual([]);
    expect(await catalog.getCategoryBySlug(first.slug)).toEqual(first);
  });

  test('a sub-category needs an existing parent', async () => {
    const parent = await catalog.createCategory(buildCategoryInput());
    const child = await catalog.createCategory(buildCategoryInput({ parentId: parent.id }));
    expect(child.parentId).toBe(parent.id);
    const orphan = buildCategoryInput({ parentId: 999_999 });
    await expect(catalog.createCategory(orphan)).rejects.toBeInstanceOf(ValidationError);
    expect(await catalog.getCategoryBySlug(orphan.slug)).toBeUndefined();
  });

  test('a category cannot become its own parent or ancestor', async () => {
    const a = await catalog.createCategory(buildCategoryInput());
    const b = await catalog.createCategory(buildCategoryInput({ parentId: a.id }));
    const c = await catalog.createCategory(buildCategoryInput({ parentId: b.id }));
    await expect(catalog.updateCategory(a.id, { ...a, description: undefined, parentId: a.id })).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.updateCategory(a.id, { name: a.name, slug: a.slug, parentId: c.id })).rejects.toThrow(
      'A category cannot be placed under one of its own subcategories',
    );
    expect((await catalog.getCategory(a.id))?.parentId).toBeNull();
  });

  test('changing a slug moves its guard: the old slug is free, the new one taken', async () => {
    const cat = await catalog.createCategory(buildCategoryInput());
    const newSlug = unique('renamed');
    const updated = await catalog.updateCategory(cat.id, { name: 'Renamed', slug: newSlug });
    expect(updated).toMatchObject({ id: cat.id, name: 'Renamed', slug: newSlug });
    expect(await catalog.getCategoryBySlug(cat.slug)).toBeUndefined();
    expect((await catalog.getCategoryBySlug(newSlug))?.id).toBe(cat.id);
    const reuse = await catalog.createCategory(buildCategoryInput({ slug: cat.slug }));
    expect(reuse.slug).toBe(cat.slug);
    await expect(catalog.updateCategory(reuse.id, { name: 'x', slug: newSlug })).rejects.toBeInstanceOf(ConflictError);
    expect((await catalog.getCategory(reuse.id))?.slug).toBe(cat.slug);
  });

  test('updating an unknown category is 404', async () => {
    await expect(catalog.updateCategory(987_654, buildCategoryInput())).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('manufacturers', () => {
  test('create, read by slug, update, duplicate slug refused', async () => {
    const m = await catalog.createManufacturer(buildManufacturerInput({ logo: 'https://example.com/logo.png' }));
    expect(await catalog.getManufacturerBySlug(m.slug)).toEqual(m);
    const updated = await catalog.updateManufacturer(m.id, { name: 'Festo', slug: m.slug, description: 'Pneumatics' });
    expect(updated).toEqual({ id: m.id, name: 'Festo', slug: m.slug, description: 'Pneumatics' });
    await expect(catalog.createManufacturer(buildManufacturerInput({ slug: m.slug }))).rejects.toBeInstanceOf(ConflictError);
    expect((await catalog.listManufacturers()).filter((x) => x.slug === m.slug)).toHaveLength(1);
  });
});

describe('parts', () => {
  test('a part is stored whole, with parsed spec numbers and version 1', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const input = buildPartInput({
      categoryId: category.id,
      manufacturerId: manufacturer.id,
      specifications: { bore: '32 mm', stroke: '4 in', pressureRating: '145 psi', coil: '24 V DC' },
    });
    const part = await catalog.createPart(input);
    expect(part).toMatchObject({ version: 1, slug: input.slug, partNumber: input.partNumber, price: 12.5 });
    expect(part.specNumbers).toEqual({ bore: 32, stroke: 101.6, pressureRating: expect.closeTo(10, 2) });
    expect(await catalog.getPartBySlug(input.slug)).toEqual(part);
    // The stream carries the item itself, so everything the indexer needs must be on it.
    expect(await rawItem(`PART#${part.id}`, 'PART')).toMatchObject({ name: input.name, categoryId: category.id, specNumbers: part.specNumbers, version: 1 });
  });

  test('every write bumps the version; a slug change frees the old slug', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const input = buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id });
    const part = await catalog.createPart(input);
    const v2 = await catalog.updatePart(part.id, { ...input, price: null });
    expect(v2).toMatchObject({ version: 2, price: null, createdAt: part.createdAt });
    const v3 = await catalog.updatePart(part.id, { ...input, slug: unique('moved') });
    expect(v3.version).toBe(3);
    expect(await catalog.getPartBySlug(input.slug)).toBeUndefined();
  });

  test('same part number (any punctuation/case) for the same manufacturer is 409', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const pn = `6ES7214-1AG40-${unique('x').toUpperCase()}`;
    await catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber: pn }));
    const dup = buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber: pn.toLowerCase().replace(/-/g, ' ') });
    const before = await catalog.countParts();
    await expect(catalog.createPart(dup)).rejects.toBeInstanceOf(ConflictError);
    expect(await catalog.getPartBySlug(dup.slug)).toBeUndefined();
    expect(await catalog.countParts()).toBe(before);
    // Another manufacturer may use the same number.
    const other = await catalog.createManufacturer(buildManufacturerInput());
    await expect(catalog.createPart({ ...dup, manufacturerId: other.id })).resolves.toMatchObject({ partNumber: dup.partNumber });
  });

  test('a duplicate part slug is 409 and leaves no part-number guard behind', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const first = await catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
    const clash = buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, slug: first.slug });
    await expect(catalog.createPart(clash)).rejects.toBeInstanceOf(ConflictError);
    // Had the part-number guard been written, this retry with a fresh slug would be refused.
    await expect(catalog.createPart({ ...clash, slug: unique('fresh') })).resolves.toMatchObject({ partNumber: clash.partNumber });
  });

  test('unknown category or manufacturer is 400', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    await expect(catalog.createPart(buildPartInput({ categoryId: 888_888, manufacturerId: manufacturer.id }))).rejects.toThrow('Category not found');
    await expect(catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: 777_777 }))).rejects.toBeInstanceOf(ValidationError);
  });

  test('getParts returns the existing ones in the order asked', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const a = await catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
    const b = await catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
    expect((await catalog.getParts([b.id, 999_999, a.id, b.id])).map((p) => p.id)).toEqual([b.id, a.id]);
  });

  test('bulk upsert creates, updates and leaves unchanged rows alone; ids come in a block', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const rows = Array.from({ length: 60 }, (_, i) => ({
      name: `Cylinder ${i}`,
      partNumber: `CDQ2B32-${i}DZ-${unique('u')}`,
      status: 'active' as const,
      categoryId: category.id,
      manufacturerId: manufacturer.id,
      specifications: { bore: '32 mm' },
      price: i % 2 ? null : 10 + i,
    }));
    const first = await catalog.upsertParts(rows);
    expect(first).toMatchObject({ created: 60, updated: 0, unchanged: 0, failures: [] });
    const ids = [...first.changedIds].sort((x, y) => x - y);
    expect(ids.at(-1)! - ids[0]!).toBe(59);

    const again = await catalog.upsertParts(rows);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 60, changedIds: [] });

    const changed = rows.map((r, i) => (i < 5 ? { ...r, name: `${r.name} v2` } : r));
    const third = await catalog.upsertParts([...changed, { ...rows[0]!, partNumber: '---' }, { ...rows[1]!, categoryId: 424_242 }]);
    expect(third).toMatchObject({ created: 0, updated: 5, unchanged: 55 });
    expect(third.failures.map((f) => f.index)).toEqual([60, 61]);
    const updated = await catalog.getParts(third.changedIds);
    expect(updated.every((p) => p.version === 2 && p.name.endsWith('v2'))).toBe(true);
  }, 90_000);

  test('bulk upsert reports bad rows and still writes the good ones', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const good = {
      name: 'Valve',
      partNumber: `4WE6D6X/EG24N9K4-${unique('v')}`,
      categoryId: category.id,
      manufacturerId: manufacturer.id,
      status: 'active' as const,
      specifications: {},
      price: null,
    };
    const result = await catalog.upsertParts([
      good,
      { ...good, name: '' },
      { ...good }, // duplicate of row 0 in the same batch
      { ...good, partNumber: `${good.partNumber}-B`, price: -1 },
    ]);
    expect(result.created).toBe(1);
    expect(result.failures.map((f) => f.index)).toEqual([1, 2, 3]);
  });

  test('scanParts pages through every part exactly once', async () => {
    const seen = new Set<number>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await catalog.scanParts(cursor, 7);
      expect(page.items.length).toBeLessThanOrEqual(7);
      page.items.forEach((p) => {
        expect(seen.has(p.id)).toBe(false);
        seen.add(p.id);
      });
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(seen.size).toBe(await catalog.countParts());
    expect(pages).toBeGreaterThan(1);
  });
});

describe('concurrency', () => {
  test('ids are unique under concurrent creation', async () => {
    const made = await Promise.all(Array.from({ length: 30 }, () => catalog.createManufacturer(buildManufacturerInput())));
    expect(new Set(made.map((m) => m.id)).size).toBe(30);
  });

  test('part ids stay unique when single creates and bulk blocks race', async () => {
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const rows = (n: number) =>
      Array.from({ length: n }, () => ({
        name: 'Racing part',
        partNumber: unique('RP'),
        status: 'active' as const,
        categoryId: category.id,
        manufacturerId: manufacturer.id,
        specifications: {},
        price: null,
      }));
    const [bulkA, bulkB, ...singles] = await Promise.all([
      catalog.upsertParts(rows(30)),
      catalog.upsertParts(rows(30)),
      ...Array.from({ length: 10 }, () => catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }))),
    ]);
    const ids = [...bulkA.changedIds, ...bulkB.changedIds, ...singles.map((p) => p.id)];
    expect(ids).toHaveLength(70);
    expect(new Set(ids).size).toBe(70);
  }, 90_000);

  test('concurrent creates with one slug: exactly one wins, the rest get 409', async () => {
    const slug = unique('race');
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => catalog.createCategory(buildCategoryInput({ slug, name: `Racer ${i}` }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(ConflictError);
    expect((await catalog.listCategories()).filter((c) => c.slug === slug)).toHaveLength(1);
  });
});

describe('bad input gets typed errors', () => {
  const badIds = [0, -1, 1.5, Number.NaN, '1' as unknown as number, undefined as unknown as number, 2 ** 60];
  test.each(badIds)('id %s', async (id) => {
    await expect(catalog.getCategory(id)).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.getPart(id)).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.updateManufacturer(id, buildManufacturerInput())).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.getParts([id])).rejects.toBeInstanceOf(ValidationError);
  });

  test('invalid payloads, oversized values, odd slugs and cursors', async () => {
    await expect(catalog.createCategory({ name: '', slug: 'x' })).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.createCategory({ name: 'x', slug: 'Not A Slug' })).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.createCategory(null as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.createManufacturer({ name: 'x'.repeat(10_000), slug: 'ok' })).rejects.toBeInstanceOf(ValidationError);
    const { category, manufacturer } = await createCatalogFixture(catalog);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v']));
    await expect(catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, specifications: many }))).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(catalog.getPartBySlug('x'.repeat(5000))).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.getPartBySlug('No Such Slug')).resolves.toBeUndefined();
    await expect(catalog.scanParts('garbage!')).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.scanParts(undefined, 0)).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.upsertParts('rows' as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.getParts('1,2' as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.updatePart(123_456, buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    const part = await catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
    await expect(catalog.updatePart(part.id, { ...part, price: -5 } as never)).rejects.toBeInstanceOf(ValidationError);
    await expect(catalog.updatePart(part.id, { ...part, status: 'sold' } as never)).rejects.toBeInstanceOf(ValidationError);
    expect((await catalog.getPart(part.id))?.version).toBe(1);
    const odd = await catalog.upsertParts([null, 42, { name: 'x' }] as never);
    expect(odd).toMatchObject({ created: 0, updated: 0 });
    expect(odd.failures.map((f) => f.index)).toEqual([0, 1, 2]);
  });
});
