import { AUTOCOMPLETE_QUERY_PARAMS, CATALOG_PAGE_QUERY_PARAMS, PART_LIST_QUERY_PARAMS } from './schemas';

/**
 * The keys of the shared caches (ADR 134, ADR 135): which paths CloudFront (infra/src/constructs/web.ts) and the
 * local page cache (functions/src/local/page-cache.ts) keep, and the query strings in each key.
 */
/** Page paths whose HTML depends on the listing's query strings: keyed on them (CloudFront behaviours of their own). */
export const LISTING_PAGE_PATTERNS = ['/catalog', '/catalog/*', '/manufacturer/*'];

/**
 * The public GET API paths a shared cache keeps, in CloudFront's order (first match wins), each with the query
 * strings in its key (and the only ones forwarded to the origin); null: never cached.
 */
export const API_CACHE_KEYS: readonly (readonly [pattern: string, query: readonly string[] | null])[] = [
  ['/api/parts/csv-template', null],
  ['/api/parts/autocomplete', AUTOCOMPLETE_QUERY_PARAMS],
  ['/api/parts', PART_LIST_QUERY_PARAMS],
  ['/api/parts/', PART_LIST_QUERY_PARAMS],
  ['/api/parts/*', []],
  ['/api/categories*', []],
  ['/api/manufacturers*', []],
  ['/api/*', null],
];

/** CloudFront's path pattern: `*` matches any run of characters (including `/`), `?` one character. */
export function matchesPathPattern(pattern: string, path: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`).test(path);
}

/**
 * The query strings in the shared cache's key for a path (pages and public API answers), or null when that path
 * is never cached (the rest of /api, and what CloudFront serves from a bucket: hashed assets, sitemaps, attachments).
 */
export function cacheKeyQuery(path: string): readonly string[] | null {
  if (path.startsWith('/api/')) return API_CACHE_KEYS.find(([pattern]) => matchesPathPattern(pattern, path))?.[1] ?? null;
  if (path === '/api') return null;
  if (path.startsWith('/assets/') || path.startsWith('/sitemap') || path.startsWith('/quotes/')) return null;
  return LISTING_PAGE_PATTERNS.some((pattern) => matchesPathPattern(pattern, path)) ? CATALOG_PAGE_QUERY_PARAMS : [];
}
