import { describe, expect, test } from 'vitest';
import { Hono } from 'hono';
import { silentLogger } from '../lib/logger';
import { loadEnv, siteOrigins } from '../config/env';
import { FOREIGN_ORIGIN_MESSAGE, originCheck } from './origin-check';

/**
 * A stage without a domain of its own (ADR 120): the API cannot be told the distribution's name (distribution → API
 * function URL → function would be a cycle), so ALLOWED_ORIGINS says `same-origin`: a write passes when the browser
 * itself marks it as coming from the page's own origin (Sec-Fetch-Site, a header no page can set).
 */
const appWith = (allowed: string[]) => {
  const app = new Hono();
  app.use('*', originCheck(allowed, silentLogger));
  app.post('/api/x', (c) => c.json({ ok: true }));
  return app;
};
const post = (app: Hono, headers: Record<string, string>) => app.request('/api/x', { method: 'POST', headers });

describe('origin check with ALLOWED_ORIGINS=same-origin (a stage on its CloudFront name)', () => {
  const app = appWith(siteOrigins(loadEnv({ ALLOWED_ORIGINS: 'same-origin', JWT_SECRET: 'x'.repeat(40) })));

  test("the site's own page (Sec-Fetch-Site: same-origin) may write, whatever its CloudFront name", async () => {
    const res = await post(app, { origin: 'https://d111111abcdef8.cloudfront.net', 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
  });

  test.each([
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a sibling on the same site', { origin: 'https://other.cloudfront.net', 'sec-fetch-site': 'same-site' }],
    ['a browser that sends Origin without Sec-Fetch-Site', { origin: 'https://d111111abcdef8.cloudfront.net' }],
  ])('%s is refused with 403', async (_, headers) => {
    const res = await post(app, headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
  });

  test('a script without Origin or Sec-Fetch-Site passes as before (no cookie rides along uninvited)', async () => {
    expect((await post(app, {})).status).toBe(200);
  });
});

describe('origin check with a named origin (a stage with a domain)', () => {
  const app = appWith(['https://parts.example.com']);

  test('only that origin may write: Sec-Fetch-Site: same-origin from another name is refused', async () => {
    expect((await post(app, { origin: 'https://parts.example.com', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post(app, { origin: 'https://d111111abcdef8.cloudfront.net', 'sec-fetch-site': 'same-origin' })).status).toBe(403);
  });
});
