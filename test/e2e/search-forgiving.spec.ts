import { expect, test } from '@playwright/test';

test.describe('search that forgives', () => {
  test('a misspelt query shows results for the corrected words, says so, and marks what matched', async ({ page }) => {
    await page.goto('/catalog?q=hydraulc%20pump');
    await expect(page.getByTestId('search-notice')).toHaveText('No exact matches for hydraulc pump — showing results for hydraulic pump');
    const first = page.getByTestId('part-card').first();
    await expect(first).toContainText(/pump/i);
    await expect(first.locator('mark').filter({ hasText: /^pump$/i }).first()).toBeVisible();
  });

  test('a query that matches nothing as a whole is relaxed, and the page says which words it used', async ({ page }) => {
    await page.goto('/catalog?q=siemens%20pneumatic%20cylinder');
    await expect(page.getByTestId('search-notice')).toContainText('No exact matches for siemens pneumatic cylinder — showing results for');
    await expect(page.getByTestId('part-card').first()).toBeVisible();
  });

  test('with no results at all, a spelling the catalogue knows is offered and leads to results', async ({ page }) => {
    await page.goto('/catalog?q=beerng');
    await expect(page.getByRole('heading', { name: 'No parts found' })).toBeVisible();
    await page.getByTestId('did-you-mean').getByRole('link', { name: 'bearing' }).click();
    await expect(page).toHaveURL(/\/catalog\?q=bearing$/);
    await expect(page.getByTestId('part-card').first()).toContainText(/bearing/i);
  });

  test('autocomplete corrects a mistyped word prefix and marks the match', async ({ page }) => {
    await page.goto('/support');
    const box = page.locator('header').getByRole('combobox', { name: 'Search parts' });
    await box.fill('cylindr');
    const option = page.getByRole('option').first();
    await expect(option).toBeVisible();
    await expect(option.locator('mark').first()).toHaveText(/^cylinder$/i);
  });

  test('dimensions typed as "32 x 100" find parts with that bore and stroke', async ({ page }) => {
    await page.goto('/catalog?q=32%20x%20100');
    const first = page.getByTestId('part-card').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page.getByText('32 mm').first()).toBeVisible();
    await expect(page.getByText('100 mm').first()).toBeVisible();
  });
});
