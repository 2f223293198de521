// @vitest-environment node
// Node's fetch, Request and FormData (undici) serialise files as browsers do; jsdom's File does not survive them.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SHA256_HEADER, apiRequest, withContentHash } from './api-client';
import { api, call } from './api';

/**
 * ADR 120: behind CloudFront the API is a Lambda function URL signed by origin access control, which signs no
 * payload; Lambda refuses a body whose SHA-256 the viewer did not send in x-amz-content-sha256. Each test checks
 * what the server receives: the header is the hash of exactly the bytes sent, with the Content-Type sent.
 */
type Sent = { method: string; path: string; headers: Headers; bytes: Buffer };
function stubFetch(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    // What goes on the wire: the same serialisation fetch itself performs.
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    sent.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, bytes: Buffer.from(await request.arrayBuffer()) });
    return new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

afterEach(() => vi.unstubAllGlobals());

describe('every API call with a body carries the SHA-256 of the bytes it sends (x-amz-content-sha256)', () => {
  it('JSON through apiRequest: the hash of the JSON text, sent as application/json', async () => {
    const sent = stubFetch();
    await apiRequest('POST', '/api/auth/login', { username: 'anna', password: 'grüße' });
    const [req] = sent;
    expect(req!.bytes.toString('utf8')).toBe('{"username":"anna","password":"grüße"}');
    expect(req!.headers.get(CONTENT_SHA256_HEADER)).toBe(sha256(req!.bytes));
    expect(req!.headers.get('content-type')).toBe('application/json');
  });

  it('FormData with a file: the hash of the multipart bytes sent, under the boundary the Content-Type names', async () => {
    const sent = stubFetch();
    const form = new FormData();
    form.set('columnMapping', JSON.stringify({ partNumber: 'Part Number' }));
    form.set('file', new File(['Part Number,Name\nX-1,Valve\n'], 'parts.csv', { type: 'text/csv' }));
    await apiRequest('POST', '/api/imports/csv', form);
    const [req] = sent;
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(req!.headers.get('content-type')!)?.[1];
    expect(boundary).toBeDefined();
    const text = req!.bytes.toString('utf8');
    expect(text.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(text).toContain('filename="parts.csv"');
    expect(text).toContain('X-1,Valve');
    expect(req!.headers.get(CONTENT_SHA256_HEADER)).toBe(sha256(req!.bytes));
    // The server reads back what was sent.
    const parsed = await new Response(new Uint8Array(req!.bytes), { headers: { 'content-type': req!.headers.get('content-type')! } }).formData();
    expect(await (parsed.get('file') as File).text()).toBe('Part Number,Name\nX-1,Valve\n');
  });

  it('the typed client (hc) too, for JSON and for PUT/PATCH/DELETE with a body', async () => {
    const sent = stubFetch();
    await call(api.api.auth.login.$post({ json: { username: 'anna', password: 'secret1' } }));
    expect(sent[0]!.headers.get(CONTENT_SHA256_HEADER)).toBe(sha256(sent[0]!.bytes));
    expect(sent[0]!.bytes.length).toBeGreaterThan(0);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      await apiRequest(method, '/api/admin/parts/1', { price: 12.5 });
      const req = sent.at(-1)!;
      expect(req.method).toBe(method);
      expect(req.headers.get(CONTENT_SHA256_HEADER)).toBe(sha256('{"price":12.5}'));
    }
  });

  it('a request without a body carries no hash (GET, and a bodyless POST)', async () => {
    const sent = stubFetch();
    await apiRequest('GET', '/api/categories');
    await apiRequest('POST', '/api/auth/logout');
    expect(sent.map((r) => r.headers.get(CONTENT_SHA256_HEADER))).toEqual([null, null]);
  });

  it('without crypto.subtle (plain HTTP to the local server on a LAN address) the request goes as before, without the header', async () => {
    vi.stubGlobal('crypto', {});
    const init = await withContentHash('/api/x', { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
    expect(init).toEqual({ method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
  });
});
