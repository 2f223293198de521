import { describe, expect, test } from 'vitest';
import type { StoredPart } from './ports/catalog-repository';
import { generateSitemaps, SITEMAP_MAX_URLS } from './sitemaps';

/** A catalogue of `count` parts in pages of 1000, as scanParts serves them. */
function fakeCatalog(count: number) {
  const part = (i: number) => ({ id: i, slug: `part-${i}&co`, updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 300))).toISOString() }) as unknown as StoredPart;
  return {
    listCategories: () => Promise.resolve([{ id: 1, name: 'Valves', slug: 'valves' }]),
    listManufacturers: () => Promise.resolve([{ id: 1, name: 'Acme', slug: 'acme' }]),
    scanParts: (cursor?: string, limit = 500) => {
      const from = Number(cursor ?? 0);
      const to = Math.min(count, from + limit);
      const items = Array.from({ length: to - from }, (_, k) => part(from + k + 1));
      return Promise.resolve(to < count ? { items, cursor: String(to) } : { items });
    },
  };
}

function collect() {
  const files = new Map<string, string>();
  return { files, writer: { write: (name: string, body: string) => Promise.resolve(void files.set(name, body)) } };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

describe('generateSitemaps', () => {
  test('an index and shards of at most shardSize URLs, with every public page, category, manufacturer and part', async () => {
    const { files, writer } = collect();
    const result = await generateSitemaps({ catalog: fakeCatalog(2500), siteUrl: 'https://parts.example.com/', writer, shardSize: 1000 });
    expect(result).toMatchObject({ urls: 8 + 1 + 1 + 2500, shards: 3 });
    const index = files.get('sitemap.xml')!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([1, 2, 3].map((n) => `https://parts.example.com/sitemaps/${n}.xml`));
    const shards = [1, 2, 3].map((n) => files.get(`sitemaps/${n}.xml`)!);
    expect(shards.map((s) => locs(s).length)).toEqual([1000, 1000, 510]);
    const all = shards.flatMap(locs);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('https://parts.example.com/');
    expect(all).toContain('https://parts.example.com/catalog/valves');
    expect(all).toContain('https://parts.example.com/manufacturer/acme');
    // Escaped for XML, encoded for the URL.
    expect(shards[2]).toContain('<loc>https://parts.example.com/part/part-2500%26co</loc><lastmod>2026-');
    // Each shard's lastmod in the index is its newest part's.
    expect(index).toMatch(/<lastmod>2026-10-27T00:00:00.000Z<\/lastmod>/);
  });

  test('never more than 50,000 URLs in a shard, whatever is asked', async () => {
    const { files, writer } = collect();
    const result = await generateSitemaps({ catalog: fakeCatalog(50_000), siteUrl: 'https://p.example', writer, shardSize: 1_000_000 });
    expect(result.shards).toBe(2);
    expect(locs(files.get('sitemaps/1.xml')!)).toHaveLength(SITEMAP_MAX_URLS);
    expect(locs(files.get('sitemaps/2.xml')!)).toHaveLength(10);
  }, 30_000);

  test('the index is written last', async () => {
    const order: string[] = [];
    await generateSitemaps({
      catalog: fakeCatalog(10),
      siteUrl: 'https://p.example',
      writer: { write: (name) => Promise.resolve(void order.push(name)) },
      shardSize: 5,
    });
    // 8 pages, a category, a manufacturer and 10 parts: 4 shards of 5.
    expect(order).toEqual(['sitemaps/1.xml', 'sitemaps/2.xml', 'sitemaps/3.xml', 'sitemaps/4.xml', 'sitemap.xml']);
  });
});
