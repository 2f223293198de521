import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../test/render-with-providers';
import { postMessage } from '../features/quote-loop/api/messages';
import { fetchCategory } from '../features/catalog/api/get-category';
import { fetchCurrentUser } from './session';
import { ApiError } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('typed API client (hc<AppType>) over a stubbed fetch', () => {
  it('sends the session cookie, encodes path parameters and returns the body', async () => {
    const calls = stubApi({ 'GET /api/categories/a%2Fb': { body: { id: 1, name: 'A/B', slug: 'a-b' } } });
    expect(await fetchCategory('a/b')).toEqual({ id: 1, name: 'A/B', slug: 'a-b' });
    expect(calls[0]!.credentials).toBe('include');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
  });

  it('a non-2xx answer throws ApiError with the server message; a guest is null (200 with null, not a 401)', async () => {
    stubApi({
      'GET /api/categories/nope': { status: 404, body: { message: 'Category not found' } },
      'GET /api/auth/me': { status: 200, body: null },
    });
    const error = await fetchCategory('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('Category not found');
    expect((error as ApiError).status).toBe(404);
    expect(await fetchCurrentUser()).toBeNull();
  });

  it('a message is JSON; its files go to S3 first and the message names their keys (ADR 108)', async () => {
    const calls = stubApi({
      'POST /api/quote-requests/7/messages': { status: 201, body: { message: { id: 1 } } },
      'POST /api/uploads/attachments': {
        status: 201,
        body: {
          key: 'quotes/uploads/u1/abc/housing.pdf',
          method: 'PUT',
          url: 'http://s3.local/attachments/abc',
          headers: { 'Content-Type': 'application/pdf' },
        },
      },
      'PUT /attachments/abc': { status: 200, body: {} },
    });
    await postMessage(7, 'Hello', []);
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ body: 'Hello', attachmentKeys: [] });
    const drawing = new File(['%PDF-1.4'], 'housing.pdf', { type: 'application/pdf' });
    await postMessage(7, 'With a drawing', [drawing]);
    expect(calls.slice(1).map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/uploads/attachments',
      'PUT /attachments/abc',
      'POST /api/quote-requests/7/messages',
    ]);
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ fileName: 'housing.pdf', contentType: 'application/pdf', size: drawing.size });
    expect(calls[2]!.body).toBe(drawing);
    expect(calls[3]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(calls[3]!.body))).toEqual({ body: 'With a drawing', attachmentKeys: ['quotes/uploads/u1/abc/housing.pdf'] });
  });
});
