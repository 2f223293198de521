import type { Page } from '@playwright/test';
import { PREFETCH_MARK } from '@parts/shared/constants';
import { expect, test } from './support/test';
import { somePart } from './support/e2e-helpers';

/**
 * Issue 34: moving between public pages feels instant. A link's page is prefetched on intent (its
 * data into the page's own query cache, its code chunk), so the click renders it with no request and
 * no loading state (ADR 132); and a back navigation is served from the browser's back/forward cache.
 */

/** Records whether a skeleton or spinner ever appears from now on (a MutationObserver in the page). */
async function watchForLoadingStates(page: Page) {
  await page.evaluate(() => {
    const w = window as Window & { loadingSeen?: string[] };
    w.loadingSeen = [];
    new MutationObserver(() => {
      const shown = document.querySelector('[data-testid="skeleton"], [role="status"] .animate-spin');
      if (shown) w.loadingSeen!.push(shown.outerHTML.slice(0, 120));
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as Window & { loadingSeen?: string[] }).loadingSeen ?? []);
}

/** Whether the page's prefetch of `path` has settled: data in the query cache, code with the router (PREFETCH_MARK). */
function prefetched(page: Page, path: string): Promise<boolean> {
  return page.evaluate(({ mark, p }) => performance.getEntriesByName(mark).some((entry) => (entry as PerformanceMark).detail === p), {
    mark: PREFETCH_MARK,
    p: path,
  });
}

test.describe('instant navigation', () => {
  test('a part link hovered on the catalog is prefetched; the click shows the part with no new request and no loading state', async ({ page, request }) => {
    const part = await somePart(request);
    const partApi = `/api/parts/${encodeURIComponent(part.slug)}`;
    const finished: string[] = [];
    page.on('requestfinished', (req) => finished.push(new URL(req.url()).pathname));
    await page.goto(`/catalog?q=${encodeURIComponent(part.partNumber)}`);
    const link = page.locator(`a[href="/part/${part.slug}"]`).first();
    await link.hover();
    // The prefetch of the hovered link (or of the link in view, on idle) has arrived.
    await expect.poll(() => finished.includes(partApi)).toBe(true);

    // Links on the new page are prefetched in turn once it shows; the part's own data is not asked for again.
    const apiOnClick: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === partApi) apiOnClick.push(req.url());
    });
    const loadingSeen = await watchForLoadingStates(page);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByText(`Part # ${part.partNumber}`)).toBeVisible();
    expect(apiOnClick).toEqual([]);
    expect(await loadingSeen()).toEqual([]);
  });
});

test.describe('instant navigation to a listing', () => {
  test("the part page's category link hovered is prefetched with its listing; the click shows the parts with no new request and no loading state", async ({
    page,
    request,
  }) => {
    const part = await somePart(request);
    const category = part.category!;
    const path = `/catalog/${category.slug}`;
    await page.goto(`/part/${part.slug}`);
    await page.locator(`main a[href="${path}"]`).first().hover();
    await expect.poll(() => prefetched(page, path)).toBe(true);

    const apiOnClick: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/parts' || url.pathname.startsWith('/api/categories')) apiOnClick.push(url.pathname + url.search);
    });
    const loadingSeen = await watchForLoadingStates(page);
    await page.locator(`main a[href="${path}"]`).first().click();
    await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    expect(apiOnClick).toEqual([]);
    expect(await loadingSeen()).toEqual([]);
  });
});

test.describe('instant navigation, the frame after the click', () => {
  test('with its data and code prefetched, the first frame after a click on a part link already shows the part', async ({ page, request }) => {
    const part = await somePart(request);
    const finished: string[] = [];
    page.on('requestfinished', (req) => finished.push(new URL(req.url()).pathname));
    await page.goto(`/catalog?q=${encodeURIComponent(part.partNumber)}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await page.locator(`a[href="/part/${part.slug}"]`).first().hover();
    await expect
      .poll(() => finished.includes(`/api/parts/${encodeURIComponent(part.slug)}`) && finished.some((path) => path.includes('/part-detail-page-')))
      .toBe(true);
    // The responses have arrived; the page has also read them and handed the chunk to the router (its User Timing mark).
    await expect.poll(() => prefetched(page, `/part/${part.slug}`)).toBe(true);

    // The page is committed in the click's own task (ADR 143): the next animation frame, before it paints, has it.
    const headingAtNextFrame = await page.evaluate((slug) => {
      document.querySelector<HTMLAnchorElement>(`a[href="/part/${slug}"]`)!.click();
      return new Promise<string | undefined>((resolve) => requestAnimationFrame(() => resolve(document.querySelector('h1')?.textContent ?? undefined)));
    }, part.slug);
    expect(headingAtNextFrame).toBe(part.name);
    await expect(page).toHaveURL(new RegExp(`/part/${part.slug}$`));
  });
});

test.describe('instant navigation, the way back to a listing', () => {
  test('back from a part to the listing shows the listing kept from before: the same cards, not drawn anew', async ({ page, request }) => {
    const part = await somePart(request);
    await page.goto(`/catalog?q=${encodeURIComponent(part.partNumber)}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const card = page.getByTestId('part-card').first();
    await expect(card).toBeVisible();
    await card.evaluate((element) => ((window as Window & { keptCard?: Element }).keptCard = element));

    await page.locator(`a[href="/part/${part.slug}"]`).first().click();
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    // The listing is hidden meanwhile: the part's page is the only one on screen.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(card).toBeHidden();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();
    await expect(card).toBeVisible();
    expect(await card.evaluate((element) => (window as Window & { keptCard?: Element }).keptCard === element)).toBe(true);
    await expect(page).toHaveTitle(/^All Parts/);
  });
});

test.describe('back/forward cache', () => {
  test('back from one public page to another is served from the back/forward cache', async ({ playwright, baseURL, request }) => {
    const part = await somePart(request, 1);
    // Playwright turns the cache off (--disable-back-forward-cache) and the old headless shell has none:
    // this test runs the full Chromium (new headless mode) with the cache on, as a buyer's browser has it.
    const browser = await playwright.chromium.launch({
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
    });
    try {
      const page = await (await browser.newContext({ baseURL: baseURL! })).newPage();
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.enable');
      const notCached: unknown[] = [];
      cdp.on('Page.backForwardCacheNotUsed', (event) => notCached.push(event));
      await page.addInitScript(() => {
        window.addEventListener('pageshow', (event) => {
          (window as Window & { restoredFromBfcache?: boolean }).restoredFromBfcache = event.persisted;
        });
      });

      await page.goto('/catalog');
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await page.goto(`/part/${part.slug}`);
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await page.goBack({ waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/catalog$/);
      const restored = () => page.evaluate(() => (window as Window & { restoredFromBfcache?: boolean }).restoredFromBfcache);
      await expect.poll(restored).toBeDefined();
      // Chromium names what kept the page out of the cache (e.g. a Cache-Control: no-store document).
      expect(notCached).toEqual([]);
      expect(await restored()).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
