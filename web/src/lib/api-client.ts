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

/**
 * The body's SHA-256, hex. Behind CloudFront the API is a Lambda function URL whose origin access control signs no
 * payload: Lambda refuses a request with a body unless the viewer sent this header and it matches the bytes (ADR 120).
 */
export const CONTENT_SHA256_HEADER = 'x-amz-content-sha256';

const hex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * `init` with its body serialised once — JSON text, or FormData with its multipart boundary — and the SHA-256 of
 * exactly those bytes in `x-amz-content-sha256`, sent with the Content-Type the serialisation produced, so the
 * hashed bytes are the sent bytes. Without a body, or without `crypto.subtle` (plain HTTP to a LAN address: only the
 * local server, which needs no hash), `init` is returned as it is.
 */
export async function withContentHash(path: string, init: RequestInit): Promise<RequestInit> {
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  if (init.body === undefined || init.body === null || !subtle) return init;
  // The base only makes a relative path a URL: nothing is sent from this Request.
  const serialised = new Request(new URL(path, 'http://localhost'), { method: init.method ?? 'POST', headers: init.headers, body: init.body });
  const body = await serialised.arrayBuffer();
  const headers = new Headers(init.headers);
  const contentType = serialised.headers.get('content-type');
  if (contentType) headers.set('content-type', contentType);
  // A view, not the buffer: jsdom's SubtleCrypto refuses an ArrayBuffer made by another realm's Request.
  headers.set(CONTENT_SHA256_HEADER, hex(await subtle.digest('SHA-256', new Uint8Array(body))));
  return { ...init, headers, body };
}

let ambientPriority: RequestPriority | undefined;

/**
 * Runs `start` with API requests it starts synchronously (the typed client calls `apiFetch` before its first await)
 * sent at `priority`: idle prefetches of links in view ask 'low', so the browser puts them behind what the reader
 * asked for (ADR 132). Browsers without fetch priority ignore the hint.
 */
export function withFetchPriority<T>(priority: RequestPriority, start: () => T): T {
  const outer = ambientPriority;
  ambientPriority = priority;
  try {
    return start();
  } finally {
    ambientPriority = outer;
  }
}

/** fetch for API calls, through the transport (the typed client in api.ts uses it too); bodies carry their hash. */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const priority = ambientPriority;
  return transport(path, await withContentHash(path, priority && !init.priority ? { ...init, priority } : init));
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
  const response = await transport(path, await withContentHash(path, init));
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text());
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  return (response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}
