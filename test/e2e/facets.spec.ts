import { type Locator } from '@playwright/test';
import { expect, test } from './support/test';
import type { Category } from '@parts/shared/schemas';
import { SEEDED_PARTS, getJson, listParts } from './support/e2e-helpers';

/** The count shown beside a category's checkbox in the filter panel: "(228)" → 228. */
async function shownCount(filters: Locator, name: string): Promise<number> {
  const row = filters
    .locator('li')
    .filter({ has: filters.page().getByRole('checkbox', { name, exact: true }) })
    .last();
  const match = /\((\d+)\)/.exec(await row.innerText());
  if (!match) throw new Error(`no count beside ${name}`);
  return Number(match[1]);
}

test.describe('filter counts (disjunctive facets)', () => {
  test('ticking a category leaves the other categories their counts, and ticking a second one gives the sum', async ({ page, request }) => {
    const categories = await getJson<Category[]>(request, '/api/categories');
    const all = await listParts(request, { pageSize: '1' });
    // Top-level categories with parts: disjoint, so ticking two of them adds their parts up.
    const tops = categories
      // Of the seeded catalogue: specs beside this one make categories of their own (`e2e-…`) and import parts into them.
      .filter((c) => c.parentId == null && !c.slug.startsWith('e2e-'))
      .map((c) => ({ ...c, count: all.facets.categories.find((f) => f.id === c.id)?.count ?? 0 }))
      .filter((c) => c.count > 0);
    expect(tops.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = tops as [(typeof tops)[number], (typeof tops)[number], (typeof tops)[number]];

    await page.goto('/catalog');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    // Every part: at least the seeded catalogue (the page may come from the page cache, older than the count read
    // above, while other specs import parts).
    await expect.poll(async () => Number.parseInt((await page.getByTestId('result-count').textContent()) ?? '', 10)).toBeGreaterThanOrEqual(SEEDED_PARTS);
    await expect.poll(() => shownCount(filters, first.name)).toBe(first.count);

    await filters.getByRole('checkbox', { name: first.name, exact: true }).click();
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByTestId('result-count')).toHaveText(`${first.count} results`);
    // The other categories still show what ticking them would add, not (0).
    expect(await shownCount(filters, second.name)).toBe(second.count);
    expect(await shownCount(filters, third.name)).toBe(third.count);
    expect(await shownCount(filters, first.name)).toBe(first.count);

    await filters.getByRole('checkbox', { name: second.name, exact: true }).click();
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page.getByTestId('result-count')).toHaveText(`${first.count + second.count} results`);
    expect(await shownCount(filters, third.name)).toBe(third.count);
  });
});
