/** A non-success answer. `message` is "{status}: {body text or status text}" (spec section 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The `message` field of a JSON error body, when the server sent one. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.serverMessage = readServerMessage(body);
  }
}

function readServerMessage(body: string): string | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: the body text itself is the message.
  }
  return undefined;
}

/** The best human-readable text of an error: the server's message, else the generic one. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a request reaches the API: the browser's fetch; the server renderer answers in-process instead. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

/** Used by the server renderer (entry-server) once, before it renders anything. */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** fetch for API calls, through the transport (the typed client in api.ts uses it too). */
export function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return transport(path, init);
}

export interface ApiRequestOptions {
  /** 'returnNull' answers null on a 401 instead of throwing (the current-user call). */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

/**
 * @deprecated The caller names the answer's type, so nothing checks it against the route. Use
 * `call(api.api.…$get())` from `./api` (Hono's typed client; ADR 053); kept while other branches move over.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, body: unknown, options: ApiRequestOptions & { on401: 'returnNull' }): Promise<T | null>;
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, options: ApiRequestOptions = {}): Promise<T | null> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' }, signal: options.signal };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
  }
  const response = await transport(path, init);
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}
