import { randomUUID } from 'node:crypto';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import type { AdminStats, Category } from '@parts/shared/schemas';
import { ADMIN_PASSWORD, ADMIN_USERNAME, expectToast, getJson, registerViaApi, uniqueName } from './support/e2e-helpers';

/** Every admin operation of the API, each with a body a real admin could send. */
function adminCalls(marker: string) {
  const csv = { name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(`name,partNumber\n${marker},${marker}\n`) };
  return [
    { name: 'create category', send: (r: APIRequestContext) => r.post('/api/categories', { data: { name: marker, slug: marker.toLowerCase() } }) },
    { name: 'update category', send: (r: APIRequestContext) => r.put('/api/categories/1', { data: { name: marker, slug: marker.toLowerCase() } }) },
    { name: 'create manufacturer', send: (r: APIRequestContext) => r.post('/api/manufacturers', { data: { name: marker, slug: marker.toLowerCase() } }) },
    { name: 'update manufacturer', send: (r: APIRequestContext) => r.put('/api/manufacturers/1', { data: { name: marker, slug: marker.toLowerCase() } }) },
    {
      name: 'create part',
      send: (r: APIRequestContext) =>
        r.post('/api/parts', { data: { name: marker, partNumber: marker, slug: marker.toLowerCase(), categoryId: 1, manufacturerId: 1 } }),
    },
    {
      name: 'update part',
      send: (r: APIRequestContext) =>
        r.put('/api/parts/1', { data: { name: marker, partNumber: marker, slug: marker.toLowerCase(), categoryId: 1, manufacturerId: 1 } }),
    },
    { name: 'CSV template', send: (r: APIRequestContext) => r.get('/api/parts/csv-template') },
    { name: 'CSV preview', send: (r: APIRequestContext) => r.post('/api/parts/import-csv/preview', { multipart: { csvFile: csv } }) },
    {
      name: 'CSV import',
      send: (r: APIRequestContext) =>
        r.post('/api/parts/import-csv', { multipart: { csvFile: csv, columnMapping: JSON.stringify({ name: 'name', partNumber: 'partNumber' }) } }),
    },
    { name: 'CSV staging upload', send: (r: APIRequestContext) => r.post('/api/uploads/csv', { data: { fileName: 'big.csv', size: 10_000_000 } }) },
    {
      name: 'start import job',
      send: (r: APIRequestContext) => r.post('/api/imports', { data: { key: 'imports/x.csv', columnMapping: { name: 'name', partNumber: 'partNumber' } } }),
    },
    { name: 'read import job', send: (r: APIRequestContext) => r.get(`/api/imports/${randomUUID()}`) },
    { name: 'admin stats', send: (r: APIRequestContext) => r.get('/api/admin/stats') },
    { name: 'list quote requests', send: (r: APIRequestContext) => r.get('/api/quote-requests') },
    { name: 'update quote status', send: (r: APIRequestContext) => r.patch('/api/quote-requests/1/status', { data: { status: 'approved' } }) },
  ];
}

test.describe('admin access', () => {
  test('the admin login refuses a normal user and logs them out at once', async ({ page }) => {
    const { username, password } = await registerViaApi(page.request);
    await page.request.post('/api/auth/logout');
    await page.goto('/admin/login');
    await expect(page.getByText('Admin Control Panel')).toBeVisible();
    await expect(page.getByText('Secure access for administrators only')).toBeVisible();
    await expect(page.getByText(/unauthorized access attempts are logged/i)).toBeVisible();

    await page.getByLabel('Admin Username').fill('ab');
    await page.getByLabel('Admin Password').fill('123');
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

    await page.getByLabel('Admin Username').fill(username);
    await page.getByLabel('Admin Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expectToast(page, 'Login failed');

    await page.getByLabel('Admin Password').fill(password);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expectToast(page, 'Access denied', 'You do not have administrative privileges.');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect.poll(async () => (await page.request.get('/api/auth/me')).json()).toBeNull();
  });

  test('a guest is sent to the admin login and a logged-in user is denied the dashboard', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();

    await registerViaApi(page.request);
    await page.goto('/admin');
    await expectToast(page, 'Access Denied', 'You do not have admin privileges.');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toHaveCount(0);
  });

  test('an admin logs in, sees the real counts, is sent straight on when already in, and logs out', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Admin Username').fill(ADMIN_USERNAME);
    await page.getByLabel('Admin Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Access Admin Panel' }).click();
    await expectToast(page, 'Admin login successful');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', exact: true })).toBeVisible();

    const stats = await getJson<AdminStats>(page.request, '/api/admin/stats');
    const summary = page.getByRole('region', { name: 'Summary' });
    // Other specs may add rows meanwhile, so each card shows at least what the API counted just now.
    for (const [title, value] of [
      ['Total Categories', stats.totalCategories],
      ['Total Manufacturers', stats.totalManufacturers],
      ['Total Parts', stats.totalParts],
      ['Pending Quotes', stats.pendingQuotes],
    ] as const) {
      const card = summary.locator('div.rounded-lg', { hasText: title });
      await expect(card).toBeVisible();
      await expect.poll(async () => Number(await card.locator('p.text-3xl').textContent())).toBeGreaterThanOrEqual(value);
    }
    expect(stats.totalParts).toBeGreaterThan(0);
    for (const tab of ['Overview', 'Categories', 'Manufacturers', 'Parts', 'Quote Requests']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }

    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect.poll(async () => (await page.request.get('/api/auth/me')).json()).toBeNull();
  });

  test('no admin API call works for a guest or a normal user, and none of them writes anything', async ({ playwright, baseURL }) => {
    const marker = uniqueName('Denied');
    const guest = await playwright.request.newContext({ baseURL });
    const user = await playwright.request.newContext({ baseURL });
    try {
      await registerViaApi(user);
      for (const call of adminCalls(marker)) {
        const asGuest = await call.send(guest);
        expect(asGuest.status(), `${call.name} as a guest`).toBe(401);
        expect(((await asGuest.json()) as { message: string }).message, `${call.name} as a guest`).toEqual(expect.any(String));
        const asUser = await call.send(user);
        expect(asUser.status(), `${call.name} as a user`).toBe(403);
        expect(((await asUser.json()) as { message: string }).message, `${call.name} as a user`).toEqual(expect.any(String));
      }
      // The admin create of a quote request: a guest is refused; a user's JSON is a customer submission and needs parts.
      const guestQuote = await guest.post('/api/quote-requests', { data: { customerName: marker, customerEmail: 'a@example.com', status: 'approved' } });
      expect(guestQuote.status()).toBe(401);
      const userQuote = await user.post('/api/quote-requests', { data: { customerName: marker, customerEmail: 'a@example.com', status: 'approved' } });
      expect(userQuote.status()).toBe(400);

      const categories = await getJson<Category[]>(guest, '/api/categories');
      expect(categories.some((c) => c.name === marker)).toBe(false);
      const manufacturers = await getJson<Category[]>(guest, '/api/manufacturers');
      expect(manufacturers.some((m) => m.name === marker)).toBe(false);
      const parts = await getJson<{ total: number }>(guest, `/api/parts?q=${marker}`);
      expect(parts.total).toBe(0);
    } finally {
      await guest.dispose();
      await user.dispose();
    }
  });
});
