import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Hono } from 'hono';
import { API_LIFETIME, PAGE_LIFETIME } from '@parts/shared/http-cache';
import type { PartInput, PartView } from '@parts/shared/schemas';
import { createServerApp, type RendererModule } from '../../src/local/server-app';
import { createPageCache, type PageCache } from '../../src/local/page-cache';
import { buildCategoryInput, buildManufacturerInput, buildPartInput } from '../support/builders';
import { createApi, type Api } from './api-helpers';

/**
 * Issue 34, ADR 134/135: public GET answers and server-rendered pages carry an ETag and a Cache-Control with
 * s-maxage and stale-while-revalidate, a repeat request with If-None-Match gets a bodiless 304, personal routes stay
 * `private, no-store`; the local server's page cache keeps public answers as CloudFront does and never shows an
 * admin's change later than the stated lifetime (at once to the admin). The clock is the cache's own, moved by the test.
 */
let api: Api;
let admin: string;
let webDist: string;
let origin: Hono;
let cached: Hono;
let cache: PageCache;
let clock = 1_000_000;
let input: PartInput;
let part: PartView;
let categorySlug: string;
let manufacturerSlug: string;

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Shell</title>' +
  '<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  api = await createApi();
  admin = (await api.admin()).cookie;
  const category = (await (await api.call('POST', '/api/categories', { cookie: admin, json: buildCategoryInput() })).json()) as { id: number; slug: string };
  const manufacturer = (await (await api.call('POST', '/api/manufacturers', { cookie: admin, json: buildManufacturerInput() })).json()) as {
    id: number;
    slug: string;
  };
  categorySlug = category.slug;
  manufacturerSlug = manufacturer.slug;
  input = buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, name: 'Cylinder Alpha' });
  const created = await api.call('POST', '/api/parts', { cookie: admin, json: input });
  expect(created.status).toBe(201);
  part = (await created.json()) as PartView;
  webDist = mkdtempSync(join(tmpdir(), 'parts-cache-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), TEMPLATE);
  const entry = '../../../web/src/entry-server.tsx';
  const { createRenderer } = (await import(/* @vite-ignore */ entry)) as RendererModule;
  const render = createRenderer({ template: TEMPLATE, api: (request) => api.app.fetch(request), siteUrl: 'https://parts.example.com' });
  origin = createServerApp(api.app, webDist, { render }).app;
  cache = createPageCache({ now: () => clock });
  cached = createServerApp(api.app, webDist, { render, pageCache: cache }).app;
}, 120_000);
afterAll(async () => {
  rmSync(webDist, { recursive: true, force: true });
  await api.close();
});

const publicPaths = () => [
  '/api/parts?pageSize=5',
  '/api/parts/autocomplete?q=Cylinder',
  `/api/parts/${part.slug}`,
  '/api/categories',
  `/api/categories/${categorySlug}`,
  '/api/manufacturers',
  `/api/manufacturers/${manufacturerSlug}`,
];

describe('ETag and Cache-Control on public answers', () => {
  test('public GET API answers name their shared lifetime and an ETag; a repeat with If-None-Match is a 304 without a body', async () => {
    for (const path of publicPaths()) {
      const first = await origin.request(path);
      expect(first.status, path).toBe(200);
      expect(first.headers.get('cache-control'), path).toBe(
        `public, max-age=0, s-maxage=${API_LIFETIME.sMaxAge}, stale-while-revalidate=${API_LIFETIME.staleWhileRevalidate}`,
      );
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/".+"$/);
      const again = await origin.request(path, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
    }
  });

  test('server-rendered pages carry an ETag and a public Cache-Control (never no-store, which blocks the back/forward cache); a repeat is a 304', async () => {
    for (const path of [`/part/${part.slug}`, '/catalog', `/manufacturer/${manufacturerSlug}`]) {
      const first = await origin.request(path);
      expect(first.status, path).toBe(200);
      const cacheControl = first.headers.get('cache-control') ?? '';
      expect(cacheControl, path).toBe(`public, max-age=0, s-maxage=${PAGE_LIFETIME.sMaxAge}, stale-while-revalidate=${PAGE_LIFETIME.staleWhileRevalidate}`);
      expect(cacheControl, path).not.toContain('no-store');
      const etag = first.headers.get('etag');
      expect(etag, path).toBeTruthy();
      const again = await origin.request(path, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
    }
  });

  test('admin, account and quote answers stay private and unstored; a public route asked with a session is private too', async () => {
    for (const path of ['/api/admin/stats', '/api/auth/me', '/api/quote-requests']) {
      const res = await origin.request(path, { headers: { cookie: admin } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    const mine = await origin.request(`/api/parts/${part.slug}`, { headers: { cookie: admin } });
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
  });
});

describe('the local page cache: nothing stale that matters', () => {
  const guest = async (path: string) => {
    const res = await cached.request(path);
    return { status: res.status, html: await res.text(), cache: res.headers.get('x-cache') };
  };
  const asAdmin = async (path: string) => (await cached.request(path, { headers: { cookie: admin } })).text();
  const save = async (changes: Partial<PartInput>) => {
    input = { ...input, ...changes };
    const res = await cached.request(`/api/parts/${part.id}`, {
      method: 'PUT',
      headers: { cookie: admin, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(200);
  };

  test('a guest gets the part page from the cache; an admin’s save shows to the guest at once and to the admin always', async () => {
    const path = `/part/${part.slug}`;
    expect((await guest(path)).cache).toBe('miss');
    const again = await guest(path);
    expect(again.cache).toBe('hit');
    expect(again.html).toContain('Cylinder Alpha');
    await save({ name: 'Cylinder Bravo', price: 99.5 });
    expect(await asAdmin(path)).toContain('Cylinder Bravo');
    const afterSave = await guest(path);
    expect(afterSave.html).toContain('Cylinder Bravo');
    expect(afterSave.html).not.toContain('Cylinder Alpha');
  });

  test('a change that bypasses the API (an import’s rows) shows to a guest within the page’s stated lifetime, and to the admin at once', async () => {
    const path = `/part/${part.slug}`;
    await guest(path);
    // Written straight to the table and the index, as an import job does: nothing empties the cache.
    await api.deps.catalog.updatePart(part.id, { ...input, name: 'Cylinder Charlie' });
    await api.deps.searchSync.partsChanged([part.id]);
    expect(await asAdmin(path)).toContain('Cylinder Charlie');
    const fresh = await guest(path);
    expect(fresh.cache).toBe('hit');
    expect(fresh.html).not.toContain('Cylinder Charlie');
    // Past s-maxage: served stale once while one request refreshes it in the background.
    clock += PAGE_LIFETIME.sMaxAge * 1000;
    const stale = await guest(path);
    expect(stale.cache).toBe('stale');
    await cache.idle();
    expect((await guest(path)).html).toContain('Cylinder Charlie');
  });

  test('past s-maxage plus stale-while-revalidate nothing old is served at all', async () => {
    const path = `/part/${part.slug}`;
    await guest(path);
    await api.deps.catalog.updatePart(part.id, { ...input, name: 'Cylinder Delta' });
    await api.deps.searchSync.partsChanged([part.id]);
    clock += (PAGE_LIFETIME.sMaxAge + PAGE_LIFETIME.staleWhileRevalidate) * 1000;
    const late = await guest(path);
    expect(late.cache).toBe('miss');
    expect(late.html).toContain('Cylinder Delta');
  });

  test('a repeat guest request with the cached ETag gets a 304 from the cache', async () => {
    const path = `/api/parts/${part.slug}`;
    const first = await cached.request(path);
    const etag = first.headers.get('etag')!;
    const again = await cached.request(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(await again.text()).toBe('');
  });
});
