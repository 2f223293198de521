import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import type { FacetCount } from '@parts/shared/schemas';
import { SEEDED_PARTS, listParts } from './support/e2e-helpers';
import { seriousViolations } from './support/axe';

const BORE = { min: 1, max: 500 };
const boreJson = JSON.stringify({ bore: BORE });

/**
 * A category of the seeded catalogue: other specs running beside this one make their own (`e2e-…`, createRelations)
 * and import up to 1,100 parts into one of them, so its count can grow between reading it and seeing it on the page.
 */
const seeded = (category: FacetCount) => !category.slug.startsWith('e2e-');

/** A category and enough manufacturers that the filtered list, with a bore range, has a page 2. */
async function pickFilters(request: APIRequestContext) {
  const withBore = await listParts(request, { pageSize: '1', specifications: boreJson });
  const categories = [...withBore.facets.categories].filter(seeded).sort((a, b) => b.count - a.count);
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
    await expect(filters.getByRole('button', { name: 'Manufacturers', exact: true })).toBeVisible();
    await expect(filters.getByRole('button', { name: 'Categories', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* results$/);
  });

  test('no match shows the empty state; invalid specifications in the URL are ignored', async ({ page }) => {
    await page.goto('/catalog?q=zzqqxxnothingmatches');
    await expect(page.getByText('No parts found')).toBeVisible();
    await expect(page.getByText('Try adjusting your filters or search query.')).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText('0 results');

    await page.goto(`/catalog?specifications=${encodeURIComponent('{"bore":{"min":50,"max":10}}')}`);
    await expect(page.getByRole('alert')).toContainText('Bore Size (mm): the minimum (50) is above the maximum (10)');

    await page.goto('/catalog?specifications=%7Bnot-json');
    await expect(page.getByTestId('result-count')).toHaveText(/^[1-9]\d* results$/);
  });
});

test.describe('catalogue on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('results come first; the Filters button opens the panel in a sheet that applies, clears and closes', async ({ page, request }) => {
    const all = await listParts(request, { pageSize: '1' });
    const category = [...all.facets.categories].filter(seeded).sort((a, b) => b.count - a.count)[0]!;
    const inCategory = await listParts(request, { pageSize: '1', categoryId: String(category.id) });

    await page.goto('/catalog');
    const cards = page.getByTestId('part-card');
    // Most of the first card shows on arrival: no filter block to scroll past.
    await expect(cards.first()).toBeInViewport({ ratio: 0.5 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);

    const open = page.getByRole('button', { name: 'Filters', exact: true });
    const sortBox = await page.getByRole('combobox', { name: 'Sort by' }).boundingBox();
    const openBox = await open.boundingBox();
    // Beside the sort selector, on the same row.
    expect(Math.abs((openBox?.y ?? 0) + (openBox?.height ?? 0) / 2 - ((sortBox?.y ?? 0) + (sortBox?.height ?? 0) / 2))).toBeLessThan(4);
    expect(openBox?.x ?? 0).toBeLessThan(sortBox?.x ?? 0);

    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Categories', exact: true })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Manufacturers', exact: true })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Specifications', exact: true })).toBeVisible();
    await expect(sheet.getByPlaceholder('Search parts...')).toBeVisible();
    await expect(sheet.getByRole('spinbutton', { name: 'Bore Size (mm) minimum' })).toHaveAttribute('placeholder', 'Min');
    await expect(sheet.getByRole('button', { name: 'Clear All' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Apply Filters' })).toBeVisible();
    // Focus starts in the sheet and Shift+Tab from its first control wraps to its last: it is trapped.
    await expect(sheet.getByRole('button', { name: 'Close filters' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(sheet.getByRole('button', { name: 'Apply Filters' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    // Escape first closes the search box's suggestions, then the sheet, handing focus back to the button.
    const search = sheet.getByRole('combobox', { name: 'Search within results' });
    await search.fill(all.data[0]!.partNumber);
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await search.press('Escape');
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    // A tap on the strip of page beside the sheet closes it. The sheet listens for taps outside from the task
    // after it opened (so the opening tap does not close it): a tap that lands sooner, on a busy machine, is
    // not one a person could make, so tap until it lands after that.
    await expect(async () => {
      await page.mouse.click(365, 400);
      await expect(sheet).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    await open.click();
    await sheet.getByRole('checkbox', { name: category.name, exact: true }).click();
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`categoryId=${category.id}`));
    await expect(page.getByTestId('result-count')).toHaveText(`${inCategory.total} results`);
    const counted = page.getByRole('button', { name: 'Filters, 1 active' });
    await expect(counted).toContainText('1');

    await page.reload();
    await counted.click();
    await expect(sheet.getByRole('checkbox', { name: category.name, exact: true })).toBeChecked();
    // Clear All empties the URL but keeps the sheet open to choose again.
    await sheet.getByRole('button', { name: 'Clear All' }).click();
    await expect(page).not.toHaveURL(/categoryId=/);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('checkbox', { name: category.name, exact: true })).not.toBeChecked();
    // Every part: at least the seeded catalogue, which the category is a part of (not the count the API gave at the
    // start: the page's answer may come from the page cache, older than that, while other specs import parts).
    expect(inCategory.total).toBeLessThan(SEEDED_PARTS);
    await expect(page.getByTestId('result-count')).not.toHaveText(`${inCategory.total} results`);
    await expect.poll(async () => Number.parseInt((await page.getByTestId('result-count').textContent()) ?? '', 10)).toBeGreaterThanOrEqual(SEEDED_PARTS);

    // Widening to lg closes the sheet and brings back the sidebar.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  });
});
