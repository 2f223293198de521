import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import { seedDemoData } from '../../src/local/seed';
import type { RendererModule } from '../../src/local/server-app';
import type { PartView } from '@parts/shared/schemas';
import { createTestDeps, type TestDeps } from '../support/test-deps';

/**
 * The header and footer the renderer keeps from an earlier page (ADR 150) make the same HTML as React rendering them
 * on every page: the browser hydrates exactly the DOM it would have had. Pages of every header variant (no link
 * active, or Categories, Manufacturers, Support), 404s, odd casing and query strings, each rendered after another page
 * of its variant has filled the cache.
 */
let deps: TestDeps;
let renderKept: (request: Request) => Promise<Response | null>;
let renderFull: (request: Request) => Promise<Response | null>;
let part: PartView;
let other: PartView;

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Shell</title>' +
  '<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  deps = await createTestDeps();
  await seedDemoData({ catalog: deps.catalog, users: deps.users, parts: 12, admin: { username: 'admin', password: 'admin123' } });
  const ids = (await deps.catalog.scanParts(undefined, 100)).items.map((p) => p.id);
  await deps.searchSync.partsChanged(ids);
  const api = buildApp(deps);
  // The web's source, compiled by Vitest (a variable, so the functions' tsc does not type-check TSX).
  const entry = '../../../web/src/entry-server.tsx';
  const { createRenderer } = (await import(/* @vite-ignore */ entry)) as RendererModule;
  const options = { template: TEMPLATE, api: (request: Request) => api.fetch(request), siteUrl: 'https://parts.example.com' };
  renderKept = createRenderer(options);
  renderFull = createRenderer({ ...options, chromeCache: false });
  const list = (await (await api.request('/api/parts?pageSize=12')).json()) as { data: PartView[] };
  const withBoth = list.data.filter((p) => p.manufacturer && p.category);
  expect(withBoth.length).toBeGreaterThanOrEqual(2);
  [part, other] = [withBoth[0]!, withBoth[1]!];
}, 120_000);
afterAll(async () => {
  await deps.close();
});

/** The page's HTML without the query cache's clocks, which differ between any two renders (as the ETag skips them). */
async function html(render: (request: Request) => Promise<Response | null>, path: string): Promise<{ status: number; html: string }> {
  const res = (await render(new Request(`https://parts.example.com${path}`)))!;
  return { status: res.status, html: (await res.text()).replace(/"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"clock":0') };
}

describe('server render with the kept header and footer (ADR 150)', () => {
  test('every public page is the same HTML as with the header and footer rendered by React', async () => {
    const paths = [
      `/part/${part.slug}`,
      `/part/${other.slug}`,
      '/',
      '/privacy',
      '/terms',
      '/catalog',
      `/catalog/${part.category!.slug}`,
      '/Catalog',
      '/catalog?q=valve&page=2',
      '/catalog?q=%22a%26b%3C%27',
      '/manufacturers',
      `/manufacturer/${part.manufacturer!.slug}`,
      '/support',
      '/support/no-such-page',
      '/catalog/no-such-category',
      '/catalog/a/b',
      '/part/this-part-does-not-exist',
      '/no/such/page',
      '/#top',
    ];
    // Twice: the second round finds every variant kept.
    for (const path of [...paths, ...paths]) {
      const kept = await html(renderKept, path);
      const full = await html(renderFull, path);
      expect(kept.status, path).toBe(full.status);
      expect(kept.html, path).toBe(full.html);
      expect(kept.html, path).toContain('<header class="sticky');
      expect(kept.html, path).toContain('All goods are new and surplus.');
    }
  }, 120_000);
});
