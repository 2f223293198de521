import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { buildApp } from '../app';
import { localSecurityHeaders } from './security-headers';

/** The Vite build of web/, relative to this file so any working directory works. */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The API plus the built SPA on one origin, as CloudFront serves them on AWS: /api/* goes to the
 * API (its 404s stay JSON), files come from `webDist`, and any other GET gets index.html so client
 * routes survive a reload. Returns the API alone when there is no build.
 */
export function createServerApp(
  api: ReturnType<typeof buildApp>,
  webDist = WEB_DIST,
  options: { uploadOrigins?: readonly string[] } = {},
): { app: Hono; servesWeb: boolean } {
  const app = new Hono();
  // CloudFront's security headers, as production sends them (docs/security.md).
  app.use('*', localSecurityHeaders(options.uploadOrigins ?? []));
  app.route('/', api);
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) return { app, servesWeb: false };
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.use('/assets/*', async (c, next) => {
    await next();
    // Vite fingerprints everything under /assets, so browsers may keep it for good.
    if (c.res.status === 200) c.res.headers.set('cache-control', 'public, max-age=31536000, immutable');
  });
  app.get('*', serveStatic({ root: webDist, index: '__index_html_is_served_below__' }));
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
  return { app, servesWeb: true };
}
