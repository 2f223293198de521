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

  it("a message without files is JSON, with files multipart; both to the request's thread", async () => {
    const calls = stubApi({ 'POST /api/quote-requests/7/messages': { status: 201, body: { message: { id: 1 } } } });
    await postMessage(7, 'Hello', []);
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ body: 'Hello' });
    await postMessage(7, 'With a drawing', [new File(['%PDF-1.4'], 'housing.pdf', { type: 'application/pdf' })]);
    const form = calls[1]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('body')).toBe('With a drawing');
    expect((form.get('attachments') as File).name).toBe('housing.pdf');
    expect(calls[1]!.headers.get('content-type')).toBeNull();
  });
});
