import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsQuerySchema, type PartStatus } from '@parts/shared/schemas';
import { parseSpecifications } from '@parts/shared/spec-values';
import { loadEnv } from '@parts/functions/config/env';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { createOpenSearchClient, createOpenSearchIndex } from '@parts/functions/modules/search/adapters/opensearch';
import type { PartDocument, SearchIndex } from '@parts/functions/modules/search/ports/search-index';

/**
 * One suite, every adapter: the embedded engine always, OpenSearch when OPENSEARCH_URL is set.
 * Every expectation is what a caller of GET /api/parts or /autocomplete would notice.
 */
interface Adapter {
  name: string;
  open(): Promise<{ index: SearchIndex; dispose(): Promise<void> }>;
}

function embedded(name: string, sortInPlaceLimit?: number): Adapter {
  return {
    name,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'search-contract-'));
      // vocabularyRefreshMs 0: a word written by a test is known to the corrections at once.
      const index = createEmbeddedSearchIndex({
        file: join(dir, 'search.sqlite'),
        vocabularyRefreshMs: 0,
        ...(sortInPlaceLimit !== undefined ? { sortInPlaceLimit } : {}),
      });
      return {
        index,
        async dispose() {
          await index.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

const adapters: Adapter[] = [
  embedded('embedded (SQLite FTS5 + columns)'),
  // The same engine forced onto the path it takes for large results (pages read off the kept sort orders).
  embedded('embedded, large-result path', 0),
];
const opensearchUrl = loadEnv().OPENSEARCH_URL;
if (opensearchUrl) {
  adapters.push({
    name: `OpenSearch (${opensearchUrl})`,
    async open() {
      const client = createOpenSearchClient({ node: opensearchUrl, sigv4: false });
      const name = `contract-${randomUUID().slice(0, 8)}`;
      const index = createOpenSearchIndex({ client, index: name });
      return {
        index,
        async dispose() {
          await client.indices.delete({ index: name, ignore_unavailable: true });
          await index.close();
        },
      };
    },
  });
}

const CATEGORIES = {
  hydraulics: { id: 1, name: 'Hydraulic Components', slug: 'hydraulic-components', path: [1] },
  cylinders: { id: 2, name: 'Cylinders', slug: 'cylinders', path: [2, 1] },
  mini: { id: 3, name: 'Mini Cylinders', slug: 'mini-cylinders', path: [3, 2, 1] },
  electrical: { id: 4, name: 'Electrical Controls', slug: 'electrical-controls', path: [4] },
  // A parent with no parts of its own and two children; parts are added to them by one test only.
  pneumatics: { id: 5, name: 'Pneumatics', slug: 'pneumatics', path: [5] },
  valves: { id: 6, name: 'Valves', slug: 'valves', path: [6, 5] },
  fittings: { id: 7, name: 'Fittings', slug: 'fittings', path: [7, 5] },
};
const CATEGORY_BY_ID = new Map(Object.values(CATEGORIES).map((c) => [c.id, c]));
const MAKERS = {
  festo: { id: 10, name: 'Festo', slug: 'festo' },
  siemens: { id: 11, name: 'Siemens', slug: 'siemens' },
  parker: { id: 12, name: 'Parker', slug: 'parker' },
  abb: { id: 13, name: 'ABB', slug: 'abb' },
};

function doc(
  id: number,
  partNumber: string,
  name: string,
  category: keyof typeof CATEGORIES,
  maker: keyof typeof MAKERS,
  extra: { specifications?: Record<string, string>; description?: string; status?: PartStatus; version?: number } = {},
): PartDocument {
  const c = CATEGORIES[category];
  const m = MAKERS[maker];
  const specifications = extra.specifications ?? {};
  return {
    id,
    version: extra.version ?? 1,
    name,
    slug: `part-${id}`,
    partNumber,
    ...(extra.description ? { description: extra.description } : {}),
    status: extra.status ?? 'active',
    price: 100 + id,
    categoryId: c.id,
    categoryPath: c.path,
    categoryAncestors: c.path.slice(1).map((id) => ({ id, name: CATEGORY_BY_ID.get(id)!.name, slug: CATEGORY_BY_ID.get(id)!.slug })),
    categoryName: c.name,
    categorySlug: c.slug,
    manufacturerId: m.id,
    manufacturerName: m.name,
    manufacturerSlug: m.slug,
    specifications,
    specNumbers: parseSpecifications(specifications),
  };
}

const FIXTURE: PartDocument[] = [
  doc(1, '6ES7214-1AG40-0XB0', 'S7-1200 CPU 1214C', 'electrical', 'siemens'),
  doc(2, '6ES7214-1AG40-0XB0-Z', 'CPU expansion board', 'electrical', 'siemens'),
  doc(3, 'X6ES7214-1AG40', 'Signal board', 'electrical', 'siemens'),
  doc(4, 'DSNU-32-100-PPV-A', 'Round cylinder 32', 'mini', 'festo', {
    specifications: { bore: '32 mm', stroke: '100 mm', pressureRating: '10 bar' },
  }),
  doc(5, 'DSNU-50-200-PPV-A', 'Round cylinder 50', 'mini', 'festo', {
    specifications: { bore: '50 mm', stroke: '200 mm', pressureRating: '10 bar' },
  }),
  doc(6, '2H-63-250', 'Heavy duty hydraulic cylinder', 'cylinders', 'parker', {
    specifications: { bore: '2.5 in', stroke: '250 mm', pressureRating: '160 bar' },
  }),
  doc(7, 'PV-046', 'Axial piston pump', 'hydraulics', 'parker', { specifications: { pressureRating: '280 bar' } }),
  doc(8, 'AF09-30-10', 'Contactor', 'electrical', 'abb', { description: 'Coil suited to pneumatic cylinder control' }),
  doc(9, 'VUVG-L14', 'Solenoid valve', 'hydraulics', 'festo', { status: 'discontinued', specifications: { pressureRating: '145 psi' } }),
  doc(10, '3RT2015', 'Contactor relay', 'electrical', 'siemens', { status: 'coming_soon' }),
  doc(11, 'ADP-9', 'Adapter for PV-046 pump', 'hydraulics', 'festo'),
];
const ALL_IDS = FIXTURE.map((d) => d.id);

for (const adapter of adapters) {
  describe(`search contract: ${adapter.name}`, () => {
    let index: SearchIndex;
    let dispose: () => Promise<void>;
    const search = (q: Record<string, unknown>) => index.search(partsQuerySchema.parse({ pageSize: 100, ...q }));
    const ids = async (q: Record<string, unknown>) => (await search(q)).data.map((p) => p.id);
    const suggest = async (q: string, limit: number) => (await index.autocomplete(q, limit)).suggestions;

    beforeAll(async () => {
      ({ index, dispose } = await adapter.open());
      await index.upsert(FIXTURE);
    });
    afterAll(async () => {
      await dispose();
    });

    describe('part numbers, matched normalised', () => {
      it('finds a number typed in lower case with spaces instead of dashes, exact and prefix before infix', async () => {
        expect(await ids({ q: '6es7 214-1ag40' })).toEqual([1, 2, 3]);
      });
      it('ranks the exact part number first, then the longer numbers that start with it', async () => {
        expect(await ids({ q: '6ES7214-1AG40-0XB0' })).toEqual([1, 2]);
        expect(await ids({ q: '6es72141ag400xb0z' })).toEqual([2]);
      });
      it('matches a fragment from the middle of a number, with or without punctuation', async () => {
        expect(await ids({ q: '32-100' })).toEqual([4]);
        expect(await ids({ q: '32100' })).toEqual([4]);
        expect(await ids({ q: 'ppv-a' })).toEqual([4, 5]);
      });
      it('matches a typed prefix of a number without its punctuation', async () => {
        expect(await ids({ q: 'dsnu32' })).toEqual([4]);
        expect(await ids({ q: '2h 63' })).toEqual([6]);
      });
      it('puts an exact part-number match before parts that only mention it in their text', async () => {
        expect(await ids({ q: 'pv-046' })).toEqual([7, 11]);
      });
      it('returns nothing for text with no letters or digits', async () => {
        const res = await search({ q: '--- //' });
        expect(res.total).toBe(0);
        expect(res.data).toEqual([]);
      });
    });

    describe('text', () => {
      it('matches names, manufacturer, category and description', async () => {
        expect((await ids({ q: 'cylinder' })).sort((a, b) => a - b)).toEqual([4, 5, 6, 8]);
        expect((await ids({ q: 'festo' })).sort((a, b) => a - b)).toEqual([4, 5, 9, 11]);
        expect((await ids({ q: 'electrical controls' })).sort((a, b) => a - b)).toEqual([1, 2, 3, 8, 10]);
        expect(await ids({ q: 'pneumatic' })).toEqual([8]);
      });
      it('treats the last word as a prefix (search as you type) and needs every word, or says it dropped one', async () => {
        expect((await ids({ q: 'round cyl' })).sort((a, b) => a - b)).toEqual([4, 5]);
        // A parent category's name finds its descendants' parts (4 and 5 are Mini Cylinders under Hydraulic Components).
        expect(await ids({ q: 'hydraulic cyl' })).toEqual([6, 4, 5]);
        const partial = await search({ q: 'zqxw round' });
        expect(partial.data.map((p) => p.id).sort((a, b) => a - b)).toEqual([4, 5]);
        expect(partial.relaxedQuery).toBe('round');
      });
      it('is case and accent insensitive', async () => {
        expect(await ids({ q: 'SOLÉNOID' })).toEqual([9]);
      });
    });

    describe('filters', () => {
      it('a parent category includes its descendants', async () => {
        expect(await ids({ categoryIds: [1] })).toEqual([4, 5, 6, 7, 11, 9]);
        expect(await ids({ categoryIds: [2] })).toEqual([4, 5, 6]);
        expect(await ids({ categoryIds: [3] })).toEqual([4, 5]);
      });
      it('several categories or manufacturers are alternatives', async () => {
        expect(await ids({ categoryIds: [3, 4] })).toEqual([1, 2, 3, 4, 5, 8, 10]);
        expect(await ids({ manufacturerIds: [10] })).toEqual([4, 5, 11, 9]);
        expect(await ids({ manufacturerIds: [10, 12] })).toEqual([4, 5, 6, 7, 11, 9]);
      });
      it('numeric specification ranges compare in mm and bar, bounds included', async () => {
        expect(await ids({ specifications: { bore: { min: 40 } } })).toEqual([5, 6]);
        expect(await ids({ specifications: { bore: { min: 32, max: 50 } } })).toEqual([4, 5]);
        expect(await ids({ specifications: { bore: { max: 63.5 }, stroke: { min: 150 } } })).toEqual([5, 6]);
        // 145 psi is stored as about 10 bar.
        expect(await ids({ specifications: { pressureRating: { max: 10 } } })).toEqual([4, 5, 9]);
        expect(await ids({ specifications: { pressureRating: { min: 200 } } })).toEqual([7]);
      });
      it('combines text, category, manufacturer and specification filters', async () => {
        expect(await ids({ q: 'cylinder', manufacturerIds: [10] })).toEqual([4, 5]);
        expect(await ids({ q: 'cylinder', categoryIds: [2], specifications: { bore: { min: 60 } } })).toEqual([6]);
        expect(await ids({ q: 'cylinder', categoryIds: [4], manufacturerIds: [10] })).toEqual([]);
      });
      it('lists every status (status is shown, not filtered)', async () => {
        expect((await ids({})).sort((a, b) => a - b)).toEqual(ALL_IDS);
        expect((await search({})).total).toBe(ALL_IDS.length);
      });
    });

    describe('sorts', () => {
      const byPartNumber = [...FIXTURE].sort((a, b) => (a.partNumber.toUpperCase() < b.partNumber.toUpperCase() ? -1 : 1)).map((d) => d.id);
      const byManufacturer = [...FIXTURE]
        .sort(
          (a, b) =>
            a.manufacturerName.toLowerCase().localeCompare(b.manufacturerName.toLowerCase()) ||
            (a.partNumber.toUpperCase() < b.partNumber.toUpperCase() ? -1 : 1),
        )
        .map((d) => d.id);
      it('part number, ascending and descending', async () => {
        expect(await ids({ sortBy: 'partNumber', sortOrder: 'asc' })).toEqual(byPartNumber);
        expect(await ids({ sortBy: 'partNumber', sortOrder: 'desc' })).toEqual([...byPartNumber].reverse());
      });
      it('manufacturer name (then part number), ascending and descending', async () => {
        expect(await ids({ sortBy: 'manufacturer', sortOrder: 'asc' })).toEqual(byManufacturer);
        expect(await ids({ sortBy: 'manufacturer', sortOrder: 'desc' })).toEqual([...byManufacturer].reverse());
      });
      it('sorts apply to a text query too', async () => {
        expect(await ids({ q: 'cylinder', sortBy: 'partNumber', sortOrder: 'asc' })).toEqual([6, 8, 4, 5]);
        expect(await ids({ q: 'cylinder', sortBy: 'manufacturer', sortOrder: 'desc' })).toEqual([6, 5, 4, 8]);
      });
      it('relevance is best first in both orders; without a query it lists by id, discontinued parts last', async () => {
        expect(await ids({ q: '6es7 214-1ag40', sortOrder: 'asc' })).toEqual([1, 2, 3]);
        expect(await ids({ q: '6es7 214-1ag40', sortOrder: 'desc' })).toEqual([1, 2, 3]);
        expect(await ids({ sortBy: 'relevance' })).toEqual([...ALL_IDS.filter((id) => id !== 9), 9]);
      });
    });

    describe('discontinued parts', () => {
      const pumps = [
        doc(80, 'AA-GP-1', 'Gear pump', 'hydraulics', 'parker', { status: 'discontinued' }),
        doc(81, 'AB-GP-2', 'Gear pump', 'hydraulics', 'abb', { status: 'discontinued' }),
        doc(82, 'ZZ-GP-3', 'Gear pump', 'hydraulics', 'festo'),
        doc(83, 'ZY-GP-4', 'Gear pump', 'hydraulics', 'siemens', { status: 'coming_soon' }),
      ];
      beforeAll(async () => {
        await index.upsert(pumps);
      });
      afterAll(async () => {
        await index.remove(pumps.map((d) => ({ id: d.id, version: d.version })));
      });
      it('rank below the others for equal relevance, on every page', async () => {
        // Same words, so the same relevance: part-number order would put 80 and 81 first.
        expect(await ids({ q: 'gear pump' })).toEqual([83, 82, 80, 81]);
        const pages = await Promise.all([1, 2].map((page) => search({ q: 'gear pump', pageSize: 2, page })));
        expect(pages.map((p) => p.data.map((d) => d.id))).toEqual([
          [83, 82],
          [80, 81],
        ]);
        expect(await ids({ categoryIds: [1], q: 'gear' })).toEqual([83, 82, 80, 81]);
      });
      it('still come first when their part number is typed: relevance before status', async () => {
        expect((await ids({ q: 'AA-GP-1' }))[0]).toBe(80);
        expect((await ids({ q: 'VUVG-L14' }))[0]).toBe(9);
      });
      it('come after the others in a filtered listing without text, and are not moved by an explicit sort', async () => {
        expect(await ids({ categoryIds: [1] })).toEqual([4, 5, 6, 7, 11, 82, 83, 9, 80, 81]);
        const page2 = await search({ categoryIds: [1], pageSize: 4, page: 2 });
        expect(page2.data.map((p) => p.id)).toEqual([11, 82, 83, 9]);
        expect(await ids({ q: 'gear pump', sortBy: 'partNumber' })).toEqual([80, 81, 83, 82]);
      });
      it('are never among the first parts of the unfiltered listing (the home page asks for pageSize=3)', async () => {
        const first = await search({ pageSize: 3 });
        expect(first.data.map((p) => p.status)).not.toContain('discontinued');
        const all = await search({ pageSize: 100 });
        const statuses = all.data.map((p) => p.status);
        expect(statuses.indexOf('discontinued')).toBe(statuses.length - 3);
        const last = await search({ pageSize: 5, page: Math.ceil(all.total / 5) });
        expect(last.data.map((p) => p.id).slice(-3)).toEqual([9, 80, 81]);
      });
    });

    describe('pagination', () => {
      it('pages partition the result with exact total and totalPages', async () => {
        const pages = await Promise.all([1, 2, 3, 4].map((page) => search({ pageSize: 3, page, sortBy: 'partNumber' })));
        for (const p of pages) {
          expect(p.total).toBe(11);
          expect(p.totalPages).toBe(4);
          expect(p.pageSize).toBe(3);
        }
        expect(pages.map((p) => p.data.length)).toEqual([3, 3, 3, 2]);
        expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
        const seen = pages.flatMap((p) => p.data.map((d) => d.id));
        expect(seen.sort((a, b) => a - b)).toEqual(ALL_IDS);
      });
      it('a page past the end is empty but keeps the total', async () => {
        const res = await search({ pageSize: 3, page: 5 });
        expect(res).toMatchObject({ data: [], total: 11, page: 5, totalPages: 4 });
      });
      it('a page size equal to the total gives one full page; an empty result has zero pages', async () => {
        const all = await search({ pageSize: 11 });
        expect(all.totalPages).toBe(1);
        expect(all.data).toHaveLength(11);
        const none = await search({ q: 'nothing-like-this-zzzz' });
        expect(none).toMatchObject({ total: 0, totalPages: 0, data: [] });
      });
      it('the default page size is 9', async () => {
        const res = await index.search(partsQuerySchema.parse({}));
        expect(res.pageSize).toBe(9);
        expect(res.data).toHaveLength(9);
        expect(res.totalPages).toBe(2);
      });
    });

    describe('answer shape and facets', () => {
      it('carries manufacturer and category names and slugs on every part', async () => {
        const res = await search({ q: 'DSNU-32-100-PPV-A' });
        expect(res.data[0]).toMatchObject({
          id: 4,
          name: 'Round cylinder 32',
          slug: 'part-4',
          partNumber: 'DSNU-32-100-PPV-A',
          status: 'active',
          categoryId: 3,
          manufacturerId: 10,
          specifications: { bore: '32 mm', stroke: '100 mm', pressureRating: '10 bar' },
          price: 104,
          manufacturer: { name: 'Festo', slug: 'festo' },
          category: { name: 'Mini Cylinders', slug: 'mini-cylinders' },
        });
      });
      it('counts per category (sub-categories included) and per manufacturer for the current query', async () => {
        const res = await search({ q: 'cylinder' });
        expect(res.total).toBe(4);
        // Mini Cylinders 2 + Cylinders' own 1 = 3 under Cylinders, and the same under Hydraulic Components.
        expect(res.facets.categories).toEqual([
          { id: 2, name: 'Cylinders', slug: 'cylinders', count: 3 },
          { id: 1, name: 'Hydraulic Components', slug: 'hydraulic-components', count: 3 },
          { id: 3, name: 'Mini Cylinders', slug: 'mini-cylinders', count: 2 },
          { id: 4, name: 'Electrical Controls', slug: 'electrical-controls', count: 1 },
        ]);
        expect(res.facets.manufacturers).toEqual([
          { id: 10, name: 'Festo', slug: 'festo', count: 2 },
          { id: 13, name: 'ABB', slug: 'abb', count: 1 },
          { id: 12, name: 'Parker', slug: 'parker', count: 1 },
        ]);
      });
      it('the unfiltered listing counts the whole catalogue', async () => {
        const res = await search({});
        expect(res.total).toBe(11);
        expect(res.facets.categories.map((c) => [c.id, c.count])).toEqual([
          [1, 6],
          [4, 5],
          [2, 3],
          [3, 2],
        ]);
        expect(res.facets.manufacturers.map((m) => [m.name, m.count])).toEqual([
          ['Festo', 4],
          ['Siemens', 4],
          ['Parker', 2],
          ['ABB', 1],
        ]);
      });
      it('the category facet follows a manufacturer filter; the manufacturer facet keeps every manufacturer', async () => {
        const res = await search({ manufacturerIds: [12] });
        expect(res.facets.categories.map((c) => [c.id, c.count])).toEqual([
          [1, 2],
          [2, 1],
        ]);
        expect(res.facets.manufacturers).toEqual((await search({})).facets.manufacturers);
      });
      it('facet counts are disjunctive: ticking a category leaves every category count as it was', async () => {
        const before = await search({});
        const ticked = await search({ categoryIds: [3] });
        expect(ticked.total).toBe(2);
        // The siblings and the rest keep their counts: each is what ticking it instead (or as well) adds.
        expect(ticked.facets.categories).toEqual(before.facets.categories);
        // The manufacturer facet follows the category filter: only Festo makes Mini Cylinders.
        expect(ticked.facets.manufacturers.map((m) => [m.name, m.count])).toEqual([['Festo', 2]]);
        // Ticking a second category gives the sum of the two counts shown.
        const count = (id: number) => ticked.facets.categories.find((c) => c.id === id)!.count;
        expect((await search({ categoryIds: [3, 4] })).total).toBe(count(3) + count(4));
      });
      it('each facet ignores its own selection and applies every other filter', async () => {
        const res = await search({ categoryIds: [1], manufacturerIds: [10] });
        expect(res.data.map((p) => p.id)).toEqual([4, 5, 11, 9]);
        // Categories: Festo's parts, whatever their category. Manufacturers: Hydraulic Components' parts, whoever makes them.
        expect(res.facets.categories.map((c) => [c.id, c.count])).toEqual([
          [1, 4],
          [2, 2],
          [3, 2],
        ]);
        expect(res.facets.manufacturers.map((m) => [m.name, m.count])).toEqual([
          ['Festo', 4],
          ['Parker', 2],
        ]);
        // Two manufacturers ticked: the manufacturer counts do not change, the total is their sum.
        const both = await search({ categoryIds: [1], manufacturerIds: [10, 12] });
        expect(both.total).toBe(6);
        expect(both.facets.manufacturers).toEqual(res.facets.manufacturers);
      });
      it('text and specification ranges narrow both facets; selections only the other facet', async () => {
        const text = await search({ q: 'cylinder' });
        const ticked = await search({ q: 'cylinder', categoryIds: [4] });
        expect(ticked.data.map((p) => p.id)).toEqual([8]);
        expect(ticked.facets.categories).toEqual(text.facets.categories);
        expect(ticked.facets.manufacturers.map((m) => [m.name, m.count])).toEqual([['ABB', 1]]);
        const spec = await search({ specifications: { bore: { min: 40 } }, manufacturerIds: [12] });
        expect(spec.data.map((p) => p.id)).toEqual([6]);
        expect(spec.facets.manufacturers.map((m) => [m.name, m.count])).toEqual([
          ['Festo', 1],
          ['Parker', 1],
        ]);
        expect(spec.facets.categories.map((c) => [c.id, c.count])).toEqual([
          [2, 1],
          [1, 1],
        ]);
      });
      it("each facet's count is the total that selecting it alone in that facet returns", async () => {
        const queries: Record<string, unknown>[] = [
          {},
          { q: 'cylinder' },
          { manufacturerIds: [12] },
          { specifications: { pressureRating: { min: 10 } } },
          { q: 'contactor' },
          { categoryIds: [3] },
          { categoryIds: [2, 4], manufacturerIds: [10] },
          { q: 'cylinder', manufacturerIds: [10], specifications: { bore: { min: 1 } } },
        ];
        for (const q of queries) {
          const res = await search(q);
          expect(res.facets.categories.length).toBeGreaterThan(0);
          for (const facet of res.facets.categories) {
            expect({ q, id: facet.id, count: (await search({ ...q, categoryIds: [facet.id] })).total }).toEqual({ q, id: facet.id, count: facet.count });
          }
          for (const facet of res.facets.manufacturers) {
            expect({ q, id: facet.id, count: (await search({ ...q, manufacturerIds: [facet.id] })).total }).toEqual({ q, id: facet.id, count: facet.count });
          }
        }
      });
      it('a parent with no parts of its own shows the sum of its children, with its name', async () => {
        const added = [
          doc(70, 'PN-VALVE-1', 'Pilot valve', 'valves', 'festo'),
          doc(71, 'PN-VALVE-2', 'Flow valve', 'valves', 'parker'),
          doc(72, 'PN-FIT-1', 'Push-in fitting', 'fittings', 'festo'),
        ];
        await index.upsert(added);
        try {
          const all = await search({});
          expect(all.facets.categories.filter((c) => c.id >= 5)).toEqual([
            { id: 5, name: 'Pneumatics', slug: 'pneumatics', count: 3 },
            { id: 6, name: 'Valves', slug: 'valves', count: 2 },
            { id: 7, name: 'Fittings', slug: 'fittings', count: 1 },
          ]);
          expect((await search({ categoryIds: [5] })).total).toBe(3);
          const festo = await search({ manufacturerIds: [10] });
          expect(festo.facets.categories.filter((c) => c.id >= 5).map((c) => [c.id, c.count])).toEqual([
            [5, 2],
            [7, 1],
            [6, 1],
          ]);
        } finally {
          await index.remove(added.map((d) => ({ id: d.id, version: d.version })));
        }
        expect((await search({})).facets.categories.filter((c) => c.id >= 5)).toEqual([]);
      });
    });

    describe('autocomplete', () => {
      it('suggests by part-number prefix, exact first, with the suggestion fields', async () => {
        const suggestions = await suggest('6es7214-1ag40-0xb0', 10);
        expect(suggestions[0]).toEqual({
          id: 1,
          name: 'S7-1200 CPU 1214C',
          partNumber: '6ES7214-1AG40-0XB0',
          manufacturer: 'Siemens',
          category: 'Electrical Controls',
          slug: 'part-1',
        });
        expect(suggestions.map((s) => s.id)).toEqual([1, 2]);
      });
      it('suggests by infix and by name prefix, and never more than the limit', async () => {
        expect((await suggest('6es7', 10)).map((s) => s.id)).toEqual([1, 2, 3]);
        expect((await suggest('sole', 10)).map((s) => s.id)).toEqual([9]);
        expect(await suggest('2h', 10)).toHaveLength(1);
        expect(await suggest('c', 2)).toHaveLength(2);
      });
      it('corrects a mistyped word prefix and says what matched', async () => {
        expect((await suggest('cylindr', 10)).map((s) => s.id).sort((a, b) => a - b)).toEqual([4, 5, 6, 8]);
        const answer = await index.autocomplete('round cyl', 10);
        expect(answer.suggestions.map((s) => s.id)).toEqual([4, 5]);
        expect(answer.highlight?.terms).toContain('round');
        expect((await index.autocomplete('6es7214', 10)).highlight?.partNumber).toBe('6ES7214');
      });
    });

    describe('search that forgives words, never codes', () => {
      it('corrects a typo in a word, ranks exact matches first and says what it searched for', async () => {
        const typo = await search({ q: 'hydraulc cylinder' });
        expect(typo.data.map((p) => p.id)).toEqual([6, 4, 5]);
        expect(typo.correctedQuery).toBe('hydraulic cylinder');
        const exact = await search({ q: 'hydraulic cylinder' });
        expect(exact.data.map((p) => p.id)).toEqual([6, 4, 5]);
        expect(exact.correctedQuery ?? null).toBeNull();
        // A word matched as typed ranks above one matched only through a correction.
        await index.upsert([doc(95, 'PUMP-95', 'Piston pumpe', 'hydraulics', 'abb')]);
        try {
          expect((await ids({ q: 'piston pumpe' }))[0]).toBe(95);
        } finally {
          await index.remove([{ id: 95, version: 1 }]);
        }
        // Two edits in a long word; a parent category's name finds its descendants' parts.
        expect(await ids({ q: 'pnuematic' })).toEqual([8]);
        expect(await ids({ q: 'hydraulic pump' })).toEqual([11, 7]);
      });
      it('never corrects a part number or a number into another', async () => {
        const answer = await search({ q: 'VUVG-L15' });
        expect(answer.total).toBe(0);
        expect(await ids({ q: '6ES7214-1AG41' })).toEqual([]);
        // A number is dropped (and the answer says so), never changed into another.
        const number = await search({ q: 'cylinder 33' });
        expect(number.relaxedQuery).toBe('cylinder');
        expect(number.correctedQuery ?? null).toBeNull();
      });
      it('never corrects a piece of a typed code into a word or another code', async () => {
        const kit = doc(96, 'KIT-96', 'Seal kit for DSNU 32 cylinders', 'mini', 'festo');
        await index.upsert([kit]);
        try {
          // The typed text starts Round cylinder 32's part number (DSNU-32-...) and is written in the kit's name.
          expect(await ids({ q: 'dsnu 32' })).toEqual([4, 96]);
          // One letter off: "dsnv" is part of a typed code, so it is not corrected to the word "dsnu".
          const near = await search({ q: 'dsnv-32' });
          expect(near.total).toBe(0);
          expect(near.didYouMean ?? null).toBeNull();
          // A whole code one character away from an existing one finds nothing either.
          expect(await ids({ q: 'DSNU-32-100-PPV-B' })).toEqual([]);
          expect((await search({ q: 'AF09-30-11' })).total).toBe(0);
          expect((await index.autocomplete('dsnv-32', 10)).suggestions).toEqual([]);
        } finally {
          await index.remove([{ id: 96, version: 1 }]);
        }
      });
      it('finds a code written in a name or description when it is typed without its punctuation', async () => {
        const kit = doc(97, 'STK-97', 'S7-1200 starter kit', 'electrical', 'siemens', { description: 'Mounts on a G1/8 port' });
        await index.upsert([kit]);
        try {
          // Part 1 is the S7-1200 CPU.
          expect(await ids({ q: 's71200' })).toEqual([1, 97]);
          expect(await ids({ q: 'S7-1200 kit' })).toEqual([97]);
          expect(await ids({ q: 's7 1200' })).toEqual([1, 97]);
          expect(await ids({ q: 'g18 port' })).toEqual([97]);
        } finally {
          await index.remove([{ id: 97, version: 1 }]);
        }
      });
      it('matches word forms: plural and singular', async () => {
        expect(await ids({ q: 'solenoid valves' })).toEqual([9]);
        expect(await ids({ q: 'contactors' })).toEqual([10, 8]);
        expect(await ids({ q: 'pumps' })).toEqual([11, 7]);
      });
      it('finds dimensions as typed, unit-aware', async () => {
        expect(await ids({ q: '32x100' })).toEqual([4]);
        expect(await ids({ q: '32 x 100' })).toEqual([4]);
        expect(await ids({ q: 'Ø50 200' })).toEqual([5]);
        expect(await ids({ q: 'bore 32 stroke 100' })).toEqual([4]);
        expect(await ids({ q: 'cylinder 63.5x250' })).toEqual([6]);
        expect(await ids({ q: '160 bar' })).toEqual([6]);
        expect(await ids({ q: '145 psi', sortBy: 'partNumber' })).toEqual([4, 5, 9]);
        // 4000 psi is 275.8 bar: a typed, rounded pressure matches the 280 bar pump.
        expect(await ids({ q: '4000 psi' })).toEqual([7]);
        expect(await ids({ q: 'round cylinder 50 x 200' })).toEqual([5]);
      });
      it('expands the default synonyms', async () => {
        expect(await ids({ q: 'sov' })).toEqual([9]);
        expect(await ids({ q: 'cyl festo' })).toEqual([4, 5]);
      });
      it('relaxes a query that matches nothing, and offers a spelling it knows', async () => {
        const relaxed = await search({ q: 'festo contactor' });
        expect(relaxed.data.map((p) => p.id)).toEqual([10, 8]);
        expect(relaxed.relaxedQuery).toBe('contactor');
        const unknown = await search({ q: 'qqqqqq' });
        expect(unknown.total).toBe(0);
        expect(unknown.didYouMean ?? null).toBeNull();
        // Two letters wrong in a five-letter word: beyond the one edit allowed, so the last relaxation is one edit fuzzier.
        const fuzzier = await search({ q: 'axeel' });
        expect(fuzzier.data.map((p) => p.id)).toEqual([7]);
        expect(fuzzier.relaxedQuery).toBe('axial');
        const spelled = await search({ q: 'siemens solenod' });
        expect(spelled.data.map((p) => p.id)).toEqual([9]);
        expect(spelled.relaxedQuery).toBe('solenoid');
      });
      it('says what matched so names and part numbers can be marked', async () => {
        const words = await search({ q: 'axial pist' });
        expect(words.highlight?.terms).toEqual(expect.arrayContaining(['axial', 'piston']));
        const code = await search({ q: '6es7214' });
        expect(code.highlight?.partNumber).toBe('6ES7214');
      });
    });

    describe('versions', () => {
      it('ignores an older version, accepts a newer one, and keeps a delete against replays', async () => {
        const v1 = doc(50, 'VER-1', 'Versioned part', 'electrical', 'abb', { version: 3 });
        await index.upsert([v1]);
        await index.upsert([{ ...v1, version: 2, name: 'Stale name' }]);
        expect((await search({ q: 'VER-1' })).data[0]?.name).toBe('Versioned part');
        await index.upsert([{ ...v1, version: 4, name: 'Renamed part' }]);
        expect((await search({ q: 'VER-1' })).data[0]?.name).toBe('Renamed part');
        await index.remove([{ id: 50, version: 3 }]);
        expect(await ids({ q: 'VER-1' })).toEqual([50]);
        await index.remove([{ id: 50, version: 4 }]);
        expect(await ids({ q: 'VER-1' })).toEqual([]);
        await index.upsert([{ ...v1, version: 4, name: 'Replayed' }]);
        expect(await ids({ q: 'VER-1' })).toEqual([]);
        expect(await index.count()).toBe(FIXTURE.length);
      });
      it('sorted listings follow writes: a new part, a changed part number and a delete', async () => {
        const sorted = async () => ids({ categoryIds: [4], sortBy: 'partNumber' });
        expect(await sorted()).toEqual([10, 1, 2, 8, 3]);
        const added = doc(60, '6ES7000-0AA00', 'Power module', 'electrical', 'siemens');
        await index.upsert([added]);
        expect(await sorted()).toEqual([10, 60, 1, 2, 8, 3]);
        await index.upsert([{ ...added, version: 2, partNumber: 'ZZ-LAST' }]);
        expect(await sorted()).toEqual([10, 1, 2, 8, 3, 60]);
        expect(await ids({ categoryIds: [4], sortBy: 'manufacturer', sortOrder: 'desc' })).toEqual([60, 3, 2, 1, 10, 8]);
        await index.remove([{ id: 60, version: 2 }]);
        expect(await sorted()).toEqual([10, 1, 2, 8, 3]);
      });
    });

    describe('the part page: a document by its slug', () => {
      it('answers the whole document with category and manufacturer names and slugs, and only for the exact slug', async () => {
        const { categoryAncestors: _ancestors, ...expected } = FIXTURE[3]!;
        const found = await index.partBySlug('part-4');
        expect(found).toMatchObject(expected);
        for (const derived of ['slugKey', 'partNumberNorm', 'allWords', 'categoryWords', 'statusRank']) expect(found).not.toHaveProperty(derived);
        expect(await index.partBySlug('part-')).toBeUndefined();
        expect(await index.partBySlug('PART-4')).toBeUndefined();
        expect(await index.partBySlug('no-such-part')).toBeUndefined();
      });
      it('follows writes at once: a new part, a changed slug, a delete; a slug two documents hold is no answer', async () => {
        const added = doc(120, 'SLUG-120', 'Slug follower', 'electrical', 'abb', { description: 'First words' });
        await index.upsert([added]);
        expect(await index.partBySlug('part-120')).toMatchObject({ id: 120, name: 'Slug follower', description: 'First words' });
        await index.upsert([{ ...added, version: 2, slug: 'renamed-120', name: 'Renamed follower' }]);
        expect(await index.partBySlug('part-120')).toBeUndefined();
        expect(await index.partBySlug('renamed-120')).toMatchObject({ id: 120, version: 2, name: 'Renamed follower' });
        // A stale document still holding a slug another part took: the caller asks the table.
        await index.upsert([{ ...doc(121, 'SLUG-121', 'Slug taker', 'electrical', 'abb'), slug: 'renamed-120' }]);
        expect(await index.partBySlug('renamed-120')).toBeUndefined();
        await index.remove([{ id: 121, version: 1 }]);
        expect(await index.partBySlug('renamed-120')).toMatchObject({ id: 120 });
        await index.remove([{ id: 120, version: 2 }]);
        expect(await index.partBySlug('renamed-120')).toBeUndefined();
        expect(await index.count()).toBe(FIXTURE.length);
      });
    });
  });
}
