import { expect } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app';
import { hashPassword } from '../../src/modules/accounts/password';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { unique } from '../support/builders';

type App = ReturnType<typeof buildApp>;

export interface Api {
  deps: TestDeps;
  app: App;
  /** Sends a request; `json` sets the body and the JSON content type. */
  call(
    method: string,
    path: string,
    options?: { cookie?: string; json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Registers a customer and returns their session cookie and user. */
  customer(): Promise<{ cookie: string; username: string; id: number }>;
  /** Seeds an administrator and returns their session cookie. */
  admin(): Promise<{ cookie: string; username: string }>;
  close(): Promise<void>;
}

export function sessionCookie(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /(?:^|,\s*)(session=[^;]*)/.exec(header);
  if (!match) throw new Error(`no session cookie in ${header}`);
  return match[1]!;
}

export async function createApi(overrides: Partial<AppDeps> | ((deps: TestDeps) => Partial<AppDeps>) = {}): Promise<Api> {
  const base = await createTestDeps(typeof overrides === 'function' ? {} : overrides);
  const deps: TestDeps = typeof overrides === 'function' ? { ...base, ...overrides(base) } : base;
  const app = buildApp(deps);
  const call: Api['call'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.cookie) headers.cookie = options.cookie;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }));
  };
  return {
    deps,
    app,
    call,
    async customer() {
      const username = unique('cust');
      const res = await call('POST', '/api/auth/register', { json: { username, password: 'secret1', email: `${username}@example.com` } });
      expect(res.status).toBe(201);
      const user = (await res.json()) as { id: number };
      return { cookie: sessionCookie(res), username, id: user.id };
    },
    async admin() {
      const username = unique('admin');
      await deps.users.upsertAdmin({ username, isAdmin: true, passwordHash: await hashPassword('admin123') });
      const res = await call('POST', '/api/auth/login', { json: { username, password: 'admin123' } });
      expect(res.status).toBe(200);
      return { cookie: sessionCookie(res), username };
    },
    close: () => base.close(),
  };
}

/**
 * Asserts a refused request: the status, a JSON `{ message }` body (and the exact message when given).
 * Counts every call so each file can report how many malformed or unauthorised requests it sent.
 */
export const rejected = { count: 0 };
export async function expectRejected(res: Response | Promise<Response>, status: number, message?: string | RegExp) {
  rejected.count++;
  const r = await res;
  const body = (await r.json()) as { message?: unknown };
  expect({ status: r.status, body }).toMatchObject({ status, body: { message: expect.any(String) } });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body as { message: string; issues?: { path: string; message: string }[] };
}

export function reportRejected(file: string) {
  // Collected by the report: how many refused requests the file sent (none may answer 500). The next file in
  // this worker shares this module (ADR 140): it starts again from 0.
  console.log(`[rejected-requests] ${file}: ${rejected.count}`);
  rejected.count = 0;
}
