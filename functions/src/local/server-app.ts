import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import type { buildApp } from '../app';
import type { CatalogRepository } from '../modules/catalog';
import { generateSitemaps, SITEMAP_INDEX } from '../modules/catalog';
import { loadRenderer as loadBuiltRenderer, robotsTxt, ROBOTS_CACHE_CONTROL, type PageRenderer } from '../http/pages';
import { localSecurityHeaders } from './security-headers';
import { attachmentDownloads } from './attachment-downloads';
import { SITE_DOWNLOAD_PREFIX } from '../adapters/s3/blob-store';
import { bodyEtag } from '../http/cache';
import type { PageCache } from './page-cache';
import { compressLikeCloudFront } from './compression';

/** The Vite build of web/, relative to this file so any working directory works. */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** The server renderer's build (web/src/entry-server.tsx built with `vite build --ssr`). */
export const WEB_SSR_DIST = fileURLToPath(new URL('../../../web/dist-ssr', import.meta.url));

export { robotsTxt, type PageRenderer, type RendererModule } from '../http/pages';

/**
 * The server renderer from its build, wired to the API in-process; undefined when there is no build
 * (then every page is the SPA shell, as before).
 */
export function loadRenderer(
  api: ReturnType<typeof buildApp>,
  options: { webDist?: string; ssrDist?: string; siteUrl?: string } = {},
): Promise<PageRenderer | undefined> {
  return loadBuiltRenderer(api, {
    entry: join(options.ssrDist ?? WEB_SSR_DIST, 'entry-server.js'),
    webDist: options.webDist ?? WEB_DIST,
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
  });
}

/** How long the local server keeps generated sitemaps before reading the table again. */
const SITEMAP_CACHE_MS = 60_000;

/**
 * The site's address for canonical URLs, robots.txt and the sitemaps: SITE_URL, else the address the
 * server is configured to listen on. Never the Host header of a request (issue 26: 40 Host values made
 * 40 full scans, kept in memory, and robots.txt named the caller's host).
 */
export function configuredSiteUrl(env: { SITE_URL?: string | undefined; HOST: string; PORT: number }): string {
  return env.SITE_URL ?? `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST}:${env.PORT}`;
}

/**
 * Sitemaps on demand (locally; on AWS a scheduled job writes them to the site bucket) for the one
 * configured site address: generated from the table when asked for, kept a minute.
 */
export function sitemapSource(catalog: Pick<CatalogRepository, 'listCategories' | 'listManufacturers' | 'scanParts'>, siteUrl: string) {
  let cache: { at: number; files: Promise<Map<string, string>> } | undefined;
  return (): Promise<Map<string, string>> => {
    if (cache && Date.now() - cache.at < SITEMAP_CACHE_MS) return cache.files;
    const files = new Map<string, string>();
    const made = generateSitemaps({ catalog, siteUrl, writer: { write: async (name, body) => void files.set(name, body) } }).then(() => files);
    const entry = { at: Date.now(), files: made };
    cache = entry;
    made.catch(() => {
      if (cache === entry) cache = undefined;
    });
    return made;
  };
}

/**
 * The API plus the built SPA on one origin, as CloudFront serves them on AWS: /api/* goes to the
 * API (its 404s stay JSON), files come from `webDist`, the public pages are rendered on the server
 * when a renderer is given, and any other GET gets index.html so client routes survive a reload.
 * Returns the API alone when there is no build.
 */
export function createServerApp(
  api: ReturnType<typeof buildApp>,
  webDist = WEB_DIST,
  options: {
    siteUrl?: string;
    render?: PageRenderer;
    sitemaps?: () => Promise<Map<string, string>>;
    uploadOrigins?: readonly string[];
    /** Quote attachments downloaded through the site (`/quotes/…`), forwarded to this S3 endpoint and bucket (ADR 110). */
    attachmentDownloads?: { s3Endpoint: string; bucket: string };
    /** CloudFront's cache in front of it all (ADR 135): public pages and GET API answers kept as CloudFront keeps them. */
    pageCache?: PageCache;
  } = {},
): { app: Hono; servesWeb: boolean } {
  const outer = new Hono();
  // CloudFront's security headers, as production sends them (docs/security.md).
  outer.use('*', localSecurityHeaders(options.uploadOrigins ?? []));
  // Compressed as CloudFront compresses (not the quote attachments, as there): ADR 144.
  outer.use('*', compressLikeCloudFront({ skip: (path) => path.startsWith(SITE_DOWNLOAD_PREFIX) }));
  const app = new Hono();
  const { pageCache } = options;
  outer.all('*', (c) => (pageCache ? pageCache.handle(c.req.raw, async (request) => app.fetch(request, c.env)) : app.fetch(c.req.raw, c.env)));
  app.route('/', api);
  if (options.attachmentDownloads) {
    const downloads = attachmentDownloads(options.attachmentDownloads);
    app.on(['GET', 'HEAD'], `${SITE_DOWNLOAD_PREFIX}*`, downloads);
  }
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) return { app: outer, servesWeb: false };
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.get('/robots.txt', (c) => {
    c.header('cache-control', ROBOTS_CACHE_CONTROL);
    // The configured address only, never the request's Host (issue 26).
    return c.text(robotsTxt(options.siteUrl));
  });
  const { sitemaps } = options;
  if (sitemaps) {
    const serve = async (c: Context, name: string) => {
      const body = (await sitemaps()).get(name);
      if (body === undefined) return c.text('Not found', 404);
      c.header('content-type', 'application/xml; charset=utf-8');
      c.header('cache-control', 'public, max-age=0, s-maxage=3600');
      return c.body(body);
    };
    app.get(`/${SITEMAP_INDEX}`, (c) => serve(c, SITEMAP_INDEX));
    app.get('/sitemaps/:file', (c) => serve(c, `sitemaps/${c.req.param('file')}`));
  }
  app.use('/assets/*', async (c, next) => {
    await next();
    // Vite fingerprints everything under /assets, so browsers may keep it for good.
    if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  // The build manifest is for the renderer, not for the public.
  app.get('/.vite/*', (c) => c.text('Not found', 404));
  app.get('*', serveStatic({ root: webDist, index: '__index_html_is_served_below__' }));
  const { render } = options;
  if (render) {
    // Rendered pages carry their Cache-Control from the renderer (ADR 134) and an ETag over the HTML: a repeat view is a 304.
    app.get('*', bodyEtag(), async (c, next) => {
      const page = await render(c.req.raw);
      if (!page) return next();
      return page;
    });
  }
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
  return { app: outer, servesWeb: true };
}
