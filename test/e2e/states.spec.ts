import { type Page, type Route } from '@playwright/test';
import { expect, test } from './support/test';
import { registerViaApi, somePart } from './support/e2e-helpers';

/** Holds matching API calls until release(), so loading states can be seen. */
async function hold(page: Page, pattern: string | RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, async (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

/**
 * Public pages arrive server-rendered with their data; loading states show on the SPA's own
 * navigations. So these start on a page that is not server-rendered and follow the header's links.
 */
async function openFromHeader(page: Page, link: string) {
  await page.goto('/auth');
  await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click();
}

test.describe('loading, empty and failure states', () => {
  test('home shows 6, 3 and 4 skeletons while loading, then the empty texts', async ({ page }) => {
    const categories = await hold(page, '**/api/categories');
    const manufacturers = await hold(page, '**/api/manufacturers');
    const parts = await hold(page, '**/api/parts?pageSize=3');
    await openFromHeader(page, 'Industrial Parts Hub');
    await expect(page.getByTestId('category-skeleton')).toHaveCount(6);
    await expect(page.getByTestId('featured-skeleton')).toHaveCount(3);
    await expect(page.getByTestId('manufacturer-skeleton')).toHaveCount(4);
    await Promise.all([categories.release(), manufacturers.release(), parts.release()]);
    await page.unroute('**/api/categories');
    await page.unroute('**/api/manufacturers');
    await page.unroute('**/api/parts?pageSize=3');
    const empty = { status: 200, contentType: 'application/json' };
    await page.route('**/api/categories', (r) => r.fulfill({ ...empty, body: '[]' }));
    await page.route('**/api/manufacturers', (r) => r.fulfill({ ...empty, body: '[]' }));
    await page.route('**/api/parts?pageSize=3', (r) =>
      r.fulfill({ ...empty, body: JSON.stringify({ data: [], total: 0, page: 1, pageSize: 3, totalPages: 0, facets: { categories: [], manufacturers: [] } }) }),
    );
    await openFromHeader(page, 'Industrial Parts Hub');
    await expect(page.getByText('No categories available at the moment.')).toBeVisible();
    await expect(page.getByText('No featured parts available at the moment.')).toBeVisible();
    await expect(page.getByText('No manufacturers available at the moment.')).toBeVisible();
  });

  test('the catalogue shows 9 skeleton cards and the filter placeholders while loading', async ({ page }) => {
    const parts = await hold(page, /\/api\/parts\?page=/);
    const categories = await hold(page, '**/api/categories');
    const manufacturers = await hold(page, '**/api/manufacturers');
    await openFromHeader(page, 'Categories');
    await expect(page.getByTestId('part-card-skeleton')).toHaveCount(9);
    await expect(page.getByText('Loading categories...')).toBeVisible();
    await expect(page.getByText('Loading manufacturers...')).toBeVisible();
    await Promise.all([parts.release(), categories.release(), manufacturers.release()]);
    await expect(page.getByTestId('part-card')).toHaveCount(9);
    await expect(page.getByTestId('part-card-skeleton')).toHaveCount(0);
  });

  test('the directory shows 10 skeleton groups while loading', async ({ page }) => {
    const manufacturers = await hold(page, '**/api/manufacturers');
    await openFromHeader(page, 'Manufacturers');
    await expect(page.getByTestId('directory-skeleton-group')).toHaveCount(10);
    await expect(page.getByTestId('directory-skeleton-group').first().getByTestId('skeleton')).toHaveCount(7);
    await manufacturers.release();
    await expect(page.getByTestId('directory-skeleton-group')).toHaveCount(0);
  });

  test('/quote-request shows a spinner while the user loads; the login button reads Logging in...', async ({ page }) => {
    const me = await hold(page, '**/api/auth/me');
    await page.goto('/quote-request');
    await expect(page.getByRole('status')).toBeVisible();
    await me.release();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fquote-request$/);

    const login = await hold(page, '**/api/auth/login');
    const panel = page.getByRole('tabpanel', { name: 'Login' });
    await panel.getByLabel('Username').fill('somebody');
    await panel.getByLabel('Password').fill('password1');
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect(panel.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    await login.release();
    await expect(page.getByTestId('toast').filter({ hasText: 'Login failed' })).toBeVisible();
  });

  test('a failed submission shows the error toast and keeps the basket', async ({ page, request }) => {
    await registerViaApi(page.request);
    const part = await somePart(request, 8);
    await page.goto(`/part/${part.slug}`);
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await page.goto('/quote-request');
    await page.route('**/api/quote-requests/submissions', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' })
        : route.continue(),
    );
    await page.getByLabel('Full Name').fill('Jo Customer');
    await page.getByLabel('Email').fill('jo@example.com');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Error submitting quote request' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Service unavailable');
    await expect(page.getByTestId('quote-item-count')).toHaveText('You have 1 item in your quote request.');
  });
});
