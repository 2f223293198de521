import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app';
import { createServerApp } from '../../src/local/server-app';
import { HASH_BUSY_MESSAGE } from '../../src/modules/accounts/hash-gate';
import { HASH_CONCURRENCY } from '../../src/modules/accounts/routes/auth';
import { LOGIN_ADDRESS_POLICY, LOGIN_PAIR_POLICY } from '../../src/modules/accounts/auth-service';
import { unique } from '../support/builders';
import { serveOnLoopback } from '../support/serve';
import { createApi, expectRejected, reportRejected, type Api } from '../api/api-helpers';

/**
 * The login throttle (docs/security.md): attempts are counted in DynamoDB before any password is
 * hashed, per (username, address) with growing delays and per address with a ceiling. In-process
 * tests move a fake clock; the concurrency tests fire real parallel requests at servers on 127.0.0.1.
 */
// Hundreds of DynamoDB Local writes and dozens of scrypt hashes per test: slow on a shared machine.
vi.setConfig({ testTimeout: 120_000 });
let clock = new Date('2026-03-02T09:00:00Z').getTime();
const advance = (ms: number) => (clock += ms);
let api: Api;
beforeAll(async () => {
  // As deployed behind CloudFront, so each test can speak from its own viewer address.
  api = await createApi((deps) => ({ env: { ...deps.env, TRUST_CLOUDFRONT_VIEWER_ADDRESS: true }, now: () => new Date(clock) }));
});
afterAll(async () => {
  reportRejected('login-throttle.test.ts');
  await api.close();
});

const from = (address: string) => ({ 'cloudfront-viewer-address': `${address}:4431` });
const login = (username: string, password: string, address: string, extra: Record<string, string> = {}) =>
  api.call('POST', '/api/auth/login', { json: { username, password }, headers: { ...from(address), ...extra } });

describe('per (username, address): growing delays', () => {
  test('5 attempts go through at once; then even the right password waits, and the delays double', async () => {
    const { username } = await api.customer();
    for (let i = 0; i < LOGIN_PAIR_POLICY.free; i++) await expectRejected(login(username, `wrong-${i}`, '10.1.0.1'), 401);
    // The 6th may come 1 s after the streak began; this one counted as well, so the next slot is at 1 s + 2 s.
    const blocked = await login(username, 'secret1', '10.1.0.1');
    expect(blocked.headers.get('retry-after')).toBe('3');
    await expectRejected(blocked, 429, 'Too many failed login attempts. Try again in 3 seconds.');

    // Too early again: the 8th slot is at 1 s + 2 s + 4 s.
    advance(2_000);
    const sooner = await login(username, 'secret1', '10.1.0.1');
    expect(Number(sooner.headers.get('retry-after'))).toBe(5);
    await expectRejected(sooner, 429, 'Too many failed login attempts. Try again in 5 seconds.');
    advance(5_000);
    expect((await login(username, 'secret1', '10.1.0.1')).status).toBe(200);
    // A successful login ends the streak: five free attempts again.
    for (let i = 0; i < LOGIN_PAIR_POLICY.free; i++) await expectRejected(login(username, `wrong-${i}`, '10.1.0.1'), 401);
  });

  test('each step is at most 15 minutes; a day without attempts forgets the streak', async () => {
    const { username } = await api.customer();
    for (let i = 0; i < 30; i++) {
      const res = await login(username, 'wrong-pw', '10.1.0.2');
      expect([401, 429]).toContain(res.status);
    }
    const res = await login(username, 'secret1', '10.1.0.2');
    await expectRejected(res, 429, /^Too many failed login attempts\. Try again in \d+ minutes\.$/);
    advance(LOGIN_PAIR_POLICY.idleMs + 1000);
    expect((await login(username, 'secret1', '10.1.0.2')).status).toBe(200);
  });

  test('a stranger hammering an account cannot lock its owner out of their own address', async () => {
    const { username } = await api.customer();
    for (let i = 0; i < 40; i++) {
      const res = await login(username, `guess-${i}`, '198.51.100.66');
      expect([401, 429]).toContain(res.status);
    }
    await expectRejected(login(username, 'secret1', '198.51.100.66'), 429);
    expect((await login(username, 'secret1', '203.0.113.10')).status).toBe(200);
  });

  test('a rotating X-Forwarded-For does not start a new streak', async () => {
    const { username } = await api.customer();
    for (let i = 0; i < LOGIN_PAIR_POLICY.free; i++) {
      await expectRejected(login(username, 'wrong-pw', '203.0.113.40', { 'x-forwarded-for': `198.18.0.${i}` }), 401);
    }
    await expectRejected(login(username, 'secret1', '203.0.113.40', { 'x-forwarded-for': '198.18.1.1' }), 429);
  });

  test('without the CloudFront setting, a CloudFront-Viewer-Address sent by the client is ignored', async () => {
    const direct = await createApi({ now: () => new Date(clock) });
    try {
      const { username } = await direct.customer();
      const attempt = (i: number, password: string) =>
        direct.call('POST', '/api/auth/login', { json: { username, password }, headers: from(`198.51.100.${i}`) });
      for (let i = 0; i < LOGIN_PAIR_POLICY.free; i++) await expectRejected(attempt(i, 'wrong-pw'), 401);
      await expectRejected(attempt(200, 'secret1'), 429);
    } finally {
      await direct.close();
    }
  });
});

describe('per address: a ceiling across usernames', () => {
  test(`attempts beyond ${LOGIN_ADDRESS_POLICY.limit} in 15 minutes from one address are refused for every username; other addresses are not`, async () => {
    advance(LOGIN_ADDRESS_POLICY.windowMs);
    const { username } = await api.customer();
    const extra = 5;
    // Fired together: every attempt is counted before hashing, so the ceiling holds whatever the hash queue does.
    const results = await Promise.all(Array.from({ length: LOGIN_ADDRESS_POLICY.limit + extra }, () => login(unique('guess'), 'wrong-pw', '192.0.2.77')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 503)).toBe(true);
    await expectRejected(login(username, 'secret1', '192.0.2.77'), 429);
    expect((await login(username, 'secret1', '192.0.2.78')).status).toBe(200);
  });

  test('successful logins do not count against their address', async () => {
    advance(LOGIN_ADDRESS_POLICY.windowMs);
    const { username } = await api.customer();
    for (let i = 0; i < 3; i++) expect((await login(username, 'secret1', '192.0.2.90')).status).toBe(200);
    const results = await Promise.all(Array.from({ length: LOGIN_ADDRESS_POLICY.limit }, () => login(unique('guess'), 'wrong-pw', '192.0.2.90')));
    expect(results.filter((r) => r.status === 429)).toHaveLength(0);
  });
});

describe('under real concurrency, on servers listening on 127.0.0.1', () => {
  test('60 simultaneous logins for one account from one address, spread over two API instances: at most 5 passwords are checked', async () => {
    // A clock that stands still, so no delay elapses however slowly the machine serves the burst.
    const shared = await createApi({ now: () => new Date(clock) });
    // Two instances over one table, as two Lambda containers would be.
    const [one, two] = await Promise.all([serveOnLoopback(buildApp(shared.deps).fetch), serveOnLoopback(buildApp(shared.deps).fetch)]);
    try {
      const { username } = await shared.customer();
      const passwords = Array.from({ length: 60 }, (_, i) => (i === 30 ? 'secret1' : `guess-${i}`));
      const responses = await Promise.all(
        passwords.map((password, i) =>
          fetch(`${i % 2 ? one.url : two.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password }),
          }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      const checked = statuses.filter((s) => s === 200 || s === 401).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(LOGIN_PAIR_POLICY.free);
      expect(statuses.filter((s) => s === 429).length).toBe(60 - checked);
      for (const r of responses.filter((x) => x.status === 429)) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await r.json()).toEqual({ message: expect.stringMatching(/^Too many failed login attempts/) });
      }
      // The right password right after the burst is still refused from this address.
      const after = await fetch(`${one.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'secret1' }),
      });
      expect(after.status).toBe(429);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await shared.close();
    }
  });

  test('a flood of logins for unknown users is hashed a few at a time; the rest get 503 with Retry-After, and the server keeps serving', async () => {
    const flood = await createApi();
    const webDist = mkdtempSync(join(tmpdir(), 'parts-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    const server = await serveOnLoopback(createServerApp(buildApp(flood.deps), webDist).app.fetch);
    try {
      const burst = Promise.all(
        Array.from({ length: 48 }, () =>
          fetch(`${server.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: unique('nobody'), password: 'wrong-pw' }),
          }),
        ),
      );
      // While it runs, a static file and the API still answer.
      const [asset, health] = await Promise.all([fetch(`${server.url}/assets/app.js`), fetch(`${server.url}/api/health`)]);
      expect(asset.status).toBe(200);
      expect(health.status).toBe(200);
      const responses = await burst;
      const busy = responses.filter((r) => r.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(responses.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(HASH_CONCURRENCY);
      expect(responses.every((r) => r.status === 401 || r.status === 503)).toBe(true);
      for (const r of busy) {
        expect(r.headers.get('retry-after')).toBe('1');
        expect(await r.json()).toEqual({ message: HASH_BUSY_MESSAGE });
      }
    } finally {
      await server.close();
      rmSync(webDist, { recursive: true, force: true });
      await flood.close();
    }
  });
});
