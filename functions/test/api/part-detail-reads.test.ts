import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PartView } from '@parts/shared/schemas';
import { partViewOf } from '../../src/modules/catalog/catalog-service';
import { buildCategoryInput, buildManufacturerInput, buildPartInput, unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';

/**
 * The part page's read (issue 18, ADR 086): at most one round trip to the table per GET
 * /api/parts/:slug, counted on the DynamoDB client every repository sends through, with an admin's
 * change shown at once and the table answering whatever the search index cannot.
 */
let api: Api;
let admin: string;
let category: { id: number; name: string; slug: string };
let manufacturer: { id: number; name: string; slug: string };
let sent: string[] | undefined;

beforeAll(async () => {
  api = await createApi();
  admin = (await api.admin()).cookie;
  category = (await (await api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput() })).json()) as typeof category;
  manufacturer = (await (await api.call('POST', '/api/manufacturers', { cookie: admin, json: buildManufacturerInput() })).json()) as typeof manufacturer;
  // Every command any repository sends (the document client shares the raw client's middleware stack).
  api.deps.dynamo.middlewareStack.add(
    (next, context) => (args) => {
      sent?.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'countTableRoundTrips' },
  );
});
afterAll(async () => {
  reportRejected('part-detail-reads.test.ts');
  await api.close();
});

/** The response to a request and the table commands sent while it was answered. */
async function counted(path: string): Promise<{ res: Response; commands: string[] }> {
  sent = [];
  try {
    const res = await api.call('GET', path);
    await res.clone().arrayBuffer();
    return { res, commands: sent };
  } finally {
    sent = undefined;
  }
}

async function createPart(overrides: Partial<ReturnType<typeof buildPartInput>> = {}) {
  const input = buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, ...overrides });
  const res = await api.call('POST', '/api/parts', { cookie: admin, json: input });
  expect(res.status).toBe(201);
  return { input, created: (await res.json()) as PartView };
}

async function tableView(slug: string): Promise<PartView> {
  const stored = await api.deps.catalog.getPartBySlug(slug);
  expect(stored).toBeDefined();
  return partViewOf(api.deps.catalog, stored!);
}

describe('GET /api/parts/:slug reads the table at most once', () => {
  test('a part with its category and manufacturer: one round trip at most, the same view the table gives', async () => {
    const { input } = await createPart({ description: 'Read once', image: 'https://example.com/valve.png', price: null });
    const { res, commands } = await counted(`/api/parts/${input.slug}`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as PartView;
    expect(view).toMatchObject({
      name: input.name,
      partNumber: input.partNumber,
      specifications: input.specifications,
      category: { name: category.name, slug: category.slug },
      manufacturer: { name: manufacturer.name, slug: manufacturer.slug },
    });
    expect(commands.length, `table commands: ${commands.join(', ')}`).toBeLessThanOrEqual(1);
    expect(view).toEqual(await tableView(input.slug));
  });

  test('an unknown slug: 404 "Part not found" after one round trip at most', async () => {
    const { res, commands } = await counted(`/api/parts/${unique('no-such-part')}`);
    await expectRejected(res, 404, 'Part not found');
    expect(commands.length, `table commands: ${commands.join(', ')}`).toBeLessThanOrEqual(1);
  });

  test("an admin's edit shows on the next read: fields, a new slug (the old one is 404), a renamed category and manufacturer", async () => {
    const { input, created } = await createPart();
    const name = `Edited ${unique('p')}`;
    const slug = unique('edited-part');
    const edit = { ...input, name, slug, price: 99.5, status: 'discontinued' as const, specifications: { stroke: '25 mm' } };
    expect((await api.call('PUT', `/api/parts/${created.id}`, { cookie: admin, json: edit })).status).toBe(200);
    const after = await counted(`/api/parts/${slug}`);
    expect(after.res.status).toBe(200);
    expect(await after.res.json()).toMatchObject({ id: created.id, name, slug, price: 99.5, status: 'discontinued', specifications: { stroke: '25 mm' } });
    expect(after.commands.length).toBeLessThanOrEqual(1);
    await expectRejected(api.call('GET', `/api/parts/${input.slug}`), 404, 'Part not found');

    const categoryName = `Renamed ${unique('c')}`;
    const manufacturerName = `Renamed ${unique('m')}`;
    const categoryEdit = buildCategoryInput({ name: categoryName, slug: category.slug });
    const manufacturerEdit = buildManufacturerInput({ name: manufacturerName, slug: manufacturer.slug });
    expect((await api.call('PUT', `/api/categories/${category.id}`, { cookie: admin, json: categoryEdit })).status).toBe(200);
    expect((await api.call('PUT', `/api/manufacturers/${manufacturer.id}`, { cookie: admin, json: manufacturerEdit })).status).toBe(200);
    category = { ...category, name: categoryName };
    manufacturer = { ...manufacturer, name: manufacturerName };
    const renamed = (await (await api.call('GET', `/api/parts/${slug}`)).json()) as PartView;
    expect(renamed.category).toEqual({ name: categoryName, slug: category.slug });
    expect(renamed.manufacturer).toEqual({ name: manufacturerName, slug: manufacturer.slug });
  });

  test('a part the search index does not hold (written past it, or removed) is read from the table', async () => {
    // Written straight to the table, as the stream indexer would find it later.
    const direct = await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
    const res = await api.call('GET', `/api/parts/${direct.slug}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await tableView(direct.slug));

    const { input, created } = await createPart();
    await api.deps.search.remove([{ id: created.id, version: created.version ?? 1 }]);
    const fallback = await api.call('GET', `/api/parts/${input.slug}`);
    expect(fallback.status).toBe(200);
    expect(await fallback.json()).toEqual(await tableView(input.slug));
  });
});

describe('GET /api/parts/:slug when the search index fails', () => {
  let failing: Api;
  beforeAll(async () => {
    failing = await createApi((deps) => ({
      search: { ...deps.search, partBySlug: () => Promise.reject(new Error('search is down')) },
    }));
  });
  afterAll(() => failing.close());

  test('the part is read from the table, and an unknown slug is still 404', async () => {
    const cookie = (await failing.admin()).cookie;
    const cat = (await (await failing.call('POST', '/api/categories', { cookie, json: buildCategoryInput() })).json()) as { id: number };
    const maker = (await (await failing.call('POST', '/api/manufacturers', { cookie, json: buildManufacturerInput() })).json()) as { id: number };
    const input = buildPartInput({ categoryId: cat.id, manufacturerId: maker.id });
    expect((await failing.call('POST', '/api/parts', { cookie, json: input })).status).toBe(201);
    const res = await failing.call('GET', `/api/parts/${input.slug}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ slug: input.slug, name: input.name });
    await expectRejected(failing.call('GET', `/api/parts/${unique('no-such-part')}`), 404, 'Part not found');
  });
});
