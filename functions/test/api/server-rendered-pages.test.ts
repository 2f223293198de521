import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Hono } from 'hono';
import { specName } from '@parts/shared/spec-names';
import { buildApp } from '../../src/app';
import { seedDemoData } from '../../src/local/seed';
import { createServerApp, sitemapSource, type RendererModule } from '../../src/local/server-app';
import type { PartView } from '@parts/shared/schemas';
import { createTestDeps, type TestDeps } from '../support/test-deps';

/**
 * The public pages rendered on the server from the web's own components (web/src/entry-server.tsx,
 * loaded from source), against the real table and search index: what a crawler or a link preview
 * sees without running any JavaScript.
 */
let deps: TestDeps;
let app: Hono;
let webDist: string;
let part: PartView;

const TEMPLATE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="description" content="Shell" /><title>Shell</title>' +
  '<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  deps = await createTestDeps();
  await seedDemoData({ catalog: deps.catalog, users: deps.users, parts: 40, admin: { username: 'admin', password: 'admin123' } });
  const ids = (await deps.catalog.scanParts(undefined, 100)).items.map((p) => p.id);
  await deps.searchSync.partsChanged(ids);
  webDist = mkdtempSync(join(tmpdir(), 'parts-ssr-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), TEMPLATE);
  const api = buildApp(deps);
  // The web's source, compiled by Vitest (a variable, so the functions' tsc does not type-check TSX).
  const entry = '../../../web/src/entry-server.tsx';
  const { createRenderer } = (await import(/* @vite-ignore */ entry)) as RendererModule;
  const render = createRenderer({ template: TEMPLATE, api: (request) => api.fetch(request), siteUrl: 'https://parts.example.com' });
  app = createServerApp(api, webDist, { render, siteUrl: 'https://parts.example.com', sitemaps: sitemapSource(deps.catalog) }).app;
  // A part with a manufacturer, a category and specifications.
  const list = (await (await app.request('/api/parts?pageSize=40')).json()) as { data: PartView[] };
  part = list.data.find((p) => p.manufacturer && p.category && Object.keys(p.specifications).length >= 2)!;
  expect(part).toBeDefined();
}, 120_000);
afterAll(async () => {
  rmSync(webDist, { recursive: true, force: true });
  await deps.close();
});

async function page(path: string) {
  const res = await app.request(path);
  return { status: res.status, html: await res.text(), cacheControl: res.headers.get('cache-control') ?? '' };
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

function headTag(html: string, pattern: RegExp): string | undefined {
  const found = pattern.exec(html)?.[1];
  return found === undefined ? undefined : decode(found);
}

describe('server-rendered public pages', () => {
  test('a part page carries its name, part number and specifications in the HTML, with head tags and Product JSON-LD', async () => {
    const { status, html, cacheControl } = await page(`/part/${part.slug}`);
    expect(status).toBe(200);
    expect(cacheControl).toMatch(/s-maxage=\d+/);
    expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
    const text = decode(html);
    const body = text.slice(text.indexOf('<div id="root">'));
    expect(body).toContain(`>${part.name}</h1>`);
    expect(body).toContain(part.partNumber);
    for (const [key, value] of Object.entries(part.specifications)) {
      expect(body).toContain(`>${specName(key)}</dt>`);
      expect(body).toContain(`>${value}</dd>`);
    }
    expect(headTag(html, /<title>([^<]*)<\/title>/)).toBe(`${part.name} - ${part.manufacturer!.name} | Industrial Parts Hub`);
    expect(html).not.toContain('<title>Shell</title>');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(headTag(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`https://parts.example.com/part/${part.slug}`);
    expect(headTag(html, /<meta property="og:title" content="([^"]*)"/)).toContain(part.name);
    expect(headTag(html, /<meta property="og:type" content="([^"]*)"/)).toBe('product');

    const [product, breadcrumbs] = jsonLd(html);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: part.name,
      sku: part.partNumber,
      mpn: part.partNumber,
      brand: { '@type': 'Brand', name: part.manufacturer!.name },
      url: `https://parts.example.com/part/${part.slug}`,
    });
    // An Offer only where the part has a price (never an invented one).
    if (part.price === null) expect(product).not.toHaveProperty('offers');
    else
      expect(product!.offers).toEqual({
        '@type': 'Offer',
        price: part.price.toFixed(2),
        priceCurrency: 'USD',
        url: `https://parts.example.com/part/${part.slug}`,
      });
    expect(product!.additionalProperty).toEqual(
      Object.entries(part.specifications).map(([key, value]) => ({ '@type': 'PropertyValue', name: specName(key), value })),
    );
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const crumbs = (breadcrumbs as { itemListElement: { name: string; position: number; item: string }[] }).itemListElement;
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'Catalog', part.category!.name, part.name]);
    expect(crumbs.map((c) => c.position)).toEqual([1, 2, 3, 4]);

    // The browser gets the data it was rendered with (no second fetch on hydration).
    // As a JSON data block: the CSP (script-src 'self') allows no inline script.
    expect(html).toMatch(/<script type="application\/json" id="ssr-state">\{/);
    expect(html).not.toMatch(/<script>/);
  });

  test('the catalogue, a category and a manufacturer list their parts; search listings are not indexed', async () => {
    const catalog = await page('/catalog');
    expect(catalog.status).toBe(200);
    expect(headTag(catalog.html, /<title>([^<]*)<\/title>/)).toBe('All Parts | Industrial Parts Hub');
    const root = decode(catalog.html.slice(catalog.html.indexOf('<div id="root">')));
    expect(root).toContain('>All Parts</h1>');
    expect(root).toMatch(/\d+ results/);
    expect(root.match(/href="\/part\//g)?.length).toBeGreaterThanOrEqual(9);
    expect(catalog.html).not.toContain('noindex');

    const category = await page(`/catalog/${part.category!.slug}`);
    expect(category.status).toBe(200);
    expect(decode(category.html)).toContain(`>${part.category!.name}</h1>`);
    expect(headTag(category.html, /<link rel="canonical" href="([^"]*)"/)).toBe(`https://parts.example.com/catalog/${part.category!.slug}`);
    expect(jsonLd(category.html)[0]).toMatchObject({ '@type': 'BreadcrumbList' });

    const maker = await page(`/manufacturer/${part.manufacturer!.slug}`);
    expect(maker.status).toBe(200);
    expect(decode(maker.html)).toContain(`>${part.manufacturer!.name}</h1>`);
    expect(decode(maker.html)).toContain(part.name);

    const search = await page(`/catalog?q=${encodeURIComponent(part.partNumber)}`);
    expect(search.status).toBe(200);
    expect(decode(search.html)).toContain(part.partNumber);
    expect(search.html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(headTag(search.html, /<link rel="canonical" href="([^"]*)"/)).toBe('https://parts.example.com/catalog');
  });

  test('home, manufacturers, support and the content pages are complete HTML; home carries the Organization', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(decode(home.html)).toContain('Your Source for Industrial Components');
    expect(home.html).toMatch(/href="\/catalog\/[a-z0-9-]+"/);
    expect(jsonLd(home.html)).toContainEqual(expect.objectContaining({ '@type': 'Organization', name: 'Industrial Parts Hub' }));

    const makers = await page('/manufacturers');
    expect(makers.status).toBe(200);
    expect(decode(makers.html)).toContain(`>${part.manufacturer!.name}</a>`);

    for (const [path, heading] of [
      ['/support', 'Technical Support &amp; Resources'],
      ['/contact', 'Contact Us'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/cookies', 'Cookie Policy'],
    ] as const) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toContain(`>${heading}</h1>`);
      expect(res.html, path).toContain('<link rel="canonical"');
    }
  });

  test('unknown parts, categories, manufacturers and paths answer 404 with the not-found page', async () => {
    const cases = [
      ['/part/no-such-part-anywhere', 'Part Not Found'],
      ['/catalog/no-such-category', 'Category Not Found'],
      ['/manufacturer/no-such-maker', 'Manufacturer Not Found'],
      ['/no/such/page', '404 Page Not Found'],
    ] as const;
    for (const [path, heading] of cases) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain(`>${heading}</h1>`);
      expect(res.cacheControl, path).not.toContain('stale-while-revalidate');
      // A missing page is no copy of another: no canonical link (it pointed to / before).
      expect(res.html, path).not.toContain('rel="canonical"');
    }
  });

  test('a part page, found or not, is rendered after one round trip to the table at most (ADR 086)', async () => {
    const sent: string[] = [];
    const counter = 'countPartPageRoundTrips';
    deps.dynamo.middlewareStack.add(
      (next, context) => (args) => {
        sent.push(context.commandName ?? 'unknown');
        return next(args);
      },
      { step: 'initialize', name: counter },
    );
    try {
      for (const [path, status] of [
        [`/part/${part.slug}`, 200],
        ['/part/no-such-part-anywhere', 404],
      ] as const) {
        sent.length = 0;
        const res = await page(path);
        expect(res.status, path).toBe(status);
        expect(sent.length, `${path}: ${sent.join(', ')}`).toBeLessThanOrEqual(1);
      }
    } finally {
      deps.dynamo.middlewareStack.remove(counter);
    }
  });

  test('pages that are not public stay the SPA shell; robots.txt points at the sitemap', async () => {
    for (const path of ['/admin', '/quote-request', '/auth']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.html, path).toBe(TEMPLATE);
    }
    const robots = await app.request('/robots.txt');
    expect(robots.status).toBe(200);
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Sitemap: https://parts.example.com/sitemap.xml');
  });

  test('the sitemap index and its shard list every part with its lastmod, generated from the table', async () => {
    const index = await app.request('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toContain('application/xml');
    const indexXml = await index.text();
    expect(indexXml).toContain('<loc>https://parts.example.com/sitemaps/1.xml</loc>');
    const shard = await (await app.request('/sitemaps/1.xml')).text();
    const stored = await deps.catalog.getPartBySlug(part.slug);
    expect(shard).toContain(`<url><loc>https://parts.example.com/part/${part.slug}</loc><lastmod>${new Date(stored!.updatedAt).toISOString()}</lastmod></url>`);
    expect(shard).toContain(`<loc>https://parts.example.com/catalog/${part.category!.slug}</loc>`);
    expect(shard.match(/<url>/g)).toHaveLength(8 + (await deps.catalog.listCategories()).length + (await deps.catalog.listManufacturers()).length + 40);
    expect((await app.request('/sitemaps/2.xml')).status).toBe(404);
  });
});
