import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { PRIVATE_CACHE_CONTROL, SESSION_COOKIE_NAME, publicCacheControl, type CacheLifetime } from '@parts/shared/http-cache';

/** True when the request carries a session or credentials: its answer stays out of shared caches (ADR 134). */
export function isPersonalRequest(request: Request): boolean {
  if (request.headers.has('authorization')) return true;
  const cookies = request.headers.get('cookie');
  return cookies !== null && new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=`).test(cookies);
}

/**
 * The query cache's clocks in a page's dehydrated state (web/src/app/ssr-state.ts): they change with every render
 * while what the page shows does not, so the weak ETag ("the same content") is computed without them.
 */
const RENDER_CLOCKS = /"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** A weak ETag over the body (SHA-1), and 304 with no body when the request's If-None-Match holds it. */
export const bodyEtag = (): MiddlewareHandler =>
  etag({
    weak: true,
    generateDigest: (body) => crypto.subtle.digest('SHA-1', encoder.encode(decoder.decode(body).replace(RENDER_CLOCKS, '"_":0'))),
  });

/**
 * A public GET answer (ADR 134): Cache-Control with the lifetime's s-maxage and stale-while-revalidate for
 * CloudFront and the local page cache, max-age=0 for browsers, and an ETag so their repeat requests get 304s.
 * Asked with a session cookie it is `private, no-cache` (still with its ETag): no shared cache keeps it.
 * Errors other than 404 carry no Cache-Control (CloudFront keeps them 10 s by default; the local cache never).
 */
export function publicAnswer(lifetime: CacheLifetime, notFound?: CacheLifetime): MiddlewareHandler {
  const tag = bodyEtag();
  return (c, next) =>
    tag(c, async () => {
      await next();
      const status = c.res.status;
      const chosen = status === 200 ? lifetime : status === 404 ? notFound : undefined;
      if (!chosen || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return;
      c.res.headers.set('cache-control', isPersonalRequest(c.req.raw) ? PRIVATE_CACHE_CONTROL : publicCacheControl(chosen));
    });
}
