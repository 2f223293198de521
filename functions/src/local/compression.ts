import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const gzipAsync = promisify(gzipCallback);

/** What CloudFront compresses: text answers (pages, JSON, scripts, styles, SVG, XML) of at least 1 KB. */
const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:javascript|json|xml|[^;\s]+\+(?:json|xml))|image\/svg\+xml)/i;
const THRESHOLD = 1024;

/** Whether CloudFront would compress an answer of this type and size (when the viewer accepts gzip). */
export const compressible = (contentType: string | null, bytes: number) => bytes >= THRESHOLD && COMPRESSIBLE.test(contentType ?? '');

/** Bytes gzipped at level 9 on libuv's thread pool (off the event loop), for answers compressed once and kept. */
export const gzip = (bytes: Uint8Array): Promise<Uint8Array> =>
  gzipAsync(bytes, { level: 9 }).then((out) => new Uint8Array(out.buffer, out.byteOffset, out.byteLength));

export const acceptsGzip = (header: string | null | undefined) =>
  !!header && /(?:^|,)\s*(?:gzip|\*)\s*(?:;\s*q=(?:1(?:\.0*)?|0?\.\d*[1-9]\d*))?\s*(?:,|$)/i.test(header);

/**
 * The local server's answers compressed as CloudFront compresses them (`compress: true` on every behaviour but the
 * quote attachments, infra/src/constructs/web.ts): gzip for a browser that accepts it, `Vary: Accept-Encoding`.
 * Fingerprinted files under `/assets/` never change, so each is compressed once (off the event loop) and kept; the page
 * cache keeps a compressed copy of each entry it serves compressed (ADR 151); other answers are compressed as they
 * stream out (this middleware leaves an answer that already has a Content-Encoding alone). Without it the mobile profile of `bench:web` (1.6 Mbps) measured
 * a 43 KB page and 420 KB of script a buyer never downloads (ADR 144).
 */
export function compressLikeCloudFront(options: { skip?: (path: string) => boolean } = {}): MiddlewareHandler {
  const assets = new Map<string, Promise<Uint8Array>>();
  const dynamic = compress({ encoding: 'gzip', threshold: THRESHOLD, contentTypeFilter: COMPRESSIBLE });
  return async (c, next) => {
    if (options.skip?.(c.req.path)) return next();
    if (!c.req.path.startsWith('/assets/')) return dynamic(c, next);
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (c.req.method !== 'GET' || res.status !== 200 || !res.body || res.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return;
    res.headers.append('vary', 'Accept-Encoding');
    if (!acceptsGzip(c.req.header('accept-encoding'))) return;
    let body = assets.get(c.req.path);
    if (body) await res.body.cancel();
    else {
      const raw = new Uint8Array(await res.arrayBuffer());
      if (raw.byteLength < THRESHOLD) {
        c.res = new Response(raw, res);
        return;
      }
      body = gzip(raw);
      assets.set(c.req.path, body);
      body.catch(() => assets.delete(c.req.path));
    }
    const bytes = await body;
    // Hono copies the replaced answer's headers onto the new one: its length must go first.
    res.headers.delete('content-length');
    c.res = new Response(bytes, res);
    c.res.headers.set('content-encoding', 'gzip');
    c.res.headers.set('content-length', String(bytes.byteLength));
  };
}
