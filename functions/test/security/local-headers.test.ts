import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PERMISSIONS_POLICY, contentSecurityPolicy } from '@parts/shared/security-headers';
import { buildApp } from '../../src/app';
import { createServerApp } from '../../src/local/server-app';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { serveOnLoopback } from '../support/serve';

/** R7: the local server sent no CSP and no frame protection; production gets them from CloudFront. */
let deps: TestDeps;
let webDist: string;
beforeAll(async () => {
  deps = await createTestDeps();
  webDist = mkdtempSync(join(tmpdir(), 'parts-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
});
afterAll(async () => {
  rmSync(webDist, { recursive: true, force: true });
  await deps.close();
});

describe('the local server sends the security headers CloudFront adds in production', () => {
  test('on pages, files, API answers and API errors, over a real socket', async () => {
    const { app } = createServerApp(buildApp(deps), webDist, { uploadOrigins: ['http://127.0.0.1:4569'] });
    const site = await serveOnLoopback((request) => app.fetch(request));
    try {
      for (const path of ['/', '/admin/parts', '/assets/app-1.js', '/api/health', '/api/categories', '/api/no-such-thing']) {
        const res = await fetch(`${site.url}${path}`);
        await res.arrayBuffer();
        const h = res.headers;
        expect({ path, csp: h.get('content-security-policy') }).toEqual({
          path,
          csp: contentSecurityPolicy(['http://127.0.0.1:4569'], { upgradeInsecureRequests: false }),
        });
        expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(h.get('content-security-policy')).toContain("connect-src 'self' http://127.0.0.1:4569");
        expect(h.get('x-frame-options')).toBe('DENY');
        expect(h.get('x-content-type-options')).toBe('nosniff');
        expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(h.get('permissions-policy')).toBe(PERMISSIONS_POLICY);
        // Plain http locally: HSTS would be meaningless and upgrade-insecure-requests would break the site.
        expect(h.get('strict-transport-security')).toBeNull();
      }
    } finally {
      await site.close();
    }
  });

  test('production’s policy is the same one, plus upgrade-insecure-requests', () => {
    expect(contentSecurityPolicy(['https://b.s3.amazonaws.com'])).toBe(
      `${contentSecurityPolicy(['https://b.s3.amazonaws.com'], { upgradeInsecureRequests: false })}; upgrade-insecure-requests`,
    );
  });
});
