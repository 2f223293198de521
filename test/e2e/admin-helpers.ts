import { expect, type Locator, type Page } from '@playwright/test';
import type { Category, Manufacturer } from '@parts/shared/schemas';
import { loginAdmin } from './support/e2e-helpers';

/** Signs the page's browser context in as the administrator (the cookie is shared with the page). */
export async function loginAdminViaApi(page: Page): Promise<void> {
  await loginAdmin(page.request);
}

/** Opens the dashboard as the administrator on the given tab. */
export async function openAdminTab(page: Page, tab: 'Overview' | 'Categories' | 'Manufacturers' | 'Parts' | 'Quote Requests'): Promise<Locator> {
  await loginAdminViaApi(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await expect(panel).toBeVisible();
  return panel;
}

/** Picks an option of a Radix select found by its accessible name. */
export async function chooseOption(scope: Page | Locator, page: Page, selectName: string | RegExp, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: selectName }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** A fresh category and manufacturer of the test's own, so imported parts never land in data other specs count. */
export async function createRelations(page: Page, tag: string): Promise<{ category: Category; manufacturer: Manufacturer }> {
  const slug = `e2e-${tag.toLowerCase()}`;
  const category = await page.request.post('/api/categories', { data: { name: `E2E Category ${tag}`, slug } });
  expect(category.status(), await category.text()).toBe(201);
  const manufacturer = await page.request.post('/api/manufacturers', { data: { name: `E2E Manufacturer ${tag}`, slug } });
  expect(manufacturer.status(), await manufacturer.text()).toBe(201);
  return { category: (await category.json()) as Category, manufacturer: (await manufacturer.json()) as Manufacturer };
}
