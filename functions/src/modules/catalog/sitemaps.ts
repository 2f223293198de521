import type { CatalogRepository } from './ports/catalog-repository';

/** The sitemap protocol's limit per file (also 50 MB uncompressed, which 50,000 part URLs stay far below). */
export const SITEMAP_MAX_URLS = 50_000;
/** The index file; shards are sitemaps/<n>.xml next to it. */
export const SITEMAP_INDEX = 'sitemap.xml';
export const shardName = (n: number) => `sitemaps/${n}.xml`;

export interface SitemapWriter {
  /** Stores one file (`name` relative to the site root, e.g. sitemaps/1.xml). */
  write(name: string, body: string): Promise<void>;
}

export interface SitemapResult {
  urls: number;
  shards: number;
  ms: number;
}

const PUBLIC_PAGES = ['/', '/catalog', '/manufacturers', '/support', '/contact', '/privacy', '/terms', '/cookies'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** W3C date (what lastmod wants) from the table's ISO timestamp; undefined when there is none. */
function lastmod(updatedAt: string | undefined): string | undefined {
  if (!updatedAt) return undefined;
  const time = Date.parse(updatedAt);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/**
 * Writes the sitemap index and its shards (≤ `shardSize` URLs each) for the whole catalogue: the
 * public pages, every category and manufacturer, and every part with its `updatedAt` as lastmod.
 * Reads the table page by page and holds one shard in memory at a time, so memory stays flat
 * whatever the catalogue's size.
 */
export async function generateSitemaps(options: {
  catalog: Pick<CatalogRepository, 'listCategories' | 'listManufacturers' | 'scanParts'>;
  siteUrl: string;
  writer: SitemapWriter;
  shardSize?: number;
  now?: () => Date;
}): Promise<SitemapResult> {
  const started = Date.now();
  const origin = options.siteUrl.replace(/\/$/, '');
  const shardSize = Math.min(options.shardSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);
  const generatedAt = (options.now ?? (() => new Date()))().toISOString();
  const shards: { name: string; lastmod: string }[] = [];
  let lines: string[] = [];
  let shardLastmod = '';
  let urls = 0;

  const flush = async () => {
    if (lines.length === 0) return;
    const name = shardName(shards.length + 1);
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
    await options.writer.write(name, body);
    shards.push({ name, lastmod: shardLastmod || generatedAt });
    lines = [];
    shardLastmod = '';
  };
  const add = async (path: string, modified?: string) => {
    lines.push(`<url><loc>${escapeXml(`${origin}${path}`)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ''}</url>`);
    if (modified && modified > shardLastmod) shardLastmod = modified;
    urls += 1;
    if (lines.length >= shardSize) await flush();
  };

  for (const path of PUBLIC_PAGES) await add(path);
  const [categories, manufacturers] = await Promise.all([options.catalog.listCategories(), options.catalog.listManufacturers()]);
  for (const category of categories) await add(`/catalog/${encodeURIComponent(category.slug)}`);
  for (const manufacturer of manufacturers) await add(`/manufacturer/${encodeURIComponent(manufacturer.slug)}`);
  let cursor: string | undefined;
  do {
    const page = await options.catalog.scanParts(cursor, 1000);
    for (const part of page.items) await add(`/part/${encodeURIComponent(part.slug)}`, lastmod(part.updatedAt));
    cursor = page.cursor;
  } while (cursor);
  await flush();

  const index =
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    shards.map((s) => `<sitemap><loc>${escapeXml(`${origin}/${s.name}`)}</loc><lastmod>${s.lastmod}</lastmod></sitemap>`).join('\n') +
    `\n</sitemapindex>\n`;
  // The index last: it never names a shard that is not written yet.
  await options.writer.write(SITEMAP_INDEX, index);
  return { urls, shards: shards.length, ms: Date.now() - started };
}
