import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { createPageCache, sharedLifetime } from './page-cache';

/** An origin that counts its calls and answers with the path, query and a serial number. */
function fakeOrigin(cacheControl = 'public, max-age=0, s-maxage=10, stale-while-revalidate=20') {
  const seen: string[] = [];
  let serial = 0;
  const origin = async (request: Request) => {
    const url = new URL(request.url);
    seen.push(url.pathname + url.search);
    serial += 1;
    return new Response(`${url.pathname}${url.search} #${serial}`, { headers: { 'cache-control': cacheControl, etag: `W/"${serial}"` } });
  };
  return { origin, seen };
}
const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });

describe('the local page cache', () => {
  test('keys on the path and the query strings CloudFront keys that path on; only those reach the origin', async () => {
    const cache = createPageCache();
    const { origin, seen } = fakeOrigin();
    await cache.handle(get('/catalog?q=valve&utm_source=mail'), origin);
    const again = await cache.handle(get('/catalog?q=valve&fbclid=x'), origin);
    expect(await again.text()).toBe('/catalog?q=valve #1');
    expect(again.headers.get('x-cache')).toBe('hit');
    await cache.handle(get('/part/a?q=ignored'), origin);
    await cache.handle(get('/api/parts/autocomplete?q=va&page=2'), origin);
    expect(seen).toEqual(['/catalog?q=valve', '/part/a', '/api/parts/autocomplete?q=va']);
  });

  test('fresh for s-maxage, then stale while one background request refreshes, then a miss', async () => {
    let now = 0;
    const cache = createPageCache({ now: () => now });
    const { origin, seen } = fakeOrigin();
    await cache.handle(get('/part/a'), origin);
    now = 9_999;
    expect((await cache.handle(get('/part/a'), origin)).headers.get('x-cache')).toBe('hit');
    now = 10_000;
    const stale = await cache.handle(get('/part/a'), origin);
    expect([stale.headers.get('x-cache'), await stale.text()]).toEqual(['stale', '/part/a #1']);
    await cache.idle();
    expect(await (await cache.handle(get('/part/a'), origin)).text()).toBe('/part/a #2');
    now = 10_000 + 30_000;
    const late = await cache.handle(get('/part/a'), origin);
    expect([late.headers.get('x-cache'), await late.text()]).toEqual(['miss', '/part/a #3']);
    expect(seen).toHaveLength(3);
  });

  test('concurrent misses for one key ask the origin once', async () => {
    const cache = createPageCache();
    const { origin, seen } = fakeOrigin();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.handle(get('/catalog'), origin)));
    expect(new Set(await Promise.all(answers.map((a) => a.text())))).toEqual(new Set(['/catalog #1']));
    expect(seen).toHaveLength(1);
  });

  test('never for a session, credentials, a private or unshareable answer, or the rest of /api', async () => {
    const cache = createPageCache();
    const { origin, seen } = fakeOrigin();
    for (let i = 0; i < 2; i += 1) {
      await cache.handle(get('/part/a', { cookie: 'theme=dark; session=abc' }), origin);
      await cache.handle(get('/part/a', { authorization: 'Bearer x' }), origin);
      await cache.handle(get('/api/quote-requests/mine'), origin);
      await cache.handle(get('/api/parts/csv-template'), origin);
    }
    expect(seen).toHaveLength(8);
    const personal = fakeOrigin('private, no-cache');
    await cache.handle(get('/part/b'), personal.origin);
    await cache.handle(get('/part/b'), personal.origin);
    expect(personal.seen).toHaveLength(2);
    expect(cache.size()).toBe(0);
  });

  test('a successful catalogue write empties it; a refused one does not', async () => {
    const cache = createPageCache();
    const { origin } = fakeOrigin();
    await cache.handle(get('/part/a'), origin);
    await cache.handle(new Request('http://localhost/api/parts/1', { method: 'PUT' }), async () => new Response('no', { status: 403 }));
    expect(cache.size()).toBe(1);
    await cache.handle(new Request('http://localhost/api/parts/1', { method: 'PUT' }), async () => new Response('{}'));
    expect(cache.size()).toBe(0);
  });

  test('bounded: the least recently used entry leaves first, by count and by bytes', async () => {
    const cache = createPageCache({ maxEntries: 2 });
    const { origin, seen } = fakeOrigin();
    await cache.handle(get('/part/a'), origin);
    await cache.handle(get('/part/b'), origin);
    await cache.handle(get('/part/a'), origin);
    await cache.handle(get('/part/c'), origin);
    await cache.handle(get('/part/a'), origin);
    await cache.handle(get('/part/b'), origin);
    expect(seen).toEqual(['/part/a', '/part/b', '/part/c', '/part/b']);
    const small = createPageCache({ maxBytes: 20 });
    await small.handle(get('/part/a'), origin);
    await small.handle(get('/part/bb'), origin);
    expect(small.size()).toBe(1);
  });

  test('If-None-Match with the entry’s ETag is a bodiless 304', async () => {
    const cache = createPageCache();
    const { origin } = fakeOrigin();
    const first = await cache.handle(get('/part/a'), origin);
    const again = await cache.handle(get('/part/a', { 'if-none-match': first.headers.get('etag')! }), origin);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test('a client that accepts gzip gets the compressed copy kept with the entry, as CloudFront keeps it; others the plain one', async () => {
    const cache = createPageCache();
    const html = `<!doctype html><p>${'Hydraulic cylinder '.repeat(200)}</p>`;
    const origin = async () =>
      new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=60', etag: 'W/"1"' } });
    const gzipped = { 'accept-encoding': 'gzip, deflate, br' };
    const answers = [];
    for (const state of ['miss', 'hit', 'hit']) {
      const res = await cache.handle(get('/part/a', gzipped), origin);
      const body = Buffer.from(await res.arrayBuffer());
      expect([res.headers.get('x-cache'), res.headers.get('content-encoding'), res.headers.get('content-length')]).toEqual([
        state,
        'gzip',
        String(body.length),
      ]);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(gunzipSync(body).toString()).toBe(html);
      answers.push(body);
    }
    // The kept bytes, not compressed again for each request.
    expect(answers[2]!.equals(answers[1]!)).toBe(true);
    const plain = await cache.handle(get('/part/a'), origin);
    expect([plain.headers.get('content-encoding'), plain.headers.get('vary'), await plain.text()]).toEqual([null, 'Accept-Encoding', html]);
    const head = await cache.handle(new Request('http://localhost/part/a', { method: 'HEAD', headers: gzipped }), origin);
    expect([head.status, head.headers.get('content-encoding'), await head.text()]).toEqual([200, null, '']);
    // Below 1 KB, or not text, CloudFront sends it as it is.
    const small = await cache.handle(
      get('/part/b', gzipped),
      async () => new Response('<p>short</p>', { headers: { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60' } }),
    );
    const image = await cache.handle(
      get('/part/c', gzipped),
      async () => new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png', 'cache-control': 'public, s-maxage=60' } }),
    );
    expect([small.headers.get('content-encoding'), image.headers.get('content-encoding')]).toEqual([null, null]);
  });

  test('reads s-maxage and stale-while-revalidate only from a public answer', () => {
    expect(sharedLifetime('public, max-age=0, s-maxage=60, stale-while-revalidate=240')).toEqual({ freshMs: 60_000, staleMs: 240_000 });
    expect(sharedLifetime('public, max-age=60')).toBeNull();
    expect(sharedLifetime('private, no-store')).toBeNull();
    expect(sharedLifetime(null)).toBeNull();
  });
});
