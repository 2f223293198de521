import { expect, test } from './support/test';
import { seriousViolations } from './support/axe';
import { registerViaApi, somePart } from './support/e2e-helpers';
import { loginAdminViaApi } from './admin-helpers';

test.describe('accessibility (axe): no serious or critical violations', () => {
  test('home', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('catalogue', async ({ page }) => {
    await page.goto('/catalog');
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    await expect(page.getByText('Loading manufacturers...')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('part detail', async ({ page, request }) => {
    const part = await somePart(request, 6);
    await page.goto(`/part/${part.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('request a quote', async ({ page, request }) => {
    await registerViaApi(page.request);
    const part = await somePart(request, 7);
    await page.goto(`/part/${part.slug}`);
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await page.goto('/quote-request');
    await expect(page.getByRole('button', { name: 'Submit Quote Request' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('auth', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  const simplePages: [string, string, RegExp | string][] = [
    ['manufacturers directory', '/manufacturers', 'Manufacturers Directory'],
    ['category page', '/catalog/hydraulic-components', 'Hydraulic Components'],
    ['manufacturer page', '/manufacturer/festo', 'Festo'],
    ['unknown category', '/catalog/no-such-category', 'Category Not Found'],
    ['page past the end', '/catalog?page=9999', 'All Parts'],
    ['support', '/support', /Technical Support/],
    ['contact', '/contact', /Contact/],
    ['privacy', '/privacy', 'Privacy Policy'],
    ['terms', '/terms', /Terms/],
    ['cookies', '/cookies', /Cookie/],
    ['not found', '/no/such/page', '404 Page Not Found'],
    ['missing part', '/part/no-such-part', 'Part Not Found'],
  ];
  for (const [label, path, heading] of simplePages) {
    test(label, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[data-testid="skeleton"], [data-testid="part-card-skeleton"]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('support tabs and the quote drawer', async ({ page, request }) => {
    await page.goto('/support');
    for (const tab of ['Resources', 'Contact Us']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    const part = await somePart(request, 3);
    await page.goto(`/part/${part.slug}`);
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await page
      .locator('header')
      .getByRole('button', { name: /Quote request, 1 items/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Quote Request' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('admin login', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const tab of ['Overview', 'Categories', 'Manufacturers', 'Parts', 'Quote Requests', 'Webhooks']) {
    test(`admin ${tab} tab, in table and grid view`, async ({ page }) => {
      await loginAdminViaApi(page);
      await page.goto('/admin');
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      await expect(panel).toBeVisible();
      await expect(panel.locator('[data-testid="skeleton"]')).toHaveCount(0);
      expect(await seriousViolations(page), tab).toEqual([]);
      const grid = panel.getByRole('button', { name: 'Grid', exact: true });
      if ((await grid.count()) > 0) {
        await grid.click();
        expect(await seriousViolations(page), `${tab} grid`).toEqual([]);
      }
    });
  }

  test('admin CSV import dialog', async ({ page }) => {
    await loginAdminViaApi(page);
    await page.goto('/admin?tab=parts');
    await page.getByRole('tabpanel', { name: 'Parts' }).getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Parts from CSV' })).toBeVisible();
    expect(await seriousViolations(page), 'CSV dialog').toEqual([]);
  });
});
