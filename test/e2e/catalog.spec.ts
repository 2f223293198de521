import { expect, test, type APIRequestContext } from '@playwright/test';
import type { FacetCount } from '@parts/shared/schemas';
import { listParts } from './support/e2e-helpers';

const BORE = { min: 1, max: 500 };
const boreJson = JSON.stringify({ bore: BORE });

/** A category and enough manufacturers that the filtered list, with a bore range, has a page 2. */
async function pickFilters(request: APIRequestContext) {
  const withBore = await listParts(request, { pageSize: '1', specifications: boreJson });
  const categories = [...withBore.facets.categories].sort((a, b) => b.count - a.count);
  for (const category of categories) {
    const inCategory = await listParts(request, { pageSize: '1', specifications: boreJson, categoryId: String(category.id) });
    const manufacturers: FacetCount[] = [];
    let sum = 0;
    for (const m of [...inCategory.facets.manufacturers].sort((a, b) => b.count - a.count)) {
      if (m.count === 0) continue;
      manufacturers.push(m);
      sum += m.count;
      if (sum > 9 && manufacturers.length >= 2) break;
    }
    if (sum > 9) return { category, manufacturers };
  }
  throw new Error('The seeded data has no category with more than 9 parts in the bore range');
}

test.describe('catalogue listing', () => {
  test('filter by category, manufacturer and bore range, sort, page 2; the URL keeps it all across a reload', async ({ page, request }) => {
    const { category, manufacturers } = await pickFilters(request);
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
    const filters = page.getByRole('complementary', { name: 'Filters' });

    await filters.getByRole('checkbox', { name: category.name, exact: true }).click();
    for (const m of manufacturers) await filters.getByRole('checkbox', { name: m.name, exact: true }).click();
    await filters.getByRole('spinbutton', { name: 'Bore Size (mm) minimum' }).fill(String(BORE.min));
    await filters.getByRole('spinbutton', { name: 'Bore Size (mm) maximum' }).fill(String(BORE.max));
    await filters.getByRole('button', { name: 'Apply Filters' }).click();

    await expect(page).toHaveURL(new RegExp(`categoryId=${category.id}`));
    const url = new URL(page.url());
    expect(url.searchParams.getAll('manufacturerId').sort()).toEqual(manufacturers.map((m) => String(m.id)).sort());
    expect(JSON.parse(url.searchParams.get('specifications') ?? '{}')).toEqual({ bore: BORE });

    const query = {
      categoryId: String(category.id),
      manufacturerId: manufacturers.map((m) => String(m.id)),
      specifications: boreJson,
      sortBy: 'partNumber',
      sortOrder: 'asc',
      pageSize: '9',
    };
    const expected = await listParts(request, { ...query, page: '2' });
    await expect(page.getByTestId('result-count')).toHaveText(`${expected.total} results`);
    // Facet counts are shown beside the checkboxes.
    await expect(filters.locator('li', { hasText: category.name }).first()).toContainText('(');

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Part Number' }).click();
    await expect(page).toHaveURL(/sortBy=partNumber/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    const cards = page.getByTestId('part-card');
    await expect(cards.first()).toContainText(expected.data[0]!.name);
    await expect(cards).toHaveCount(expected.data.length);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('result-count')).toHaveText(`${expected.total} results`);
    await expect(cards.first()).toContainText(expected.data[0]!.name);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveText(/Part Number/);
    await expect(filters.getByRole('checkbox', { name: category.name, exact: true })).toBeChecked();
    await expect(filters.getByRole('spinbutton', { name: 'Bore Size (mm) minimum' })).toHaveValue(String(BORE.min));

    // Previous from page 2 goes back to page 1.
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  test('a category page fixes the category and hides that filter', async ({ page, request }) => {
    const category = await request.get('/api/categories/hydraulic-components');
    expect(category.ok()).toBe(true);
    const { name } = (await category.json()) as { name: string };
    await page.goto('/catalog/hydraulic-components');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await expect(filters.getByRole('button', { name: 'Manufacturers' })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Categories' })).toHaveCount(0);
    await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* results$/);
  });

  test('no match shows the empty state; invalid specifications in the URL are ignored', async ({ page }) => {
    await page.goto('/catalog?q=zzqqxxnothingmatches');
    await expect(page.getByText('No parts found')).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or search query.')).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('0 results');

    await page.goto(`/catalog?specifications=${encodeURIComponent('{"bore":{"min":50,"max":10}}')}`);
    await expect(page.getByText('Failed to load parts')).toBeVisible();

    await page.goto('/catalog?specifications=%7Bnot-json');
    await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* results$/);
  });
});
