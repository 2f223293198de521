import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { compressLikeCloudFront } from './compression';

const script = 'export const answer = 42;\n'.repeat(200);
const page = `<!doctype html><html><body>${'<p>part</p>'.repeat(300)}</body></html>`;

function app() {
  const served: string[] = [];
  const hono = new Hono();
  hono.use('*', compressLikeCloudFront({ skip: (path) => path.startsWith('/quotes/') }));
  hono.get('/assets/app.js', (c) => {
    served.push(c.req.path);
    // As serveStatic answers: with the file's length.
    return c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8', 'content-length': String(script.length) });
  });
  hono.get('/assets/tiny.js', (c) => c.body('export {};', 200, { 'content-type': 'text/javascript' }));
  hono.get('/assets/logo.png', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/png' }));
  hono.get('/part/a', (c) => c.html(page));
  hono.get('/quotes/file.csv', (c) => c.body('a,b\n'.repeat(1000), 200, { 'content-type': 'text/csv' }));
  return { hono, served };
}
const gzipped = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('answers compressed as CloudFront compresses them (ADR 144)', () => {
  test('a script under /assets is gzipped once and the same bytes served again, with Vary: Accept-Encoding', async () => {
    const { hono, served } = app();
    const first = await hono.request('/assets/app.js', { headers: gzipped });
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Number(first.headers.get('content-length'))).toBe(firstBytes.byteLength);
    expect(firstBytes.byteLength).toBeLessThan(script.length / 10);
    expect(gunzipSync(firstBytes).toString()).toBe(script);
    const again = await hono.request('/assets/app.js', { headers: gzipped });
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(firstBytes);
    expect(served).toHaveLength(2);
  });

  test('a page is gzipped for a browser that accepts it and sent as is to one that does not', async () => {
    const { hono } = app();
    const compressed = await hono.request('/part/a', { headers: gzipped });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(page);
    const plain = await hono.request('/part/a');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
    const refused = await hono.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(script);
  });

  test('small files, images and quote attachments are sent as they are', async () => {
    const { hono } = app();
    for (const path of ['/assets/tiny.js', '/assets/logo.png', '/quotes/file.csv']) {
      const res = await hono.request(path, { headers: gzipped });
      expect([path, res.headers.get('content-encoding')]).toEqual([path, null]);
    }
    expect(await (await hono.request('/assets/tiny.js', { headers: gzipped })).text()).toBe('export {};');
  });
});
