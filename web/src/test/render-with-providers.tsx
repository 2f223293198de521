import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { QuoteBasketProvider } from '../features/quote-basket/quote-basket';

/** One answer of the stubbed API: a JSON body (status 200 unless given). */
export interface StubAnswer {
  status?: number;
  body: unknown;
}

/** A request the stubbed API received. */
export interface StubCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: BodyInit | null | undefined;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

/**
 * Replaces `fetch` with a table of answers keyed by "METHOD /path" (the path without its query).
 * Unknown requests answer 404 JSON, as the API does; an answer may wait (a promise), as a slow request does.
 * Returns the calls made, for assertions.
 */
export function stubApi(routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer | Promise<StubAnswer>)>): StubCall[] {
  const calls: StubCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const headers = new Headers(init?.headers);
    const call: StubCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body,
      headers,
      credentials: init?.credentials,
    };
    calls.push(call);
    call.body = await readableBody(init?.body, headers);
    const route = routes[`${call.method} ${call.path}`];
    const answer = typeof route === 'function' ? await route(call) : (route ?? { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

/**
 * API calls send their body as bytes with its hash (web/src/lib/api-client.ts, ADR 120): the body as the server reads
 * it — JSON or text as a string, multipart as FormData. Other bodies (presigned S3 uploads) stay as they were sent.
 */
async function readableBody(body: BodyInit | null | undefined, headers: Headers): Promise<BodyInit | null | undefined> {
  if (!(body instanceof ArrayBuffer)) return body;
  const contentType = headers.get('content-type') ?? '';
  if (contentType.startsWith('multipart/form-data')) return new Response(body, { headers: { 'content-type': contentType } }).formData();
  return new TextDecoder().decode(body);
}

/** Shows the router's current path, so a test can see where a link went. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Renders `ui` inside the app's own providers (a fresh query client with the app's defaults, the quote
 * basket on the given storage, the toaster) and a router at `path`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', storage = window.localStorage, extra }: { path?: string; storage?: Storage; extra?: ReactNode } = {},
): RenderResult {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <QuoteBasketProvider storage={storage}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
          {extra}
        </MemoryRouter>
        <Toaster />
      </QuoteBasketProvider>
    </QueryClientProvider>,
  );
}
