import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DIRECT_ACCESS_MESSAGE } from '../../src/http/origin-verify';
import { createApi, expectRejected, reportRejected, type Api } from '../api/api-helpers';

/** R7: the API Gateway URL stayed callable directly, past WAF and with a forgeable CloudFront-Viewer-Address. */
const SECRET = 'origin-verify-secret-of-at-least-32-characters';
let api: Api;
beforeAll(async () => {
  api = await createApi((deps) => ({ env: { ...deps.env, ORIGIN_VERIFY_SECRET: SECRET, TRUST_CLOUDFRONT_VIEWER_ADDRESS: true } }));
});
afterAll(async () => {
  reportRejected('origin-verify.test.ts');
  await api.close();
});

describe('with ORIGIN_VERIFY_SECRET set (as on AWS)', () => {
  test('requests without CloudFront’s header, or with a wrong one, are refused with 403 JSON before anything runs', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-origin-verify': 'guess' },
      { 'x-origin-verify': `${SECRET}x` },
      { 'x-origin-verify': SECRET.slice(1) },
    ];
    for (const headers of attempts) {
      await expectRejected(api.call('GET', '/api/health', { headers }), 403, DIRECT_ACCESS_MESSAGE);
      await expectRejected(
        api.call('POST', '/api/auth/login', {
          headers: { ...headers, 'cloudfront-viewer-address': '203.0.113.9:443' },
          json: { username: 'admin', password: 'guess12' },
        }),
        403,
        DIRECT_ACCESS_MESSAGE,
      );
    }
  });

  test('requests CloudFront forwards (with the header) are served', async () => {
    expect((await api.call('GET', '/api/categories', { headers: { 'x-origin-verify': SECRET } })).status).toBe(200);
    const login = await api.call('POST', '/api/auth/login', { headers: { 'x-origin-verify': SECRET }, json: { username: 'nobody', password: 'guess12' } });
    expect(login.status).toBe(401);
  });
});

describe('during a rotation of the origin secret (ADR 106: two versions, comma-separated)', () => {
  const PREVIOUS = 'previous-origin-secret-of-at-least-32-chars';
  const NEXT = 'next-origin-secret-of-at-least-32-characters';
  let rotating: Api;
  beforeAll(async () => {
    rotating = await createApi((deps) => ({ env: { ...deps.env, ORIGIN_VERIFY_SECRET: `${PREVIOUS},${NEXT}` } }));
  });
  afterAll(async () => {
    await rotating.close();
  });

  test('CloudFront’s old and new value are both served, so neither order of the deploy refuses a request', async () => {
    for (const value of [PREVIOUS, NEXT]) {
      expect((await rotating.call('GET', '/api/categories', { headers: { 'x-origin-verify': value } })).status).toBe(200);
    }
  });

  test('anything else is refused: no header, another value, both values at once, a part of one', async () => {
    for (const value of [undefined, SECRET, `${PREVIOUS},${NEXT}`, NEXT.slice(0, 32), '']) {
      const headers: Record<string, string> = value === undefined ? {} : { 'x-origin-verify': value };
      await expectRejected(rotating.call('GET', '/api/health', { headers }), 403, DIRECT_ACCESS_MESSAGE);
    }
  });
});
