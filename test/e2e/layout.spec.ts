import { expect, test } from './support/test';
import { FOOTER_CATEGORY_SLUGS } from '@parts/shared/constants';

test.describe('header, footer and not-found page', () => {
  test('the header links, the guest menu and the basket badge', async ({ page }) => {
    await page.goto('/support');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Industrial Parts Hub' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/catalog');
    await expect(header.getByRole('link', { name: 'Manufacturers' })).toHaveAttribute('href', '/manufacturers');
    await expect(header.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    // To /auth, which sends the user back here afterwards.
    await expect(header.getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/auth?returnTo=%2Fsupport');
    await expect(page.getByTestId('quote-badge')).toHaveText('0');
    await expect(header).toHaveCSS('position', 'sticky');

    await header.getByRole('combobox', { name: 'Search parts' }).first().fill('valve');
    await header.getByRole('combobox', { name: 'Search parts' }).first().press('Enter');
    await expect(page).toHaveURL(/\/catalog\?q=valve$/);
  });

  test('the footer links and legal statements', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    for (const href of ['/catalog', '/manufacturers', '/quote-request', '/support', '/contact', '/privacy', '/terms', '/cookies']) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    for (const slug of FOOTER_CATEGORY_SLUGS) {
      await expect(footer.locator(`a[href="/catalog/${slug}"]`)).toHaveCount(1);
    }
    const legal = footer.getByTestId('legal-statements');
    await expect(legal).toContainText('new and surplus');
    await expect(legal).toContainText('1 year');
    await expect(legal).toContainText('not by the manufacturer');
    await expect(legal).toContainText('Prices are subject to change');
    await expect(legal).toContainText('illustration');
    await expect(legal).toContainText('subject to prior sale');
    await expect(footer.getByText(/Phone:/)).toBeVisible();
    await expect(footer.getByText(/Email:/)).toBeVisible();

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });

  test('an unknown path shows the not-found page with its exact texts', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
  });

  test('on a 360 px screen: search is a second row and the hamburger repeats the links', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const search = header.getByRole('combobox', { name: 'Search parts' });
    await expect(search).toHaveCount(1);
    // Below the logo row, not beside it.
    expect((await search.boundingBox())?.y ?? 0).toBeGreaterThan(60);
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = header.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Manufacturers' })).toBeVisible();
    await menu.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(menu).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  test('no page scrolls sideways at 360 px', async ({ page, request }) => {
    const part = (await (await request.get('/api/parts?pageSize=1')).json()) as { data: { slug: string }[] };
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/catalog', `/part/${part.data[0]!.slug}`, '/manufacturers', '/support', '/auth']) {
      await page.goto(path);
      await expect(page.locator('footer')).toBeVisible();
      await expect(page.locator('[data-testid="skeleton"]')).toHaveCount(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });

  test('the part page image card keeps the picture box at every width', async ({ page, request }) => {
    const part = (await (await request.get('/api/parts?pageSize=1')).json()) as { data: { slug: string; name: string }[] };
    const { slug, name } = part.data[0]!;
    await page.goto(`/part/${slug}`);
    const image = page.getByRole('main').getByRole('img', { name, exact: true });
    for (const width of [360, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(image).toBeVisible();
      const img = await image.boundingBox();
      const card = await image.locator('..').boundingBox();
      // Only the 1 px border either side; no band under the picture.
      expect(Math.abs((card?.height ?? 0) - (img?.height ?? 0)), `${width} px`).toBeLessThanOrEqual(2);
      expect(img?.height ?? 0, `${width} px`).toBeCloseTo(((img?.width ?? 0) * 3) / 4, 0);
    }
  });

  test('public routes load no admin code; /admin/login does', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Browse Categories' })).toBeVisible();
    expect(scripts.filter((u) => /admin/i.test(u))).toEqual([]);
    await page.goto('/admin/login');
    await expect.poll(() => scripts.some((u) => /admin/i.test(u))).toBe(true);
    await expect(page.locator('footer')).toHaveCount(0);
  });
});
