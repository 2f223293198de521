import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
// Types only: the web still talks to the API over HTTP; this import is erased at build time.
import type { AppType } from '@parts/functions/app';
import { ApiError, apiFetch, type ApiRequestOptions } from './api-client';

/**
 * The API, typed by the server's own routes (Hono's RPC client). A route that changes what it
 * answers changes the type the web receives, so a mismatch fails `npm run typecheck` in the web.
 * `fetch` is looked up on every call (tests replace it) and sends the session cookie.
 */
export const api = hc<AppType>('/', {
  // Through the transport: the server renderer answers these in-process.
  fetch: (input: RequestInfo | URL, init?: RequestInit) => apiFetch(input, { ...init, credentials: 'include' }),
  headers: { Accept: 'application/json' },
});

/** The body of a successful answer: what the route's `c.json(…, 2xx)` calls return. */
export type SuccessBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/**
 * Awaits a typed call and returns its success body; a non-success answer throws ApiError (its
 * `message` is "{status}: {body}", its `serverMessage` the JSON `message`). With `on401: 'returnNull'`
 * a 401 answers null (the current-user call).
 */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
  options: ApiRequestOptions & { on401: 'returnNull' },
): Promise<SuccessBody<R> | null>;
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>, options?: ApiRequestOptions): Promise<SuccessBody<R>>;
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
  options: ApiRequestOptions = {},
): Promise<SuccessBody<R> | null> {
  const response = await request;
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  const text = response.status === 204 ? '' : await response.text();
  if (!text) return undefined as SuccessBody<R>;
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as SuccessBody<R>;
}
