import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLogger } from '../../src/lib/logger';
import { hashPassword } from '../../src/modules/accounts/password';
import { unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, sessionCookie, type Api } from './api-helpers';

const logLines: Record<string, unknown>[] = [];
let api: Api;
beforeAll(async () => {
  // Configured as deployed behind CloudFront, so each test can speak from its own viewer address.
  api = await createApi((deps) => ({
    env: { ...deps.env, TRUST_CLOUDFRONT_VIEWER_ADDRESS: true },
    logger: createLogger('debug', (line) => logLines.push(JSON.parse(line) as Record<string, unknown>)),
  }));
});
afterAll(async () => {
  reportRejected('auth.test.ts');
  await api.close();
});

describe('POST /api/auth/register', () => {
  test('creates a customer, ignores isAdmin from the client, signs them in and never returns the hash', async () => {
    const username = unique('reg');
    const res = await api.call('POST', '/api/auth/register', {
      json: { username, password: 'secret1', email: 'ada@example.com', name: 'Ada', isAdmin: true },
    });
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toEqual({ id: expect.any(Number), username, email: 'ada@example.com', emailVerified: false, name: 'Ada', isAdmin: false });
    const me = await api.call('GET', '/api/auth/me', { cookie: sessionCookie(res) });
    expect(await me.json()).toEqual(user);
    expect((await api.deps.users.getUserByUsername(username))?.isAdmin).toBe(false);
  });

  test('a taken username is 409 with a message', async () => {
    const { username } = await api.customer();
    await expectRejected(api.call('POST', '/api/auth/register', { json: { username, password: 'another1' } }), 409);
    await expectRejected(api.call('POST', '/api/auth/register', { json: { username: username.toUpperCase(), password: 'another1' } }), 409);
  });

  test.each([
    [{ username: 'ab', password: 'secret1' }, 'Username must be at least 3 characters'],
    [{ username: 'abcd', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'abcd', password: 'secret1', email: 'not-an-email' }, 'Please enter a valid email'],
    [{ password: 'secret1' }, 'Required'],
    [{ username: 'abcd' }, 'Required'],
    [{ username: 12345, password: 'secret1' }, /expected string/],
    [[], /expected object/],
    ['just a string', /expected object/],
    [null, /expected object/],
  ])('refuses %j', async (body, message) => {
    await expectRejected(api.call('POST', '/api/auth/register', { json: body }), 400, message);
  });

  test('malformed JSON, a wrong content type and an oversized body are refused', async () => {
    await expectRejected(
      api.call('POST', '/api/auth/register', { body: '{"username": "abc",', headers: { 'content-type': 'application/json' } }),
      400,
      'Malformed JSON in request body',
    );
    await expectRejected(
      api.call('POST', '/api/auth/register', { body: 'username=abc&password=secret1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      'Content-Type must be application/json',
    );
    await expectRejected(api.call('POST', '/api/auth/register', { body: 'x' }), 415);
    await expectRejected(api.call('POST', '/api/auth/register', { json: { username: 'abcd', password: 'secret1', name: 'x'.repeat(300_000) } }), 413);
  });
});

describe('POST /api/auth/login, GET /api/auth/me, POST /api/auth/logout', () => {
  test('login answers the user and sets an HttpOnly SameSite=Lax cookie, not Secure on localhost', async () => {
    const { username } = await api.customer();
    const res = await api.call('POST', '/api/auth/login', { json: { username, password: 'secret1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username, isAdmin: false });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  test('the cookie is Secure when the host is not localhost', async () => {
    const { username } = await api.customer();
    const res = await api.app.request('https://parts.example.com/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'secret1' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });

  test('a wrong password and an unknown user get the same 401 message', async () => {
    const { username } = await api.customer();
    const wrong = await expectRejected(api.call('POST', '/api/auth/login', { json: { username, password: 'wrong-pw' } }), 401);
    const unknown = await expectRejected(api.call('POST', '/api/auth/login', { json: { username: unique('nobody'), password: 'wrong-pw' } }), 401);
    expect(wrong.message).toBe('Invalid username or password');
    expect(unknown.message).toBe(wrong.message);
  });

  test('login validation messages', async () => {
    await expectRejected(api.call('POST', '/api/auth/login', { json: { username: 'ab', password: 'secret1' } }), 400, 'Username must be at least 3 characters');
    await expectRejected(api.call('POST', '/api/auth/login', { json: { username: 'abc', password: '123' } }), 400, 'Password must be at least 6 characters');
    await expectRejected(
      api.call('POST', '/api/auth/login', { body: '{', headers: { 'content-type': 'application/json' } }),
      400,
      'Malformed JSON in request body',
    );
  });

  test('/me answers 200 with null for guests (a normal state, not an error), and for tampered and foreign-key tokens, whose cookie it clears', async () => {
    const guest = await api.call('GET', '/api/auth/me');
    expect(guest.status).toBe(200);
    expect(await guest.json()).toBeNull();
    expect(guest.headers.get('set-cookie')).toBeNull();
    const { cookie } = await api.customer();
    const [name, token] = cookie.split('=') as [string, string];
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, adm: true })).toString('base64url');
    for (const bad of [`${name}=${h}.${forged}.${s}`, `${name}=not-a-jwt`]) {
      const res = await api.call('GET', '/api/auth/me', { cookie: bad });
      expect(res.status).toBe(200);
      expect(await res.json()).toBeNull();
      expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${name}=;.*Max-Age=0`));
    }
    await expectRejected(api.call('POST', '/api/categories', { cookie: `${name}=${h}.${forged}.${s}`, json: { name: 'X', slug: 'x' } }), 401);
  });

  test('logout clears the cookie', async () => {
    const { cookie } = await api.customer();
    const res = await api.call('POST', '/api/auth/logout', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/session=;.*Max-Age=0/);
  });
});

describe('security events', () => {
  test('a failed admin login is logged as a structured security event', async () => {
    const username = unique('boss');
    await api.deps.users.upsertAdmin({ username, isAdmin: true, passwordHash: await hashPassword('admin123') });
    await expectRejected(
      api.call('POST', '/api/auth/login', { json: { username, password: 'not-it!' }, headers: { 'cloudfront-viewer-address': '[2001:db8::9]:443' } }),
      401,
    );
    expect(logLines).toContainEqual(expect.objectContaining({ level: 'warn', event: 'security.admin_login_failed', username, clientAddress: '2001:db8::9' }));
  });
});
