import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorText } from './api-client';

function respond(status: number, body: string, contentType = 'application/json', statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body || null, { status, statusText, headers: { 'content-type': contentType } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with the session cookies and parses the answer', async () => {
    respond(200, '{"ok":true}');
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    // Serialised once, so its hash is of the bytes sent (ADR 120; api-client-hash.test.ts).
    expect(new TextDecoder().decode(init!.body as ArrayBuffer)).toBe('{"a":1}');
    expect(new Headers(init!.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends FormData as multipart with the boundary the browser chose', async () => {
    respond(201, '{}');
    const form = new FormData();
    form.set('a', 'b');
    await apiRequest('POST', '/api/x', form);
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    const contentType = new Headers(init!.headers).get('Content-Type')!;
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const sent = await new Response(init!.body as ArrayBuffer, { headers: { 'content-type': contentType } }).formData();
    expect(sent.get('a')).toBe('b');
  });

  it('raises "{status}: {body}" with the server message on failure', async () => {
    respond(409, '{"message":"Slug already in use"}');
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Slug already in use"}');
    expect((error as ApiError).serverMessage).toBe('Slug already in use');
    expect(errorText(error, 'fallback')).toBe('Slug already in use');
  });

  it('uses the status text when the body is empty', async () => {
    respond(500, '', 'text/plain', 'Internal Server Error');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('500: Internal Server Error');
  });

  it('answers null on 401 when asked to', async () => {
    respond(401, '{"message":"Not logged in"}');
    await expect(apiRequest('GET', '/api/auth/me', undefined, { on401: 'returnNull' })).resolves.toBeNull();
    respond(401, '{"message":"Not logged in"}');
    await expect(apiRequest('GET', '/api/auth/me')).rejects.toThrow('401: ');
  });
});
