import { createHash } from 'node:crypto';
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

/**
 * SHA-1 of the body, without the render clocks, computed in line: Web Crypto's async digest cost about a tenth of the
 * API's CPU per answer in `bench:load` (a job and a transfer for each), node:crypto's a few microseconds.
 */
function digest(body: Uint8Array): ArrayBuffer {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const hash = createHash('sha1');
  const clocks = bytes.includes('dehydratedAt"') || bytes.includes('UpdatedAt"');
  hash.update(clocks ? bytes.toString('utf8').replace(RENDER_CLOCKS, '"_":0') : bytes);
  return new Uint8Array(hash.digest()).buffer;
}

/** A weak ETag over the body (SHA-1), and 304 with no body when the request's If-None-Match holds it. */
export const bodyEtag = (): MiddlewareHandler => etag({ weak: true, generateDigest: digest });

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
