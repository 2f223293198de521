import { expect, test } from './support/test';
import type { Category } from '@parts/shared/schemas';
import { getJson, listParts, somePart } from './support/e2e-helpers';

test.describe('search that forgives', () => {
  test('a misspelt query shows results for the corrected words, says so, and marks what matched', async ({ page }) => {
    await page.goto('/catalog?q=hydraulc%20pump');
    await expect(page.getByTestId('search-notice')).toHaveText('No exact matches for hydraulc pump — showing results for hydraulic pump');
    const first = page.getByTestId('part-card').first();
    await expect(first).toContainText(/pump/i);
    await expect(
      first
        .locator('mark')
        .filter({ hasText: /^pump$/i })
        .first(),
    ).toBeVisible();
  });

  test('a query that matches nothing as a whole is relaxed, and the page says which words it used', async ({ page }) => {
    await page.goto('/catalog?q=siemens%20pneumatic%20cylinder');
    await expect(page.getByTestId('search-notice')).toContainText('No exact matches for siemens pneumatic cylinder — showing results for');
    await expect(page.getByTestId('part-card').first()).toBeVisible();
  });

  test('a word too far from any spelling for a correction is searched one edit fuzzier, and the page says so', async ({ page }) => {
    await page.goto('/catalog?q=beerng');
    await expect(page.getByTestId('search-notice')).toHaveText('No exact matches for beerng — showing results for bearing');
    await expect(page.getByTestId('part-card').first()).toContainText(/bearing/i);
  });

  test('when the filters leave nothing for the corrected words, a spelling the catalogue knows is offered and leads to results', async ({ page, request }) => {
    const categories = await getJson<Category[]>(request, '/api/categories');
    const bearings = await listParts(request, { q: 'bearing', pageSize: '1' });
    const elsewhere = categories.find((c) => c.parentId == null && !bearings.facets.categories.some((f) => f.id === c.id));
    expect(elsewhere, 'a top-level category without bearings').toBeDefined();
    await page.goto(`/catalog?q=beerng&categoryId=${elsewhere!.id}`);
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

  test('a part number typed loosely is marked in the suggestions and in the cards, punctuation included', async ({ page, request }) => {
    const part = await somePart(request, 3);
    // The first eight letters and digits, typed in lower case without punctuation.
    const typed = part.partNumber
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .toLowerCase();
    await page.goto('/support');
    const box = page.locator('header').getByRole('combobox', { name: 'Search parts' });
    await box.fill(typed);
    const option = page.getByRole('option').filter({ hasText: part.name }).first();
    await expect(option.locator('mark').filter({ hasText: /\d/ }).first()).toBeVisible();
    const marked = (await option.locator('mark').filter({ hasText: /\d/ }).first().innerText()).replace(/[^A-Za-z0-9]/g, '').toLowerCase();
    expect(marked).toBe(typed);

    await page.goto(`/catalog?q=${encodeURIComponent(typed)}`);
    const card = page.getByTestId('part-card').filter({ hasText: part.name }).first();
    const mark = card.locator('mark').filter({ hasText: /\d/ }).first();
    await expect(mark).toBeVisible();
    expect((await mark.innerText()).replace(/[^A-Za-z0-9]/g, '').toLowerCase()).toBe(typed);
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
