import { type Browser, type Page } from '@playwright/test';
import { expect, holdScripts, test } from './support/test';
import { specName } from '@parts/shared/spec-names';
import { QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import { somePart } from './support/e2e-helpers';

/**
 * The public pages arrive as complete HTML (crawlers, link previews, first paint) and the SPA takes
 * them over in place: no console errors, no hydration mismatch, nothing moves.
 */

/**
 * Boxes of the page's landmarks, headings and list items, to compare the HTML alone with the hydrated page. Items scrolled out of a scroll box (the filter
 * lists' rows past the first ten arrive with hydration, ADR 137) are not on screen and are left out.
 */
async function layout(page: Page) {
  return page.evaluate(() => {
    const hiddenInScrollBox = (el: Element) => {
      const box = el.getBoundingClientRect();
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (box.top >= clip.bottom || box.bottom <= clip.top) return true;
      }
      return false;
    };
    return [...document.querySelectorAll('header, main, footer, h1, h2, nav[aria-label="Breadcrumb"], main li')]
      .filter((el) => !hiddenInScrollBox(el))
      .slice(0, 80)
      .map((el) => {
        const box = el.getBoundingClientRect();
        return `${el.tagName}:${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)}x${Math.round(box.height)}`;
      });
  });
}

async function htmlOnlyLayout(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return await layout(page);
  } finally {
    await context.close();
  }
}

test.describe('server-rendered public pages', () => {
  test('without JavaScript a part page shows its name, part number and specifications, with valid JSON-LD', async ({ browser, baseURL, request }) => {
    const part = await somePart(request, 3);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! });
    const page = await context.newPage();
    const response = await page.goto(`/part/${part.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByText(`Part # ${part.partNumber}`)).toBeVisible();
    for (const [key, value] of Object.entries(part.specifications)) {
      await expect(page.locator('dt', { hasText: specName(key) }).first()).toBeVisible();
      await expect(page.locator('dd', { hasText: value }).first()).toBeVisible();
    }
    await expect(page).toHaveTitle(`${part.name} - ${part.manufacturer!.name} | Industrial Parts Hub`);
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    expect(ld[0]).toMatchObject({ '@type': 'Product', name: part.name, mpn: part.partNumber, sku: part.partNumber, brand: { name: part.manufacturer!.name } });
    expect(ld[1]).toMatchObject({ '@type': 'BreadcrumbList' });

    const missing = await page.goto('/part/this-part-does-not-exist');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Part Not Found' })).toBeVisible();
    await context.close();
  });

  test('hydration takes over every public page without console errors or layout change', async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    const part = await somePart(request, 5);
    const paths = [
      '/',
      '/catalog',
      `/catalog/${part.category!.slug}`,
      `/manufacturer/${part.manufacturer!.slug}`,
      '/manufacturers',
      `/part/${part.slug}`,
      '/support',
      '/privacy',
      '/part/this-part-does-not-exist',
      '/catalog/no-such-category',
      '/no/such/page',
    ];
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 800 } });
    for (const path of paths) {
      const before = await htmlOnlyLayout(browser, baseURL!, path);
      const page = await context.newPage();
      const problems: string[] = [];
      // Resource statuses (a 404 page itself) are not errors of the page's code; test/e2e/console.spec.ts checks guests see none.
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource')) problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.addInitScript(() => {
        const w = window as unknown as { layoutShifts: { value: number; startTime: number }[] };
        w.layoutShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) w.layoutShifts.push({ value: entry.value, startTime: entry.startTime });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The script is held until the HTML has been read and painted: what moves after that is hydration's doing
      // (while it still reads a long page, Chromium may paint what it has so far).
      const releaseScripts = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
      const htmlPainted = await page.evaluate(
        () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))),
      );
      const title = await page.title();
      releaseScripts();
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      // The queries the server rendered with are not fetched again; the page keeps its title.
      await expect(page).toHaveTitle(title);
      expect(await layout(page), path).toEqual(before);
      const shiftAfterHydration = await page.evaluate(
        (since) =>
          (window as unknown as { layoutShifts: { value: number; startTime: number }[] }).layoutShifts
            .filter((shift) => shift.startTime > since)
            .reduce((sum, shift) => sum + shift.value, 0),
        htmlPainted,
      );
      expect(shiftAfterHydration, path).toBe(0);
      expect(problems, path).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  test('the saved quote basket appears after hydration and the page works as the SPA', async ({ page, request }) => {
    const part = await somePart(request, 2);
    await page.addInitScript(
      ([key, saved]) => {
        if (!window.sessionStorage.getItem('seeded')) {
          window.localStorage.setItem(key, saved);
          window.sessionStorage.setItem('seeded', '1');
        }
      },
      [
        QUOTE_STORAGE_KEY,
        JSON.stringify([{ part: { id: part.id, name: part.name, slug: part.slug, partNumber: part.partNumber, manufacturer: null }, quantity: 2 }]),
      ] as const,
    );
    await page.goto(`/part/${part.slug}`);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByTestId('quote-badge')).toHaveText('1');
    // The saved basket was kept, not overwritten by the server's empty one.
    expect(await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? '[]') as unknown[], QUOTE_STORAGE_KEY)).toHaveLength(1);
    // Client-side navigation from here on.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();
    await expect(page.getByTestId('part-card').first()).toBeVisible();
  });

  test('robots.txt is served', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^User-agent: \*$/m);
  });
});
