import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import { FOREIGN_ORIGIN_MESSAGE } from '../../src/http/origin-check';
import { createTestDeps, type TestDeps } from '../support/test-deps';
import { createCatalogFixture } from '../support/builders';
import { serveOnLoopback } from '../support/serve';
import { hashPassword } from '../../src/modules/accounts/password';
import { sessionCookie } from '../api/api-helpers';

/**
 * R4: a page on another port of the same host (or a sibling subdomain) is "same site", so the admin's
 * SameSite=Lax cookie rides along on its multipart POST. Every state-changing call must check Origin.
 */
let deps: TestDeps;
let app: ReturnType<typeof buildApp>;
let site: { url: string; close(): Promise<void> };
let admin: string;
let categoryId: number;
let manufacturerId: number;

beforeAll(async () => {
  const base = await createTestDeps();
  // The app learns its own origin only once it listens, as ALLOWED_ORIGINS names it in production.
  site = await serveOnLoopback((request) => app.fetch(request));
  deps = { ...base, env: { ...base.env, ALLOWED_ORIGINS: [site.url] } };
  app = buildApp(deps);
  ({
    category: { id: categoryId },
    manufacturer: { id: manufacturerId },
  } = await createCatalogFixture(deps.catalog));
  await deps.users.upsertAdmin({ username: 'origin-admin', isAdmin: true, passwordHash: await hashPassword('admin123') });
  const login = await fetch(`${site.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ username: 'origin-admin', password: 'admin123' }),
  });
  expect(login.status).toBe(200);
  admin = sessionCookie(login);
});
afterAll(async () => {
  await site.close();
  await deps.close();
});

function importForm(partNumber: string): FormData {
  const body = new FormData();
  body.append('columnMapping', JSON.stringify({ Name: 'name', 'Part No': 'partNumber', Price: 'price', Category: 'categoryId', Maker: 'manufacturerId' }));
  const csv = `Name,Part No,Price,Category,Maker\nForged part,${partNumber},1.50,${categoryId},${manufacturerId}\n`;
  body.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'parts.csv');
  return body;
}

describe('state-changing calls from another origin', () => {
  test('a CSV import posted with the admin cookie from another port of the same host is refused with 403 JSON and creates nothing', async () => {
    const before = await deps.catalog.countParts();
    const otherPort = new URL(site.url);
    otherPort.port = String(Number(otherPort.port) === 65535 ? 1024 : Number(otherPort.port) + 1);
    const res = await fetch(`${site.url}/api/parts/import-csv`, {
      method: 'POST',
      headers: { cookie: admin, origin: otherPort.origin, 'sec-fetch-site': 'same-site' },
      body: importForm('CSRF-1'),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
    await deps.whenJobsIdle();
    expect(await deps.catalog.countParts()).toBe(before);

    // The same request from the site's own page goes through.
    const own = await fetch(`${site.url}/api/parts/import-csv`, {
      method: 'POST',
      headers: { cookie: admin, origin: site.url, 'sec-fetch-site': 'same-origin' },
      body: importForm('CSRF-2'),
    });
    expect(own.status).toBeLessThan(300);
    await deps.whenJobsIdle();
    expect(await deps.catalog.countParts()).toBe(before + 1);
  });

  test('every non-GET route refuses a sibling subdomain, a "null" origin and Sec-Fetch-Site cross-site before any other check', async () => {
    const routes = app.routes.filter((r) => !['GET', 'HEAD', 'OPTIONS', 'ALL'].includes(r.method) && r.path.startsWith('/api/'));
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(unique.length).toBeGreaterThan(15);
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://shop.127.0.0.1.nip.io', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const route of unique) {
      const path = route.path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, '1');
      for (const headers of foreign) {
        const res = await app.request(path, { method: route.method, headers: { ...headers, cookie: admin, 'content-type': 'application/json' }, body: '{}' });
        expect({ route: `${route.method} ${path}`, headers, status: res.status }).toEqual({ route: `${route.method} ${path}`, headers, status: 403 });
        expect(await res.json()).toEqual({ message: FOREIGN_ORIGIN_MESSAGE });
      }
    }
  });

  test('the site’s own origin, requests without browser headers and reads from anywhere pass', async () => {
    const logout = (headers: Record<string, string>) => app.request('/api/auth/logout', { method: 'POST', headers });
    expect((await logout({ origin: site.url, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await logout({ origin: site.url.toUpperCase().replace('HTTP://', 'http://') })).status).toBe(200);
    expect((await logout({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await logout({ 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await logout({})).status).toBe(200);
    const read = await app.request('/api/categories', { headers: { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' } });
    expect(read.status).toBe(200);
  });
});
