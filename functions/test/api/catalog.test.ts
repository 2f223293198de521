import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildCategoryInput, buildManufacturerInput, buildPartInput, createCatalogFixture, unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';

let api: Api;
let admin: string;
let customer: string;
let fixture: Awaited<ReturnType<typeof createCatalogFixture>>;
beforeAll(async () => {
  api = await createApi();
  admin = (await api.admin()).cookie;
  customer = (await api.customer()).cookie;
  fixture = await createCatalogFixture(api.deps.catalog);
});
afterAll(async () => {
  reportRejected('catalog.test.ts');
  await api.close();
});

const partBody = () => buildPartInput({ categoryId: fixture.category.id, manufacturerId: fixture.manufacturer.id });

describe('authorisation matrix: every catalogue write as guest, user and admin', () => {
  const writes: [string, string, () => Promise<{ path: string; body: unknown }>][] = [
    ['POST', 'categories', async () => ({ path: '/api/categories', body: buildCategoryInput() })],
    [
      'PUT',
      'categories',
      async () => {
        const own = await api.deps.catalog.createCategory(buildCategoryInput());
        return { path: `/api/categories/${own.id}`, body: { ...buildCategoryInput(), slug: own.slug } };
      },
    ],
    ['POST', 'manufacturers', async () => ({ path: '/api/manufacturers', body: buildManufacturerInput() })],
    [
      'PUT',
      'manufacturers',
      async () => {
        const own = await api.deps.catalog.createManufacturer(buildManufacturerInput());
        return { path: `/api/manufacturers/${own.id}`, body: { ...buildManufacturerInput(), slug: own.slug } };
      },
    ],
    ['POST', 'parts', async () => ({ path: '/api/parts', body: partBody() })],
    [
      'PUT',
      'parts',
      async () => {
        const part = await api.deps.catalog.createPart(partBody());
        return { path: `/api/parts/${part.id}`, body: { ...partBody(), slug: part.slug, partNumber: part.partNumber } };
      },
    ],
  ];
  test.each(writes)('%s %s', async (method, _what, make) => {
    const { path, body } = await make();
    await expectRejected(api.call(method, path, { json: body }), 401, 'Authentication required');
    await expectRejected(api.call(method, path, { json: body, cookie: customer }), 403, 'Admin privileges required');
    const res = await api.call(method, path, { json: body, cookie: admin });
    expect(res.status).toBe(method === 'POST' ? 201 : 200);
    expect(await res.json()).toMatchObject({ id: expect.any(Number), slug: (body as { slug: string }).slug });
  });
});

describe('categories', () => {
  test('list and read by slug, 404 for an unknown slug', async () => {
    const list = (await (await api.call('GET', '/api/categories')).json()) as { slug: string }[];
    expect(list.map((c) => c.slug)).toContain(fixture.category.slug);
    const one = await api.call('GET', `/api/categories/${fixture.category.slug}`);
    expect(await one.json()).toMatchObject({ id: fixture.category.id, name: fixture.category.name });
    await expectRejected(api.call('GET', '/api/categories/no-such-category'), 404, 'Category not found');
  });

  test('duplicate slug is 409; unknown parent 400; a category cannot become its own ancestor', async () => {
    await expectRejected(api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ slug: fixture.category.slug }) }), 409);
    await expectRejected(
      api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ parentId: 999_999 }) }),
      400,
      'Parent category not found',
    );
    const root = await api.deps.catalog.createCategory(buildCategoryInput());
    const child = await api.deps.catalog.createCategory(buildCategoryInput({ parentId: root.id }));
    const grandchild = await api.deps.catalog.createCategory(buildCategoryInput({ parentId: child.id }));
    const asRoot = { name: root.name, slug: root.slug };
    await expectRejected(
      api.call('PUT', `/api/categories/${root.id}`, { cookie: admin, json: { ...asRoot, parentId: root.id } }),
      400,
      'A category cannot be its own parent',
    );
    await expectRejected(
      api.call('PUT', `/api/categories/${root.id}`, { cookie: admin, json: { ...asRoot, parentId: grandchild.id } }),
      400,
      'A category cannot be placed under one of its own subcategories',
    );
    expect((await api.deps.catalog.getCategory(root.id))?.parentId ?? null).toBeNull();
    const moved = await api.call('PUT', `/api/categories/${grandchild.id}`, {
      cookie: admin,
      json: { name: grandchild.name, slug: grandchild.slug, parentId: root.id },
    });
    expect(await moved.json()).toMatchObject({ id: grandchild.id, parentId: root.id });
  });

  test('a slug taken by another category is 409 on update; unknown id 404', async () => {
    const other = await api.deps.catalog.createCategory(buildCategoryInput());
    await expectRejected(api.call('PUT', `/api/categories/${other.id}`, { cookie: admin, json: { name: 'x', slug: fixture.category.slug } }), 409);
    await expectRejected(api.call('PUT', '/api/categories/987654', { cookie: admin, json: buildCategoryInput() }), 404, 'Category not found');
  });

  test.each([
    [{ slug: 'ok-slug' }, 'Required'],
    [{ name: '', slug: 'ok-slug' }, 'Required'],
    [{ name: 'X', slug: 'Not A Slug' }, 'Use lower-case letters, digits and single hyphens'],
    [{ name: 'X', slug: 'x', parentId: 'abc' }, /expected number/],
    [{ name: 'X', slug: 'x', parentId: -4 }, /expected number to be >0/],
  ])('refuses %j', async (body, message) => {
    await expectRejected(api.call('POST', '/api/categories', { cookie: admin, json: body }), 400, message);
  });

  test("a name is unique among the same parent's children, case-insensitively: 409 with the message on the name field (issue 32)", async () => {
    const parent = await api.deps.catalog.createCategory(buildCategoryInput());
    const otherParent = await api.deps.catalog.createCategory(buildCategoryInput());
    const name = `Probe Cat ${unique('e')}`;
    const first = await api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ name, parentId: parent.id }) });
    expect(first.status).toBe(201);
    const message = `A category named "${name.toUpperCase()}" already exists here`;
    const refused = await expectRejected(
      api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ name: `  ${name.toUpperCase()} `, parentId: parent.id }) }),
      409,
      `A category named "${name.toUpperCase()}" already exists here`,
    );
    expect(refused.issues).toEqual([{ path: 'name', message }]);
    // Another parent, or the top level, may hold the same name.
    const elsewhere = await api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ name, parentId: otherParent.id }) });
    expect(elsewhere.status).toBe(201);
    const moved = (await elsewhere.json()) as { id: number; slug: string };
    const atTop = await api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ name }) });
    expect(atTop.status).toBe(201);
    await expectRejected(api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ name: name.toLowerCase() }) }), 409);
    // Moving one under a parent whose child has its name, or renaming to a sibling's name, is refused too.
    await expectRejected(
      api.call('PUT', `/api/categories/${moved.id}`, { cookie: admin, json: { name, slug: moved.slug, parentId: parent.id } }),
      409,
      `A category named "${name}" already exists here`,
    );
    const sibling = await api.deps.catalog.createCategory(buildCategoryInput({ parentId: parent.id }));
    await expectRejected(
      api.call('PUT', `/api/categories/${sibling.id}`, { cookie: admin, json: { name: name.toLowerCase(), slug: sibling.slug, parentId: parent.id } }),
      409,
    );
    // A category keeps its own name through edits (a change of case included), and a freed name can be taken.
    const recased = await api.call('PUT', `/api/categories/${sibling.id}`, {
      cookie: admin,
      json: { name: sibling.name.toUpperCase(), slug: sibling.slug, parentId: parent.id },
    });
    expect(recased.status).toBe(200);
    const renamed = await api.call('PUT', `/api/categories/${sibling.id}`, {
      cookie: admin,
      json: { name: `${sibling.name} renamed`, slug: sibling.slug, parentId: parent.id },
    });
    expect(renamed.status).toBe(200);
    const reuse = await api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ name: sibling.name, parentId: parent.id }) });
    expect(reuse.status).toBe(201);
  });

  test('two admins creating the same category name at once: exactly one is saved', async () => {
    const parent = await api.deps.catalog.createCategory(buildCategoryInput());
    const name = `Race ${unique('n')}`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ name: i % 2 ? name : name.toLowerCase(), parentId: parent.id }) }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const children = (await api.deps.catalog.listCategories()).filter((c) => c.parentId === parent.id);
    expect(children).toHaveLength(1);
  });

  test('bad ids, malformed JSON and wrong content types', async () => {
    await expectRejected(api.call('PUT', '/api/categories/abc', { cookie: admin, json: buildCategoryInput() }), 400);
    await expectRejected(api.call('PUT', '/api/categories/-1', { cookie: admin, json: buildCategoryInput() }), 400);
    await expectRejected(api.call('PUT', '/api/categories/1.5', { cookie: admin, json: buildCategoryInput() }), 400);
    await expectRejected(
      api.call('POST', '/api/categories', { cookie: admin, body: '{"name":', headers: { 'content-type': 'application/json' } }),
      400,
      'Malformed JSON in request body',
    );
    await expectRejected(api.call('POST', '/api/categories', { cookie: admin, body: 'name=x', headers: { 'content-type': 'text/plain' } }), 415);
  });
});

describe('manufacturers', () => {
  test('list, read by slug, 404, duplicate slug 409, invalid logo URL 400', async () => {
    const list = (await (await api.call('GET', '/api/manufacturers')).json()) as { slug: string }[];
    expect(list.map((m) => m.slug)).toContain(fixture.manufacturer.slug);
    expect(await (await api.call('GET', `/api/manufacturers/${fixture.manufacturer.slug}`)).json()).toMatchObject({ id: fixture.manufacturer.id });
    await expectRejected(api.call('GET', '/api/manufacturers/nobody-makes-this'), 404, 'Manufacturer not found');
    await expectRejected(api.call('POST', '/api/manufacturers', { cookie: admin, json: buildManufacturerInput({ slug: fixture.manufacturer.slug }) }), 409);
    await expectRejected(
      api.call('POST', '/api/manufacturers', { cookie: admin, json: { ...buildManufacturerInput(), logo: 'javascript:alert(1)' } }),
      400,
      'Enter a valid URL',
    );
    await expectRejected(api.call('PUT', '/api/manufacturers/424242', { cookie: admin, json: buildManufacturerInput() }), 404, 'Manufacturer not found');
    await expectRejected(api.call('POST', '/api/manufacturers', { cookie: admin, json: {} }), 400);
  });
});

describe('parts', () => {
  test('create stores the specifications parsed too, reads back by slug with manufacturer and category, and is listed at once', async () => {
    const body = { ...partBody(), specifications: { bore: '2 in', pressureRating: '145 psi', color: 'blue' } };
    const res = await api.call('POST', '/api/parts', { cookie: admin, json: body });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; slug: string };
    const stored = await api.deps.catalog.getPart(created.id);
    expect(stored?.specNumbers).toEqual({ bore: 50.8, pressureRating: expect.closeTo(10, 1) });
    const read = await api.call('GET', `/api/parts/${body.slug}`);
    expect(read.status).toBe(200);
    const view = await read.json();
    expect(view).toMatchObject({
      id: created.id,
      name: body.name,
      partNumber: body.partNumber,
      specifications: body.specifications,
      manufacturer: { name: fixture.manufacturer.name, slug: fixture.manufacturer.slug },
      category: { name: fixture.category.name, slug: fixture.category.slug },
    });
    expect(view).not.toHaveProperty('specNumbers');
    const listed = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(body.partNumber)}`)).json()) as { data: { id: number }[] };
    expect(listed.data.map((p) => p.id)).toContain(created.id);
  });

  test('specifications read back in the order they were given, on the part page and in the listing', async () => {
    const specifications = { function: '4/2-way', flowRate: '1200 l/min', bore: '32 mm', stroke: '100 mm', weight: '1.2 kg', connection: 'G1/4' };
    const body = { ...partBody(), specifications };
    expect((await api.call('POST', '/api/parts', { cookie: admin, json: body })).status).toBe(201);
    const view = (await (await api.call('GET', `/api/parts/${body.slug}`)).json()) as { specifications: Record<string, string> };
    expect(Object.keys(view.specifications)).toEqual(Object.keys(specifications));
    const listed = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(body.partNumber)}`)).json()) as {
      data: { slug: string; specifications: Record<string, string> }[];
    };
    expect(Object.keys(listed.data.find((p) => p.slug === body.slug)!.specifications)).toEqual(Object.keys(specifications));
  });

  test('a price typed as text is read by the shared money reader on create and update: 12,50 is $12.50 (issue 25)', async () => {
    const body = { ...partBody(), price: '12,50' };
    const created = await api.call('POST', '/api/parts', { cookie: admin, json: body });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect((await api.deps.catalog.getPart(id))?.price).toBe(12.5);
    const updated = await api.call('PUT', `/api/parts/${id}`, { cookie: admin, json: { ...body, price: '1.234,50' } });
    expect(updated.status).toBe(200);
    expect((await api.deps.catalog.getPart(id))?.price).toBe(1234.5);
    await expectRejected(
      api.call('PUT', `/api/parts/${id}`, { cookie: admin, json: { ...body, price: '1,234' } }),
      400,
      '“1,234” could be $1,234.00 or $1.234: type 1234 (this price keeps at most 2 decimals)',
    );
    expect((await api.deps.catalog.getPart(id))?.price).toBe(1234.5);
  });

  test('update edits specifications and the change is listed at once', async () => {
    const part = await api.deps.catalog.createPart(partBody());
    const name = `Renamed ${unique('p')}`;
    const res = await api.call('PUT', `/api/parts/${part.id}`, {
      cookie: admin,
      json: { ...partBody(), slug: part.slug, partNumber: part.partNumber, name, specifications: { stroke: '10 cm' } },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: part.id, name, specifications: { stroke: '10 cm' } });
    expect((await api.deps.catalog.getPart(part.id))?.specNumbers).toEqual({ stroke: 100 });
    const listed = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(name)}`)).json()) as { data: { id: number; name: string }[] };
    expect(listed.data.find((p) => p.id === part.id)?.name).toBe(name);
  });

  test('404 for an unknown slug or id; 409 for a duplicate slug; 400 for unknown category or manufacturer', async () => {
    await expectRejected(api.call('GET', '/api/parts/no-such-part'), 404, 'Part not found');
    await expectRejected(api.call('PUT', '/api/parts/777777', { cookie: admin, json: partBody() }), 404, 'Part not found');
    const existing = await api.deps.catalog.createPart(partBody());
    await expectRejected(api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), slug: existing.slug } }), 409);
    await expectRejected(api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), categoryId: 555_555 } }), 400, 'Category not found');
    await expectRejected(api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), manufacturerId: 555_555 } }), 400, 'Manufacturer not found');
  });

  test.each([
    [{ categoryId: 0 }, 'Choose a category'],
    [{ manufacturerId: 0 }, 'Choose a manufacturer'],
    [{ price: -1 }, 'Price must be 0 or more'],
    [{ price: 1.234 }, 'Use at most 2 decimals'],
    [{ price: 'cheap' }, '“cheap” is not a price; enter one like 12.50'],
    [{ price: '1,234' }, '“1,234” could be $1,234.00 or $1.234: type 1234 (this price keeps at most 2 decimals)'],
    [{ price: true }, /expected number/],
    [{ status: 'sold' }, /Invalid option/],
    [{ name: '   ' }, 'Required'],
    [{ partNumber: '' }, 'Required'],
    [{ slug: '' }, 'Required'],
    [{ image: 'not a url' }, 'Enter a valid URL'],
    [{ specifications: { bore: '' } }, /Too small/],
    [{ specifications: ['32 mm'] }, /expected record/],
    [{ partNumber: ' -/- ' }, 'Part number must contain letters or digits'],
    [{ specifications: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`spec ${i}`, '1'])) }, 'At most 100 specifications'],
  ])('refuses a part with %j', async (override, message) => {
    await expectRejected(api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), ...override } }), 400, message);
  });

  test('a part without a category or a manufacturer (null) is saved and read back as such; both can be assigned later (issue 32)', async () => {
    const body = { ...partBody(), categoryId: null, manufacturerId: null };
    const res = await api.call('POST', '/api/parts', { cookie: admin, json: body });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number };
    const read = await (await api.call('GET', `/api/parts/${body.slug}`)).json();
    expect(read).toMatchObject({ id: created.id, categoryId: null, manufacturerId: null, category: null, manufacturer: null });
    const listed = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(body.partNumber)}`)).json()) as { data: unknown[] };
    expect(listed.data).toEqual([expect.objectContaining({ id: created.id, category: null, manufacturer: null })]);
    const updated = await api.call('PUT', `/api/parts/${created.id}`, {
      cookie: admin,
      json: { ...body, categoryId: fixture.category.id, manufacturerId: fixture.manufacturer.id },
    });
    expect(updated.status).toBe(200);
    expect(await (await api.call('GET', `/api/parts/${body.slug}`)).json()).toMatchObject({
      category: { slug: fixture.category.slug },
      manufacturer: { slug: fixture.manufacturer.slug },
    });
    // And taken away again.
    const cleared = await api.call('PUT', `/api/parts/${created.id}`, { cookie: admin, json: { ...body, categoryId: null, manufacturerId: null } });
    expect(cleared.status).toBe(200);
    expect(await (await api.call('GET', `/api/parts/${body.slug}`)).json()).toMatchObject({ category: null, manufacturer: null });
  });

  test('nothing half-written: a refused part leaves no trace', async () => {
    const before = await api.deps.catalog.countParts();
    const slug = unique('ghost');
    await expectRejected(api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), slug, categoryId: 555_555 } }), 400);
    expect(await api.deps.catalog.getPartBySlug(slug)).toBeUndefined();
    expect(await api.deps.catalog.countParts()).toBe(before);
  });
});

describe('GET /api/admin/stats', () => {
  test('real counts for admins; 401 guest, 403 user', async () => {
    await expectRejected(api.call('GET', '/api/admin/stats'), 401);
    await expectRejected(api.call('GET', '/api/admin/stats', { cookie: customer }), 403);
    const res = await api.call('GET', '/api/admin/stats', { cookie: admin });
    expect(await res.json()).toEqual({
      totalCategories: await api.deps.catalog.countCategories(),
      totalManufacturers: await api.deps.catalog.countManufacturers(),
      // The index's count (ADR 040), kept equal to the table's by the consistency check.
      totalParts: await api.deps.search.count(),
      pendingQuotes: await api.deps.quotes.countQuoteRequests('pending'),
    });
    const stats = (await (await api.call('GET', '/api/admin/stats', { cookie: admin })).json()) as { totalCategories: number };
    expect(stats.totalCategories).toBeGreaterThan(0);
  });
});

describe('one owner per rule: the same refusal reads the same wherever it is raised', () => {
  test('uniqueness and reference refusals name the form field they are about', async () => {
    const existing = await api.deps.catalog.createPart(partBody());
    const slugClash = await expectRejected(api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), slug: existing.slug } }), 409);
    expect(slugClash.issues).toEqual([{ path: 'slug', message: slugClash.message }]);
    const numberClash = await expectRejected(api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), partNumber: existing.partNumber } }), 409);
    expect(numberClash.issues).toEqual([{ path: 'partNumber', message: numberClash.message }]);
    const noCategory = await expectRejected(
      api.call('POST', '/api/parts', { cookie: admin, json: { ...partBody(), categoryId: 555_555 } }),
      400,
      'Category not found',
    );
    expect(noCategory.issues).toEqual([{ path: 'categoryId', message: 'Category not found' }]);
    const noMaker = await expectRejected(
      api.call('PUT', `/api/parts/${existing.id}`, { cookie: admin, json: { ...partBody(), slug: existing.slug, manufacturerId: 555_555 } }),
      400,
      'Manufacturer not found',
    );
    expect(noMaker.issues).toEqual([{ path: 'manufacturerId', message: 'Manufacturer not found' }]);

    const categoryClash = await expectRejected(
      api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ slug: fixture.category.slug }) }),
      409,
    );
    expect(categoryClash.issues).toEqual([{ path: 'slug', message: categoryClash.message }]);
    const noParent = await expectRejected(
      api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput({ parentId: 999_999 }) }),
      400,
      'Parent category not found',
    );
    expect(noParent.issues).toEqual([{ path: 'parentId', message: 'Parent category not found' }]);
    const makerClash = await expectRejected(
      api.call('POST', '/api/manufacturers', { cookie: admin, json: buildManufacturerInput({ slug: fixture.manufacturer.slug }) }),
      409,
    );
    expect(makerClash.issues).toEqual([{ path: 'slug', message: makerClash.message }]);
  });

  test('the repository refuses a parent cycle in the words the API uses, with the field', async () => {
    const root = await api.deps.catalog.createCategory(buildCategoryInput());
    const child = await api.deps.catalog.createCategory(buildCategoryInput({ parentId: root.id }));
    const attempt = api.deps.catalog.updateCategory(root.id, { name: root.name, slug: root.slug, parentId: child.id });
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      message: 'A category cannot be placed under one of its own subcategories',
      issues: [{ path: 'parentId', message: 'A category cannot be placed under one of its own subcategories' }],
    });
    await expect(api.deps.catalog.updateCategory(987_654, buildCategoryInput())).rejects.toMatchObject({ status: 404, message: 'Category not found' });
  });

  test('invalid input reads the same from a body, a query string and a direct repository call', async () => {
    const body = await expectRejected(api.call('POST', '/api/categories', { cookie: admin, json: { name: 'X', slug: 'Not A Slug' } }), 400);
    expect(body.issues?.[0]).toEqual({ path: 'slug', message: body.message });
    const query = await expectRejected(api.call('GET', '/api/parts?sortBy=price'), 400);
    expect(query.issues?.[0]).toEqual({ path: 'sortBy', message: query.message });
    await expect(api.deps.catalog.createCategory({ name: 'X', slug: 'Not A Slug' })).rejects.toMatchObject({ message: body.message, issues: body.issues });
  });
});
