import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import type { Logger } from '../lib/logger';
import type { AppEnv } from './app-env';
import { NOT_FOUND_LIFETIME, publicCacheControl } from '@parts/shared/http-cache';
import { bodyEtag } from './cache';

/** Renders a page as HTML; null when the route is not server-rendered (the SPA shell is served then). */
export type PageRenderer = (request: Request) => Promise<Response | null>;

/** What web/src/entry-server.tsx exports. */
export interface RendererModule {
  createRenderer(options: {
    template: string;
    api: (request: Request) => Response | Promise<Response>;
    siteUrl?: string;
    manifest?: Record<string, { file: string; imports?: string[] }>;
    stylesheets?: Record<string, string>;
    /** The header and footer kept from an earlier page of their variant (ADR 150); false renders them every time. */
    chromeCache?: boolean;
  }): PageRenderer;
}

/** The template's own stylesheets (`<link rel="stylesheet" href="/assets/….css">`) read from `webDist`, by href. */
export function templateStylesheets(template: string, webDist: string): Record<string, string> {
  const stylesheets: Record<string, string> = {};
  for (const [link] of template.matchAll(/<link rel="stylesheet"[^>]*>/g)) {
    const href = /href="(\/[^"]+\.css)"/.exec(link)?.[1];
    const file = href ? join(webDist, href) : undefined;
    if (href && file && existsSync(file)) stylesheets[href] = readFileSync(file, 'utf8');
  }
  return stylesheets;
}

/**
 * The server renderer from its build (`entry`, web/dist-ssr/entry-server.js locally, a self-contained
 * bundle in the renderer Lambda), wired to the API in-process; undefined when there is no build.
 * `webDist` holds index.html (the page template), .vite/manifest.json (chunks to preload) and the template's
 * stylesheet (assets/index-….css, its critical CSS inlined per route).
 */
export async function loadRenderer(
  api: { fetch: (request: Request) => Response | Promise<Response> },
  options: { entry: string; webDist: string; siteUrl?: string },
): Promise<PageRenderer | undefined> {
  const indexFile = join(options.webDist, 'index.html');
  if (!existsSync(options.entry) || !existsSync(indexFile)) return undefined;
  const module = (await import(pathToFileURL(options.entry).href)) as RendererModule;
  const manifestFile = join(options.webDist, '.vite', 'manifest.json');
  const template = readFileSync(indexFile, 'utf8');
  return module.createRenderer({
    template,
    // Critical CSS inlined per route (ADR 136): the renderer needs the stylesheet's text.
    stylesheets: templateStylesheets(template, options.webDist),
    ...(existsSync(manifestFile) ? { manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[] }> } : {}),
    api: (request) => api.fetch(request),
    ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
  });
}

/** robots.txt: everything public may be crawled, except the account, quote and admin pages and the API. */
export function robotsTxt(siteUrl: string | undefined): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /api/',
    'Disallow: /auth',
    'Disallow: /quote-request',
    'Allow: /',
    '',
    ...(siteUrl ? [`Sitemap: ${siteUrl.replace(/\/$/, '')}/sitemap.xml`, ''] : []),
  ].join('\n');
}

export const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The renderer Lambda's HTTP app (ADR 080): CloudFront sends it every path outside /api, /assets and the
 * sitemaps, so it answers as the local server does: a public page rendered, an unknown path the rendered
 * not-found page with 404 (the router's catch-all route), a client-only route (/admin, /auth, /account/…,
 * /quote-request) the SPA `shell` (web/dist/index.html) with 200. Only CloudFront reaches it (its function URL's
 * IAM check, ADR 105). Without a renderer build every page answers 503 `no-store`.
 */
export function createPageServer(options: { render?: PageRenderer; shell?: string; siteUrl?: string; logger: Logger }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/robots.txt', (c) => {
    c.header('cache-control', ROBOTS_CACHE_CONTROL);
    // The configured address only, never the request's Host (issue 26); without one, no Sitemap line.
    return c.text(robotsTxt(options.siteUrl));
  });
  const { render } = options;
  // The renderer's Cache-Control (ADR 134) and an ETag over the HTML: CloudFront and browsers revalidate with 304s.
  app.get('*', bodyEtag(), async (c) => {
    if (!render) {
      c.header('cache-control', 'no-store');
      return c.text('The site is not built: run "npm run build -w web" before deploying', 503);
    }
    try {
      const page = await render(c.req.raw);
      if (page) return page;
    } catch (err) {
      options.logger.error('render.failed', { path: c.req.path, error: err instanceof Error ? err.message : String(err) });
      c.header('cache-control', 'no-store');
      return c.text('Service unavailable', 503);
    }
    // Not a server-rendered route: a client-only page, drawn in the browser (the local server does the same).
    if (options.shell) {
      c.header('cache-control', 'no-cache');
      return c.html(options.shell);
    }
    c.header('cache-control', publicCacheControl(NOT_FOUND_LIFETIME));
    return c.text('Not found', 404);
  });
  return app;
}
