/**
 * HTTP caching of the public catalogue (ADR 134, docs/caching.md): one definition for the origin's
 * Cache-Control (the API, the server renderer), CloudFront's cache behaviours (infra/src/constructs/web.ts)
 * and the local server's page cache (functions/src/local/page-cache.ts), so the lifetimes agree; the keys are in
 * cache-keys.ts (apart, so the renderer does not load the schemas).
 */
export interface CacheLifetime {
  /** How long a shared cache (CloudFront, the local page cache) serves the answer without asking the origin. */
  sMaxAge: number;
  /** After that, how long it may still serve it while it refreshes in the background. */
  staleWhileRevalidate: number;
}

/** Public GET API answers (listing, autocomplete, a part, categories, manufacturers): stale at most 60 s. */
export const API_LIFETIME: CacheLifetime = { sMaxAge: 30, staleWhileRevalidate: 30 };
/** Server-rendered public pages: stale at most 5 minutes. */
export const PAGE_LIFETIME: CacheLifetime = { sMaxAge: 60, staleWhileRevalidate: 240 };
/** A rendered not-found page: a minute, no stale serving (a part created since must show). */
export const NOT_FOUND_LIFETIME: CacheLifetime = { sMaxAge: 60, staleWhileRevalidate: 0 };

/**
 * Browsers keep nothing without asking (max-age=0): each repeat view revalidates with If-None-Match and gets a
 * bodiless 304 while the ETag holds, so an admin's change shows as soon as the shared cache has it.
 */
export function publicCacheControl(lifetime: CacheLifetime): string {
  const swr = lifetime.staleWhileRevalidate > 0 ? `, stale-while-revalidate=${lifetime.staleWhileRevalidate}` : '';
  return `public, max-age=0, s-maxage=${lifetime.sMaxAge}${swr}`;
}

/** A public route asked with a session cookie: never in a shared cache, the browser revalidates each time. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** The cookie whose presence keeps a request out of shared caches (the session; functions/src/http/session.ts). */
export const SESSION_COOKIE_NAME = 'session';
