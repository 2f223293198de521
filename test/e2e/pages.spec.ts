import { expect, test } from './support/test';
import type { Manufacturer } from '@parts/shared/schemas';
import { specName } from '@parts/shared/spec-names';
import { getJson, somePart } from './support/e2e-helpers';

test.describe('public pages', () => {
  test('home: categories, featured parts, manufacturers and the calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
    const categories = page.locator('section', { has: page.getByRole('heading', { name: 'Browse Categories' }) });
    // Up to 6 top-level categories (the demo catalogue has 5).
    const topLevel = (await getJson<{ parentId?: number | null }[]>(page.request, '/api/categories')).filter((c) => c.parentId == null);
    await expect(categories.locator('a[href^="/catalog/"]')).toHaveCount(Math.min(6, topLevel.length));
    const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Parts' }) });
    await expect(featured.getByRole('link', { name: /View Details/ })).toHaveCount(3);
    const manufacturers = page.locator('section', { has: page.getByRole('heading', { name: 'Top Manufacturers' }) });
    await expect(manufacturers.locator('a[href^="/manufacturer/"]')).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Need a Quote?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Categories' })).toHaveAttribute('href', '/catalog');
    await expect(page.getByRole('link', { name: 'Browse All Parts' })).toHaveAttribute('href', '/catalog');
    await expect(page.getByRole('main').getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', '/quote-request');
  });

  test('part detail: breadcrumb, manufacturer link, specifications, title; a missing part shows the not-found panel', async ({ page, request }) => {
    const part = await somePart(request, 4);
    await page.goto(`/part/${part.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page).toHaveTitle(`${part.name} - ${part.manufacturer!.name} | Industrial Parts Hub`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: part.category!.name })).toHaveAttribute('href', `/catalog/${part.category!.slug}`);
    await expect(page.getByRole('main').getByRole('link', { name: part.manufacturer!.name })).toHaveAttribute(
      'href',
      `/manufacturer/${part.manufacturer!.slug}`,
    );
    const [firstSpec] = Object.keys(part.specifications);
    if (firstSpec) {
      await expect(page.locator('dt').first()).toHaveText(specName(firstSpec));
    } else {
      await expect(page.getByText('No specifications available for this part')).toBeVisible();
    }

    await page.goto('/part/this-part-does-not-exist-at-all');
    await expect(page.getByRole('heading', { name: 'Part Not Found' })).toBeVisible();
    await expect(page.getByText("The part you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole('link', { name: 'Return to Catalog' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });

  test('manufacturers directory: letters, search, no-match text and the manufacturer page', async ({ page, request }) => {
    const all = await getJson<Manufacturer[]>(request, '/api/manufacturers');
    const target = [...all].sort((a, b) => a.name.localeCompare(b.name))[0]!;
    await page.goto('/manufacturers');
    const letters = page.getByRole('navigation', { name: 'Manufacturers by letter' });
    const used = new Set(all.map((m) => m.name.charAt(0).toUpperCase()));
    const unused = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').find((l) => !used.has(l));
    await expect(letters.getByRole('button', { name: target.name.charAt(0).toUpperCase(), exact: true })).toBeEnabled();
    if (unused) await expect(letters.getByRole('button', { name: unused, exact: true })).toBeDisabled();

    await page.getByLabel('Search manufacturers').fill(target.name.toUpperCase());
    await expect(page.getByRole('link', { name: target.name, exact: true })).toBeVisible();
    await page.getByLabel('Search manufacturers').fill('no-such-maker-xyz');
    await expect(page.getByText('No manufacturers found matching "no-such-maker-xyz"')).toBeVisible();
    await page.getByLabel('Search manufacturers').fill(target.name);
    await page.getByRole('link', { name: target.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/manufacturer/${target.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Filters' }).getByRole('button', { name: 'Manufacturers' })).toHaveCount(0);
  });

  test('support: FAQ search, accordion, resources and contact tabs', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Technical Support & Resources' })).toBeVisible();
    const shipping = page.getByRole('button', { name: 'How long does shipping take?' });
    await shipping.click();
    await expect(page.getByText(/3-5 business days within the continental US/)).toBeVisible();
    await page.getByRole('button', { name: 'What warranty do the parts carry?' }).click();
    await expect(page.getByText(/1-year warranty/)).toBeVisible();
    // One item open at a time.
    await expect(page.getByText(/3-5 business days/)).toBeHidden();

    await page.getByLabel('Search FAQs').fill('WARRANTY');
    await expect(page.getByRole('button', { name: 'How long does shipping take?' })).toHaveCount(0);
    await page.getByLabel('Search FAQs').fill('nothing like this');
    await expect(page.getByText('No FAQs matching your search criteria.')).toBeVisible();

    await page.getByRole('tab', { name: 'Resources' }).click();
    for (const title of ['Technical Reference Guides', 'Product Specifications', 'Software Downloads', 'Video Tutorials']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText('Access Resources')).toHaveCount(4);
    await page.getByRole('tab', { name: 'Contact Us' }).click();
    await expect(page.getByText('Monday-Friday 8:00 AM-5:00 PM EST')).toBeVisible();
    await expect(page.getByText(/additional fees may apply/i)).toBeVisible();
  });
});
