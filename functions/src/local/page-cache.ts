import { cacheKeyQuery } from '@parts/shared/cache-keys';
import { isPersonalRequest } from '../http/cache';
import { acceptsGzip, compressible, gzip } from './compression';

/**
 * The local server's shared cache, as CloudFront is on AWS (ADR 135, docs/caching.md): public pages and public
 * GET API answers kept in memory under the same keys (the path and the query strings CloudFront's cache policy
 * keys that path on; only those reach the origin) for the origin's own s-maxage, then served stale for its
 * stale-while-revalidate while one background request refreshes them. Bounded (least recently used out first).
 * Never used for a request with a session cookie or credentials (an admin sees the origin at once), for any
 * method but GET, or for an answer that is not `public` with an s-maxage. A successful write to the catalogue
 * (parts, categories, manufacturers, imports, the admin's routes) empties it. As CloudFront, it keeps the compressed
 * copy of an entry next to the plain one: gzipped once, on the first request that accepts gzip (ADR 151).
 */
export interface PageCacheOptions {
  /** Most entries kept (default 5,000); 0 turns the cache off. */
  maxEntries?: number;
  /** Most bytes of bodies kept (default 64 MB). */
  maxBytes?: number;
  /** The clock, in ms (tests move it instead of waiting). */
  now?: () => number;
}

type Origin = (request: Request) => Promise<Response>;

interface Entry {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  etag: string | null;
  storedAt: number;
  freshMs: number;
  staleMs: number;
  /** The body gzipped, made on the first request that accepts it (when CloudFront would compress the answer). */
  gzipped?: Promise<Uint8Array>;
}

/** Writes after which the catalogue's pages and answers may differ: the cache is emptied (ADR 135). */
const INVALIDATING_PREFIXES = ['/api/parts', '/api/categories', '/api/manufacturers', '/api/imports', '/api/uploads', '/api/admin'];
const DEFAULT_MAX_ENTRIES = 5_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** s-maxage and stale-while-revalidate of a shareable answer, in ms; null when a shared cache must not keep it. */
export function sharedLifetime(cacheControl: string | null): { freshMs: number; staleMs: number } | null {
  if (!cacheControl) return null;
  const directives = new Map<string, string | undefined>(
    cacheControl
      .toLowerCase()
      .split(',')
      .map((d): [string, string | undefined] => {
        const [name = '', value] = d.trim().split('=');
        return [name, value];
      }),
  );
  if (!directives.has('public') || directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  const sMaxAge = Number(directives.get('s-maxage'));
  if (!Number.isFinite(sMaxAge) || sMaxAge <= 0) return null;
  const swr = Number(directives.get('stale-while-revalidate') ?? 0);
  return { freshMs: sMaxAge * 1000, staleMs: Number.isFinite(swr) && swr > 0 ? swr * 1000 : 0 };
}

const etagMatches = (etag: string | null, ifNoneMatch: string | null) => {
  if (!etag || !ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => strip(tag) === strip(etag));
};

/** The entry's headers for one answer, and whether CloudFront would compress it (then it varies on Accept-Encoding). */
function answerHeaders(entry: Entry, state: 'hit' | 'miss' | 'stale', nowMs: number): { headers: Headers; compress: boolean } {
  const headers = new Headers(entry.headers);
  headers.set('age', String(Math.max(0, Math.floor((nowMs - entry.storedAt) / 1000))));
  headers.set('x-cache', state);
  const compress = !headers.has('content-encoding') && compressible(headers.get('content-type'), entry.body.byteLength);
  if (compress && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Accept-Encoding');
  return { headers, compress };
}

const notModified = (headers: Headers) => {
  for (const name of [...headers.keys()]) if (!['cache-control', 'etag', 'age', 'x-cache', 'vary'].includes(name)) headers.delete(name);
  return new Response(null, { status: 304, headers });
};

export function createPageCache(options: PageCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | undefined>>();
  let bytes = 0;
  /** Bumped by every clear: an answer fetched before a write is not stored after it. */
  let generation = 0;

  /** Bytes of each kept compressed copy, counted with the entry's body while the entry is kept. */
  const gzippedBytes = new WeakMap<Entry, number>();
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength + (gzippedBytes.get(entry) ?? 0);
    entries.delete(key);
  };
  const evict = () => {
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  };
  const store = (key: string, entry: Entry) => {
    remove(key);
    if (entry.body.byteLength > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    evict();
  };
  const clear = () => {
    generation += 1;
    entries.clear();
    bytes = 0;
  };

  /** Asks the origin once for a key (concurrent misses wait for the same answer); stores it when shareable. */
  const fetchInto = (key: string, forwarded: Request, origin: Origin): { entry: Promise<Entry | undefined>; response?: Promise<Response> } => {
    const pending = inFlight.get(key);
    if (pending) return { entry: pending };
    const startedIn = generation;
    let resolveResponse!: (r: Response) => void;
    const response = new Promise<Response>((resolve) => (resolveResponse = resolve));
    const entry = (async () => {
      try {
        const answer = await origin(forwarded);
        const lifetime =
          (answer.status === 200 || answer.status === 404) && !answer.headers.has('set-cookie') ? sharedLifetime(answer.headers.get('cache-control')) : null;
        if (!lifetime) {
          resolveResponse(answer);
          return undefined;
        }
        const made: Entry = {
          status: answer.status,
          headers: [...answer.headers],
          body: new Uint8Array(await answer.arrayBuffer()),
          etag: answer.headers.get('etag'),
          storedAt: now(),
          ...lifetime,
        };
        if (startedIn === generation) store(key, made);
        return made;
      } finally {
        inFlight.delete(key);
      }
    })();
    entry.catch(() => undefined);
    inFlight.set(key, entry);
    return { entry, response };
  };

  /** The entry's compressed copy, made once (its bytes counted against the cache's bound while the entry is kept). */
  const gzippedBody = (key: string, entry: Entry): Promise<Uint8Array> =>
    (entry.gzipped ??= gzip(entry.body).then((made) => {
      if (entries.get(key) === entry) {
        gzippedBytes.set(entry, made.byteLength);
        bytes += made.byteLength;
        evict();
      }
      return made;
    }));

  const answer = async (request: Request, key: string, entry: Entry, state: 'hit' | 'miss' | 'stale'): Promise<Response> => {
    const { headers, compress } = answerHeaders(entry, state, now());
    if (etagMatches(entry.etag, request.headers.get('if-none-match'))) return notModified(headers);
    if (request.method === 'HEAD') return new Response(null, { status: entry.status, headers });
    if (compress && acceptsGzip(request.headers.get('accept-encoding'))) {
      const body = await gzippedBody(key, entry);
      headers.set('content-encoding', 'gzip');
      headers.set('content-length', String(body.byteLength));
      return new Response(body, { status: entry.status, headers });
    }
    return new Response(entry.body, { status: entry.status, headers });
  };

  /** The answer to `request`, from the cache or from `origin`. */
  async function handle(request: Request, origin: Origin): Promise<Response> {
    const url = new URL(request.url);
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') {
      const response = await origin(request);
      if (response.status < 400 && INVALIDATING_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) clear();
      return response;
    }
    const keyQuery = maxEntries > 0 && !isPersonalRequest(request) ? cacheKeyQuery(url.pathname) : null;
    if (!keyQuery) return origin(request);
    // Only the key's query strings reach the origin, as CloudFront forwards them: an answer always matches its key.
    const query = new URLSearchParams([...url.searchParams].filter(([name]) => keyQuery.includes(name)));
    const key = `${url.pathname}?${query.toString()}`;
    const forwardedUrl = new URL(url);
    forwardedUrl.search = query.toString();
    const forwarded = () => {
      const headers = new Headers(request.headers);
      headers.delete('if-none-match');
      headers.delete('if-modified-since');
      return new Request(forwardedUrl, { method: 'GET', headers });
    };

    const cached = entries.get(key);
    if (cached) {
      const age = now() - cached.storedAt;
      if (age < cached.freshMs + cached.staleMs) {
        entries.delete(key);
        entries.set(key, cached);
        if (age < cached.freshMs) return answer(request, key, cached, 'hit');
        // Stale but within stale-while-revalidate: this answer now, one refresh behind it.
        if (!inFlight.has(key)) void fetchInto(key, forwarded(), origin).response?.then((r) => r.body?.cancel());
        return answer(request, key, cached, 'stale');
      }
      remove(key);
    }
    const { entry, response } = fetchInto(key, forwarded(), origin);
    const made = await entry;
    if (made) return answer(request, key, made, 'miss');
    if (response) {
      const own = await response;
      return request.method === 'HEAD' ? new Response(null, { status: own.status, headers: own.headers }) : own;
    }
    // Waited for another request's answer, which could not be shared: ask the origin ourselves.
    return origin(forwarded());
  }

  /** Resolves when no request to the origin is under way (the background refreshes included). */
  const idle = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
  };

  return { handle, clear, idle, size: () => entries.size };
}

export type PageCache = ReturnType<typeof createPageCache>;
