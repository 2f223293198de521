import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FOOTER_CATEGORY_SLUGS } from '@parts/shared/constants';
import { buildApp } from '../../src/app';
import { verifyPassword } from '../../src/modules/accounts/password';
import { ensureAdmin, seedDemoData } from '../../src/local/seed';
import { createServerApp } from '../../src/local/server-app';
import { createTestDeps, type TestDeps } from '../support/test-deps';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(() => deps.close());

describe('seedDemoData', () => {
  test('writes the demo catalogue and the admin through the repositories', async () => {
    const result = await seedDemoData({ catalog: deps.catalog, users: deps.users, parts: 200, admin: { username: 'admin', password: 'admin123' } });
    expect(result).toMatchObject({ parts: 200, failures: 0 });
    expect(await deps.catalog.countParts()).toBe(200);
    const categories = await deps.catalog.listCategories();
    for (const slug of FOOTER_CATEGORY_SLUGS) {
      const top = categories.find((c) => c.slug === slug);
      expect(top?.parentId).toBeNull();
      expect(categories.filter((c) => c.parentId === top?.id).length).toBeGreaterThanOrEqual(3);
    }
    expect((await deps.catalog.listManufacturers()).length).toBeGreaterThanOrEqual(20);
    const admin = await deps.users.getUserByUsername('admin');
    expect(admin?.isAdmin).toBe(true);
    expect(await verifyPassword('admin123', admin!.passwordHash)).toBe(true);

    const page = await deps.catalog.scanParts(undefined, 200);
    const cylinder = page.items.find((p) => p.specifications.bore && p.specifications.stroke);
    expect(cylinder?.specNumbers.bore).toBeGreaterThan(0);
    expect(await deps.catalog.getPartBySlug(cylinder!.slug)).toEqual(cylinder);

    // Running it again (a resumed seed) changes nothing.
    const again = await seedDemoData({ catalog: deps.catalog, users: deps.users, parts: 200, admin: { username: 'admin', password: 'admin123' } });
    expect(again).toMatchObject({ parts: 200, failures: 0 });
    expect(await deps.catalog.countParts()).toBe(200);
    expect(await deps.catalog.countCategories()).toBe(categories.length);
  }, 120_000);

  test('ensureAdmin resets the password of an existing admin', async () => {
    await ensureAdmin(deps.users, { username: 'boss', password: 'first-pass' });
    await ensureAdmin(deps.users, { username: 'boss', password: 'second-pass' });
    const boss = await deps.users.getUserByUsername('boss');
    expect(await verifyPassword('second-pass', boss!.passwordHash)).toBe(true);
  });
});

describe('the local server app', () => {
  let webDist: string;
  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'parts-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app-123.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg/>');
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  test('serves the API, files, and index.html for client routes; unknown /api paths stay JSON 404', async () => {
    const { app, servesWeb } = createServerApp(buildApp(deps), webDist);
    expect(servesWeb).toBe(true);
    expect((await app.request('/api/health')).status).toBe(200);

    const missing = await app.request('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });

    for (const path of ['/', '/catalog/hydraulic-components', '/part/some-part', '/admin/parts']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>SPA</title>');
    }
    const asset = await app.request('/assets/app-123.js');
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await (await app.request('/favicon.svg')).text()).toBe('<svg/>');
    const traversal = await app.request('/assets/..%2f..%2f..%2fetc%2fpasswd');
    expect(await traversal.text()).not.toContain('root:');
  });

  test('without a web build it serves the API alone', async () => {
    const { app, servesWeb } = createServerApp(buildApp(deps), join(webDist, 'nowhere'));
    expect(servesWeb).toBe(false);
    expect((await app.request('/api/health')).status).toBe(200);
  });
});
