import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partListResponseSchema, suggestionSchema } from '@parts/shared/schemas';
import { createApi, type Api } from '../api/api-helpers';
import { buildCategoryInput, buildManufacturerInput, buildPartInput, unique } from '../support/builders';

describe('GET /api/parts and /api/parts/autocomplete', () => {
  let api: Api;
  let parentId: number;
  let childId: number;
  let makerId: number;
  let otherMakerId: number;
  const prefix = `RT${Date.now().toString(36).toUpperCase()}`;

  beforeAll(async () => {
    api = await createApi();
    const { catalog, searchSync } = api.deps;
    parentId = (await catalog.createCategory(buildCategoryInput({ name: 'Pneumatics' }))).id;
    childId = (await catalog.createCategory(buildCategoryInput({ name: 'Valves', parentId }))).id;
    makerId = (await catalog.createManufacturer(buildManufacturerInput({ name: 'Festo' }))).id;
    otherMakerId = (await catalog.createManufacturer(buildManufacturerInput({ name: 'SMC' }))).id;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const part = await catalog.createPart(
        buildPartInput({
          categoryId: i % 2 === 0 ? childId : parentId,
          manufacturerId: i < 8 ? makerId : otherMakerId,
          partNumber: `${prefix}-${String(i).padStart(2, '0')}`,
          name: `Valve body ${i}`,
          specifications: { bore: `${10 + i * 5} mm` },
        }),
      );
      ids.push(part.id);
    }
    await searchSync.partsChanged(ids);
  });
  afterAll(async () => {
    await api.close();
  });

  const getJson = async (path: string) => {
    const res = await api.call('GET', path);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it.each([
    ['page 0', 'page=0'],
    ['a negative page', 'page=-1'],
    ['a page size above 100', 'pageSize=101'],
    ['a text page', 'page=two'],
    ['a non-integer category id', 'categoryId=abc'],
    ['a fractional manufacturer id', 'manufacturerId=1.5'],
    ['a second, bad category id', 'categoryId=1&categoryId=x'],
    ['specifications that are not JSON', 'specifications=%7Bbore'],
    ['specifications that are not an object', 'specifications=%5B1%5D'],
    ['a specification bound that is not a number', `specifications=${encodeURIComponent('{"bore":{"min":"ten"}}')}`],
    ['min above max', `specifications=${encodeURIComponent('{"bore":{"min":50,"max":10}}')}`],
    ['an unknown sortBy', 'sortBy=price'],
    ['an unknown sortOrder', 'sortOrder=up'],
  ])('answers 400 with a message for %s', async (_label, query) => {
    const { status, body } = await getJson(`/api/parts?${query}`);
    expect(status).toBe(400);
    expect(typeof body.message).toBe('string');
    expect(String(body.message).length).toBeGreaterThan(0);
  });

  it('refuses a specification key the catalogue does not filter on, naming it and the known keys', async () => {
    const { status, body } = await getJson(`/api/parts?specifications=${encodeURIComponent('{"bore":{"min":1},"colour":{"min":1}}')}`);
    expect(status).toBe(400);
    expect(body.message).toBe('Unknown specification filter "colour"; the filters are bore, stroke, pressureRating');
  });

  it('refuses 900 unknown specification keys with one short message, before looking at any part', async () => {
    const many = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, { min: 1 }]));
    const { status, body } = await getJson(`/api/parts?specifications=${encodeURIComponent(JSON.stringify(many))}`);
    expect(status).toBe(400);
    expect(body.message).toBe('At most 3 specification filters');
  });

  it('min above max says so', async () => {
    const { body } = await getJson(`/api/parts?specifications=${encodeURIComponent('{"bore":{"min":50,"max":10}}')}`);
    expect(body.message).toBe('Bore Size (mm): the minimum (50) is above the maximum (10)');
  });

  it('lists with the shared answer shape, defaults and names', async () => {
    const { status, body } = await getJson(`/api/parts?q=${prefix}`);
    expect(status).toBe(200);
    const list = partListResponseSchema.parse(body);
    expect(list).toMatchObject({ total: 12, page: 1, pageSize: 9, totalPages: 2 });
    expect(list.data).toHaveLength(9);
    expect(list.data[0]?.manufacturer?.name).toBe('Festo');
    expect(list.facets.manufacturers.map((m) => [m.name, m.count])).toEqual([
      ['Festo', 8],
      ['SMC', 4],
    ]);
  });

  it('reads repeated ids, the admin query alias, specifications JSON and sorts; empty values count as absent', async () => {
    const spec = encodeURIComponent(JSON.stringify({ bore: { min: 20, max: 40 } }));
    const { status, body } = await getJson(
      `/api/parts?query=${prefix}&categoryId=${childId}&categoryId=${parentId}&manufacturerId=${makerId}&specifications=${spec}&sortBy=partNumber&sortOrder=desc&page=&pageSize=100`,
    );
    expect(status).toBe(200);
    const list = partListResponseSchema.parse(body);
    // bore = 10 + 5i within 20..40 → i = 2..6, all Festo (i < 8).
    expect(list.data.map((p) => p.partNumber)).toEqual([6, 5, 4, 3, 2].map((i) => `${prefix}-0${i}`));
  });

  it('a parent category includes its children', async () => {
    const parent = partListResponseSchema.parse((await getJson(`/api/parts?q=${prefix}&categoryId=${parentId}`)).body);
    const child = partListResponseSchema.parse((await getJson(`/api/parts?q=${prefix}&categoryId=${childId}`)).body);
    expect(parent.total).toBe(12);
    expect(child.total).toBe(6);
  });

  it('autocomplete: fewer than 2 characters gives an empty list', async () => {
    for (const q of ['', 'R', '%20R%20']) {
      const { status, body } = await getJson(`/api/parts/autocomplete?q=${q}`);
      expect(status).toBe(200);
      expect(body).toEqual({ suggestions: [] });
    }
    expect((await getJson('/api/parts/autocomplete')).body).toEqual({ suggestions: [] });
  });

  it('autocomplete: at most 10 suggestions with the spec fields, part-number order for a shared prefix', async () => {
    const { status, body } = await getJson(`/api/parts/autocomplete?q=${prefix.toLowerCase()}`);
    expect(status).toBe(200);
    const suggestions = suggestionSchema.array().parse(body.suggestions);
    expect(suggestions).toHaveLength(10);
    expect(suggestions[0]).toMatchObject({ partNumber: `${prefix}-00`, manufacturer: 'Festo', category: expect.any(String) });
    expect(Object.keys(suggestions[0]!).sort()).toEqual(['category', 'id', 'manufacturer', 'name', 'partNumber', 'slug']);
  });

  it('an admin who saves a part sees it in the next list fetch (SearchSync)', async () => {
    const { catalog, searchSync } = api.deps;
    const pn = unique('RYW').toUpperCase();
    const created = await catalog.createPart(buildPartInput({ categoryId: childId, manufacturerId: makerId, partNumber: pn, name: 'Fresh valve' }));
    await searchSync.partsChanged([created.id]);
    let list = partListResponseSchema.parse((await getJson(`/api/parts?q=${encodeURIComponent(pn)}`)).body);
    expect(list.data.map((p) => p.name)).toEqual(['Fresh valve']);
    await catalog.updatePart(created.id, {
      ...buildPartInput({ categoryId: childId, manufacturerId: makerId }),
      partNumber: pn,
      name: 'Renamed valve',
      slug: created.slug,
    });
    await searchSync.partsChanged([created.id]);
    list = partListResponseSchema.parse((await getJson(`/api/parts?q=${encodeURIComponent(pn)}`)).body);
    expect(list.data.map((p) => p.name)).toEqual(['Renamed valve']);
  });

  it('a renamed category or manufacturer shows on its parts after SearchSync', async () => {
    const { catalog, searchSync } = api.deps;
    const category = await catalog.getCategory(childId);
    await catalog.updateCategory(childId, { name: 'Directional Valves', slug: category!.slug, parentId });
    await searchSync.categoryChanged(childId);
    const maker = await catalog.getManufacturer(otherMakerId);
    await catalog.updateManufacturer(otherMakerId, { name: 'SMC Corporation', slug: `${maker!.slug}-corp` });
    await searchSync.manufacturerChanged(otherMakerId);
    const list = partListResponseSchema.parse((await getJson(`/api/parts?q=${prefix}&pageSize=100&sortBy=partNumber`)).body);
    expect(list.data[0]?.category).toEqual({ name: 'Directional Valves', slug: category!.slug });
    expect(list.data[11]?.manufacturer).toEqual({ name: 'SMC Corporation', slug: `${maker!.slug}-corp` });
    expect(list.facets.categories.find((c) => c.id === childId)?.name).toBe('Directional Valves');
  });

  it('a parent category without parts of its own is counted and named in the facets, and follows a rename', async () => {
    const { catalog, searchSync } = api.deps;
    const root = await catalog.createCategory(buildCategoryInput({ name: 'Factory Automation' }));
    const sensors = await catalog.createCategory(buildCategoryInput({ name: 'Sensors', parentId: root.id }));
    const switches = await catalog.createCategory(buildCategoryInput({ name: 'Switches', parentId: root.id }));
    const tag = unique('FA').toUpperCase();
    const ids: number[] = [];
    for (const [i, categoryId] of [sensors.id, sensors.id, switches.id].entries()) {
      const part = await catalog.createPart(buildPartInput({ categoryId, manufacturerId: makerId, partNumber: `${tag}-${i}`, name: `Proximity unit ${i}` }));
      ids.push(part.id);
    }
    await searchSync.partsChanged(ids);
    const facetOf = async (id: number) => {
      const list = partListResponseSchema.parse((await getJson(`/api/parts?q=${tag}`)).body);
      return list.facets.categories.find((c) => c.id === id);
    };
    expect(await facetOf(root.id)).toEqual({ id: root.id, name: 'Factory Automation', slug: root.slug, count: 3 });
    expect((await facetOf(sensors.id))?.count).toBe(2);
    await catalog.updateCategory(root.id, { name: 'Automation', slug: root.slug, parentId: null });
    await searchSync.categoryChanged(root.id);
    expect(await facetOf(root.id)).toEqual({ id: root.id, name: 'Automation', slug: root.slug, count: 3 });
  });
});

describe("GET /api/parts?pageSize=3 (the home page's featured parts)", () => {
  let api: Api;
  afterAll(async () => {
    await api.close();
  });

  it('never lists a discontinued part while the catalogue has others; a status change moves a part in or out', async () => {
    api = await createApi();
    const { catalog, searchSync } = api.deps;
    const categoryId = (await catalog.createCategory(buildCategoryInput({ name: 'Pumps' }))).id;
    const manufacturerId = (await catalog.createManufacturer(buildManufacturerInput({ name: 'Parker' }))).id;
    // The oldest parts (the first ones the listing would show) are discontinued.
    const statuses = ['discontinued', 'discontinued', 'discontinued', 'active', 'coming_soon', 'active', 'active'] as const;
    const parts = [];
    for (const status of statuses) parts.push(await catalog.createPart(buildPartInput({ categoryId, manufacturerId, status })));
    await searchSync.partsChanged(parts.map((p) => p.id));

    const featured = async () => partListResponseSchema.parse((await api.call('GET', '/api/parts?pageSize=3').then((r) => r.json())) as unknown).data;
    expect((await featured()).map((p) => [p.id, p.status])).toEqual([
      [parts[3]!.id, 'active'],
      [parts[4]!.id, 'coming_soon'],
      [parts[5]!.id, 'active'],
    ]);

    // Discontinuing a featured part replaces it; reactivating an old one brings it back.
    await catalog.updatePart(parts[3]!.id, {
      ...buildPartInput({ categoryId, manufacturerId, status: 'discontinued' }),
      slug: parts[3]!.slug,
      partNumber: parts[3]!.partNumber,
    });
    await catalog.updatePart(parts[0]!.id, {
      ...buildPartInput({ categoryId, manufacturerId, status: 'active' }),
      slug: parts[0]!.slug,
      partNumber: parts[0]!.partNumber,
    });
    await searchSync.partsChanged([parts[3]!.id, parts[0]!.id]);
    expect((await featured()).map((p) => p.id)).toEqual([parts[0]!.id, parts[4]!.id, parts[5]!.id]);
    // The whole listing still shows every part, the discontinued ones last.
    const all = partListResponseSchema.parse(await api.call('GET', '/api/parts?pageSize=100').then((r) => r.json()));
    expect(all.total).toBe(7);
    expect(all.data.slice(-3).map((p) => p.status)).toEqual(['discontinued', 'discontinued', 'discontinued']);
  });
});
