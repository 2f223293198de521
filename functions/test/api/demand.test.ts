import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Category, DemandCharts, DemandPage, DemandRow, Manufacturer, PartDemand, QuoteRequest } from '@parts/shared/schemas';
import { buildCategoryInput, buildManufacturerInput, buildPartInput, unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createDemandRecorder, type DemandRecorder } from '../../src/modules/demand';
import { createDemandService } from '../../src/modules/demand/demand-service';
import { demandKeys, rankItem, statusPk, toStoredTerm } from '../../src/modules/demand/adapters/demand-items';
import { silentLogger } from '../../src/lib/logger';

/**
 * Demand signals (issue 31, docs/demand.md) through the app against DynamoDB Local: recorded by the search, the
 * parts list match and a submitted request, ranked and grouped in the admin's listing, marked, exported, and
 * carried over to a part created or imported with the missing number. The recorder is flushed by the test (its
 * timer is long), so nothing waits on time.
 */

let api: Api;
let recorder: DemandRecorder;
let admin: { cookie: string; username: string };
let buyer: { cookie: string; username: string; id: number };
let category: Category;
let manufacturer: Manufacturer;
let request: QuoteRequest;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  api = await createApi((base) => {
    recorder = createDemandRecorder({ repository: base.demand, logger: silentLogger, flushAfterMs: 3_600_000 });
    return { demandRecorder: recorder };
  });
  admin = await api.admin();
  buyer = await api.customer();
  category = await api.deps.catalog.createCategory(buildCategoryInput({ name: `Relays ${unique('c')}` }));
  manufacturer = await api.deps.catalog.createManufacturer(buildManufacturerInput({ name: `Omron ${unique('m')}` }));
  const listed = await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber: 'LISTED-1' }));
  await api.deps.searchSync.partsChanged([listed.id]);

  // Three spellings of one missing part number searched, one search that finds a part, a parts list with an
  // unmatched line, and a request with a free-text line of the same number.
  // Searches are counted from the page's beacon (POST /api/demand/seen), not by the listing's GET.
  for (const q of ['CR600', 'cr-600', 'CR 600']) {
    const listing = (await (await api.call('GET', `/api/parts?q=${encodeURIComponent(q)}`)).json()) as { total: number; data: unknown[] };
    expect((await seen({ kind: 'listing', q, total: listing.total, shown: listing.data.length })).status).toBe(204);
  }
  expect((await seen({ kind: 'listing', q: 'LISTED-1', total: 1, shown: 1 })).status).toBe(204);
  const bom = await api.call('POST', '/api/bom/match', { json: { lines: [{ partNumber: 'XYZ-9000', manufacturer: 'Acme', description: 'Gizmo, blue' }] } });
  expect(bom.status).toBe(200);
  const submitted = await api.call('POST', '/api/quote-requests', {
    cookie: buyer.cookie,
    json: {
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      items: [
        { freeText: { partNumber: 'cr.600', manufacturer: 'Omron', description: 'Relay 24 V' }, quantity: 10 },
        { partId: listed.id, quantity: 1 },
      ],
    },
  });
  expect(submitted.status).toBe(201);
  request = (await submitted.json()) as QuoteRequest;
  await recorder.flush();
});
const seen = (json: unknown) => api.call('POST', '/api/demand/seen', { json });

afterAll(async () => {
  reportRejected('demand.test.ts');
  await api.close();
});

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const body = await r.text();
  expect(r.status, body).toBe(status);
  return (body ? JSON.parse(body) : undefined) as T;
}
const list = (query: string) => json<DemandPage>(api.call('GET', `/api/admin/demand?${query}`, { cookie: admin.cookie }));
const row = (page: DemandPage, key: string): DemandRow | undefined => page.items.find((r) => r.key === key);

describe('recording and grouping', () => {
  test('CR600, cr-600, CR 600 and a free-text cr.600 line are one missing row, with the request it came from', async () => {
    const page = await list('kind=missing&status=all');
    const cr = row(page, 'CR600');
    expect(cr).toMatchObject({ kind: 'missing', count: 4, buyers: 1, manufacturer: 'Omron', description: 'Relay 24 V', status: 'open', partId: null });
    expect(cr!.requests).toEqual([{ id: String(request.id), number: String(request.id) }]);
    expect(['CR600', 'cr-600', 'CR 600', 'cr.600']).toContain(cr!.display);
    expect(cr!.trend).toHaveLength(30);
    expect(cr!.trend.at(-1)).toBe(4);
    expect(page.period).toEqual({ from: expect.any(String), to: today });
  });

  test('an unmatched parts-list line is a missing row with its manufacturer and description', async () => {
    expect(row(await list('kind=missing'), 'XYZ9000')).toMatchObject({
      display: 'XYZ-9000',
      manufacturer: 'Acme',
      description: 'Gizmo, blue',
      count: 1,
      buyers: 0,
    });
  });

  test('zero-result searches are query rows by normalised text; a search that found parts is not', async () => {
    const page = await list('kind=query');
    expect(page.items.map((r) => [r.key, r.count]).sort()).toEqual([
      ['cr 600', 1],
      ['cr-600', 1],
      ['cr600', 1],
    ]);
    expect(row(page, 'listed-1')).toBeUndefined();
  });

  test('a period before the signals has no rows', async () => {
    expect((await list('kind=missing&from=2020-01-01&to=2020-12-31')).items).toEqual([]);
  });

  test('rows come by count, paginated by cursor', async () => {
    const first = await list('kind=missing&limit=1');
    expect(first.items.map((r) => r.key)).toEqual(['CR600']);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`kind=missing&limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((r) => r.key)).toEqual(['XYZ9000']);
    expect(second.nextCursor).toBeNull();
    expect((await list('kind=missing&sort=count&order=asc')).items.map((r) => r.key)).toEqual(['XYZ9000', 'CR600']);
  });
});

describe('charts', () => {
  test('searches, zero results, top queries and click-through by position', async () => {
    const opened = await api.call('POST', '/api/demand/opened', { json: { position: 1, q: 'LISTED-1' } });
    expect(opened.status).toBe(204);
    await recorder.flush();
    const charts = await json<DemandCharts>(api.call('GET', '/api/admin/demand/charts', { cookie: admin.cookie }));
    expect(charts.days.at(-1)).toEqual({ day: today, searches: 4, zeroResults: 3 });
    expect(charts.topQueries).toHaveLength(3);
    expect(charts.clickThrough).toHaveLength(10);
    expect(charts.clickThrough[0]).toEqual({ position: 1, impressions: 1, clicks: 1 });
    expect(charts.clickThrough[1]).toEqual({ position: 2, impressions: 0, clicks: 0 });
  });
});

describe('the page-shown beacon (POST /api/demand/seen)', () => {
  test('counts a listing and a part page shown, not the GETs that served them (a cache may have answered those)', async () => {
    // Words, not a part number: a query row only.
    const q = `gizmo beacon ${unique('w').replace(/[^a-z]/g, '')} blue`;
    expect((await api.call('GET', `/api/parts?q=${encodeURIComponent(q)}`)).status).toBe(200);
    await recorder.flush();
    expect(row(await list('kind=query'), q)).toBeUndefined();
    const filters = { categoryIds: [category.id] };
    expect((await seen({ kind: 'listing', q, total: 0, shown: 0, filters })).status).toBe(204);
    expect((await seen({ kind: 'part', partId: 1 })).status).toBe(204);
    await recorder.flush();
    expect(row(await list('kind=query'), q)).toMatchObject({ count: 1 });
    expect(await api.deps.demand.partCounts(1, today, today)).toEqual([{ day: today, views: 1, requested: expect.any(Number) }]);
  });

  test.each([
    ['an unknown kind', { kind: 'page', q: 'x' }],
    ['a listing without text', { kind: 'listing', q: ' ', total: 0, shown: 0 }],
    ['a negative total', { kind: 'listing', q: 'x', total: -1, shown: 0 }],
    ['an unknown field (no personal data)', { kind: 'listing', q: 'x', total: 0, shown: 0, email: 'a@b.c' }],
    ['a part id that is not a number', { kind: 'part', partId: 'abc' }],
  ])('refuses %s with 400 and a message', async (_name, body) => {
    await expectRejected(seen(body), 400);
  });
});

describe('status and export', () => {
  test('marking a row ignored keeps who and when, and moves it out of the open list', async () => {
    const marked = await json<DemandRow>(api.call('PUT', '/api/admin/demand/missing/XYZ9000/status', { cookie: admin.cookie, json: { status: 'ignored' } }));
    expect(marked).toMatchObject({ key: 'XYZ9000', status: 'ignored', statusBy: admin.username, statusAt: expect.any(String) });
    expect(row(await list('kind=missing'), 'XYZ9000')).toBeUndefined();
    expect(row(await list('kind=missing&status=ignored'), 'XYZ9000')).toMatchObject({ status: 'ignored' });
    await json(api.call('PUT', '/api/admin/demand/missing/XYZ9000/status', { cookie: admin.cookie, json: { status: 'open' } }));
  });

  test('the CSV export has a BOM, the columns and one line per row', async () => {
    const res = await api.call('GET', '/api/admin/demand/export?format=csv&kind=missing', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="demand-missing.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(lines[0]).toBe('Part number,Manufacturer,Description,Count,Buyers,First seen,Last seen,Status,Request numbers');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^[^,]+,Omron,Relay 24 V,4,1,${today},${today},open,#${request.id}$`));
    expect(lines[2]).toBe(`XYZ-9000,Acme,"Gizmo, blue",1,0,${today},${today},open,`);
    const xlsx = await api.call('GET', '/api/admin/demand/export?format=xlsx', { cookie: admin.cookie });
    expect(xlsx.status).toBe(200);
    expect([...new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)]).toEqual([0x50, 0x4b]);
  });
});

describe('carry-over to a new part', () => {
  test('a part created with the missing number gets its demand and lists the request that asked for it', async () => {
    const res = await api.call('POST', '/api/parts', {
      cookie: admin.cookie,
      json: buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber: 'CR-600' }),
    });
    const created = await json<{ id: number; demand: { count: number; requests: PartDemand['requests'] } }>(res, 201);
    expect(created.demand).toEqual({ count: 4, requests: [{ id: String(request.id), number: String(request.id), status: request.status }] });
    expect(await json<PartDemand>(api.call('GET', `/api/admin/parts/${created.id}/demand`, { cookie: admin.cookie }))).toEqual({
      key: 'CR600',
      ...created.demand,
    });
    expect(row(await list('kind=missing'), 'CR600')?.partId).toBe(String(created.id));
  });

  test('a part imported by CSV with the missing number gets its demand', async () => {
    const form = new FormData();
    form.append('columnMapping', JSON.stringify({ Name: 'name', 'Part No': 'partNumber', Category: 'categoryId', Maker: 'manufacturerId' }));
    const csv = `Name,Part No,Category,Maker\r\nGizmo,XYZ 9000,${category.slug},${manufacturer.slug}\r\n`;
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'parts.csv');
    expect(await json(api.call('POST', '/api/parts/import-csv', { cookie: admin.cookie, body: form }))).toMatchObject({ successCount: 1 });
    const linked = row(await list('kind=missing'), 'XYZ9000');
    expect(linked?.partId).toMatch(/^\d+$/);
    expect(await json<PartDemand>(api.call('GET', `/api/admin/parts/${linked!.partId}/demand`, { cookie: admin.cookie }))).toEqual({
      key: 'XYZ9000',
      count: 1,
      requests: [],
    });
  });
});

describe('refusals', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/demand'],
    ['GET', '/api/admin/demand/charts'],
    ['GET', '/api/admin/demand/export'],
    ['PUT', '/api/admin/demand/missing/CR600/status', { status: 'sourced' }],
    ['GET', '/api/admin/parts/1/demand'],
  ];
  test.each(routes)('%s %s: 401 for a guest, 403 for a buyer', async (method, path, body) => {
    await expectRejected(api.call(method, path, { json: body }), 401);
    await expectRejected(api.call(method, path, { cookie: buyer.cookie, json: body }), 403);
  });

  test.each([
    ['kind=parts', 400],
    ['from=2026-13-01', 400],
    ['from=2026-02-30', 400],
    ['from=2026-05-02&to=2026-05-01', 400],
    ['from=2024-01-01&to=2026-01-01', 400],
    ['limit=0', 400],
    ['limit=101', 400],
    ['sort=name', 400],
    ['cursor=nonsense', 400],
  ])('GET /api/admin/demand?%s answers %i with a message', async (query, status) => {
    await expectRejected(api.call('GET', `/api/admin/demand?${query}`, { cookie: admin.cookie }), status);
  });

  test('a bad status, an unknown kind or key, a bad part id', async () => {
    await expectRejected(api.call('PUT', '/api/admin/demand/missing/CR600/status', { cookie: admin.cookie, json: { status: 'done' } }), 400);
    await expectRejected(api.call('PUT', '/api/admin/demand/other/CR600/status', { cookie: admin.cookie, json: { status: 'open' } }), 400);
    await expectRejected(api.call('PUT', '/api/admin/demand/missing/NOPE/status', { cookie: admin.cookie, json: { status: 'open' } }), 404);
    await expectRejected(api.call('GET', '/api/admin/parts/abc/demand', { cookie: admin.cookie }), 400);
    await expectRejected(api.call('GET', '/api/admin/parts/999999/demand', { cookie: admin.cookie }), 404);
    await expectRejected(api.call('GET', '/api/admin/demand/export?format=pdf', { cookie: admin.cookie }), 400);
    await expectRejected(api.call('POST', '/api/demand/opened', { json: { position: 0 } }), 400);
  });
});

describe('ranking by the count over the last 366 days', () => {
  const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const signal = (key: string, day: string, n: number) => ({
    kind: 'missing' as const,
    key,
    days: new Map([[day, n]]),
    firstAt: `${day}T10:00:00.000Z`,
    lastAt: `${day}T10:00:00.000Z`,
    forms: new Map([[key, n]]),
    buyers: new Set<string>(),
    sessions: new Set<string>(),
    requests: [],
  });
  const position = (page: DemandPage, key: string) => {
    const i = page.items.findIndex((r) => r.key === key);
    return i < 0 ? Infinity : i;
  };

  test('a term asked for 50 times 380 days ago ranks below one asked 5 times this year, and above it over a period covering both', async () => {
    const old = unique('OLD')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    const recent = unique('NEW')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    // More terms asked for twice this year than a bounded walk's first page (the 2 rows needed + 20), so a walk that
    // trusted the ranking key for the long period would stop before reaching the old term (its key counts only its
    // last 366 days: 1).
    const fillers = Array.from({ length: 30 }, (_, i) => signal(`${recent}F${i}`, dayBefore(300), 2));
    const batch = (terms: ReturnType<typeof signal>[]) => ({ terms, stats: [], parts: [] });
    await api.deps.demand.apply(batch([signal(old, dayBefore(380), 50)]));
    await api.deps.demand.apply(batch([signal(old, dayBefore(10), 1), signal(recent, dayBefore(10), 5), ...fillers]));

    const year = await list(`kind=missing&status=all&from=${dayBefore(364)}&to=${today}&limit=100`);
    expect(row(year, recent)?.count).toBe(5);
    expect(position(year, recent)).toBeLessThan(position(year, old));

    const both = await list(`kind=missing&status=all&from=${dayBefore(390)}&to=${today}&limit=1`);
    expect(both.items.map((r) => [r.key, r.count])).toEqual([[old, 51]]);
    const next = await list(`kind=missing&status=all&from=${dayBefore(390)}&to=${today}&limit=1&cursor=${both.nextCursor}`);
    expect(next.items.map((r) => [r.key, r.count])).toEqual([[recent, 5]]);
  });
});

describe('ranking by shorter windows: the last 7, 30 and 90 days (ADR 138)', () => {
  const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const term = (key: string, days: [number, number][]) => ({
    kind: 'missing' as const,
    key,
    days: new Map(days.map(([back, n]) => [dayBefore(back), n])),
    firstAt: `${dayBefore(Math.max(...days.map(([b]) => b)))}T10:00:00.000Z`,
    lastAt: `${dayBefore(Math.min(...days.map(([b]) => b)))}T10:00:00.000Z`,
    forms: new Map([[key, 1]]),
    buyers: new Set<string>(),
    sessions: new Set<string>(),
    requests: [],
  });
  const key = (prefix: string) =>
    unique(prefix)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');

  test('a term asked for 40 times 100 days ago and once this week ranks by its recent count over 90, 30 and 7 days, by both over the year', async () => {
    const old = key('WOLD');
    const recent = key('WNEW');
    await api.deps.demand.apply({ terms: [term(old, [[100, 40]])], stats: [], parts: [] });
    await api.deps.demand.apply({ terms: [term(old, [[2, 1]]), term(recent, [[3, 5]])], stats: [], parts: [] });
    const rows = async (from: string) => {
      const page = await list(`kind=missing&status=all&from=${from}&to=${today}&limit=100`);
      return page.items.filter((r) => r.key === old || r.key === recent).map((r) => [r.key, r.count, r.trend.length]);
    };
    for (const back of [89, 29, 6])
      expect(await rows(dayBefore(back))).toEqual([
        [recent, 5, back + 1],
        [old, 1, back + 1],
      ]);
    expect(await rows(dayBefore(364))).toEqual([
      [old, 41, 365],
      [recent, 5, 365],
    ]);
    expect(await rows(dayBefore(1))).toEqual([]);
  });

  test('a term marked ignored leaves the open list of every window and joins the ignored one', async () => {
    const k = key('WIGN');
    await api.deps.demand.apply({ terms: [term(k, [[1, 3]])], stats: [], parts: [] });
    await json(api.call('PUT', `/api/admin/demand/missing/${k}/status`, { cookie: admin.cookie, json: { status: 'ignored' } }));
    for (const back of [6, 29, 89, 364]) {
      const period = `from=${dayBefore(back)}&to=${today}&limit=100`;
      expect(row(await list(`kind=missing&${period}`), k)).toBeUndefined();
      expect(row(await list(`kind=missing&status=ignored&${period}`), k)).toMatchObject({ count: 3, status: 'ignored', statusBy: admin.username });
    }
  });

  test('a term asked for once this week is listed for the last 7 days behind more older terms than one listing reads', async () => {
    // 250 terms asked for 10 times 20 days ago: each one's 7-day ranking item keeps its count over the 7 days up to
    // that write (10), above the recent term's 1, though none of them counts in the last 7 days.
    const prefix = key('WSTALE');
    const stale = Array.from({ length: 250 }, (_, i) => {
      const at = `${dayBefore(20)}T10:00:00.000Z`;
      const stored = toStoredTerm({
        kind: 'missing',
        key: `${prefix}S${i}`,
        count: 10,
        [`d${dayBefore(20).replaceAll('-', '')}`]: 10,
        firstSeen: at,
        lastSeen: at,
      });
      return { ...demandKeys.rank('missing', stored.key, 7), ...rankItem(stored, 7), status: 'open', gsi2pk: statusPk('missing', 'open', 7) };
    });
    for (let i = 0; i < stale.length; i += 25) {
      await api.deps.doc.send(
        new BatchWriteCommand({ RequestItems: { [api.deps.tableName]: stale.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
      );
    }
    const recent = key('WWEEK');
    await api.deps.demand.apply({ terms: [term(recent, [[1, 1]])], stats: [], parts: [] });
    // A listing that reads at most 40 terms (5,000 in the app): the recent term must still be found.
    const service = createDemandService({ demand: api.deps.demand, partNumberOf: async () => undefined, requestStatusOf: async () => undefined, maxScan: 40 });
    const page = await service.list({ kind: 'missing', status: 'all', sort: 'count', order: 'desc', from: dayBefore(6), to: today, limit: 5 });
    expect(page.items.find((r) => r.key === recent)).toMatchObject({ count: 1 });
    expect(page.items.filter((r) => r.key.startsWith(prefix))).toEqual([]);
  });
});
