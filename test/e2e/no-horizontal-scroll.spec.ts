import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { registerViaApi } from './support/e2e-helpers';
import { loginAdminViaApi } from './admin-helpers';
import { createLongNamedPart, horizontalOverflow, type LongNamedData } from './support/ux-helpers';

const WIDTHS = [360, 390, 768, 1024, 1280];

let long: LongNamedData;
test.beforeAll(async ({ playwright, baseURL }) => {
  long = await createLongNamedPart(playwright, baseURL!);
});

/** Loads the route once, then narrows and widens the window through every width; the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await ready(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => horizontalOverflow(page), { message: `${path} at ${width} px` }).toBeLessThanOrEqual(0);
  }
}

const settled = async (page: Page) => {
  await expect(page.locator('[data-testid="skeleton"], [data-testid="part-card-skeleton"]')).toHaveCount(0);
};

test('every storefront page, with a very long part name and part number in the data', async ({ page }) => {
  test.setTimeout(120_000);
  const guestRoutes: [string, (page: Page) => Promise<void>][] = [
    [
      '/',
      async (p) => {
        await expect(p.getByRole('link', { name: /View Details/ }).first()).toBeVisible();
      },
    ],
    [
      '/catalog',
      async (p) => {
        await expect(p.getByTestId('part-card').first()).toBeVisible();
      },
    ],
    [
      `/catalog?q=${encodeURIComponent(long.part.partNumber)}`,
      async (p) => {
        await expect(p.getByTestId('part-card').filter({ hasText: long.part.partNumber })).toBeVisible();
      },
    ],
    [
      `/catalog/${long.category.slug}`,
      async (p) => {
        await expect(p.getByTestId('part-card').first()).toBeVisible();
      },
    ],
    [
      `/manufacturer/${long.manufacturer.slug}`,
      async (p) => {
        await expect(p.getByTestId('part-card').first()).toBeVisible();
      },
    ],
    [
      '/catalog?page=9999',
      async (p) => {
        await expect(p.getByRole('region', { name: 'Page not found' })).toBeVisible();
      },
    ],
    [
      '/catalog/no-such-category',
      async (p) => {
        await expect(p.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
      },
    ],
    [
      '/manufacturers',
      async (p) => {
        await expect(p.getByRole('link', { name: long.manufacturer.name })).toBeVisible();
      },
    ],
    [
      `/part/${long.part.slug}`,
      async (p) => {
        await expect(p.getByRole('heading', { level: 1, name: long.part.name })).toBeVisible();
      },
    ],
    [
      '/part/no-such-part',
      async (p) => {
        await expect(p.getByRole('heading', { name: 'Part Not Found' })).toBeVisible();
      },
    ],
    [
      '/support',
      async (p) => {
        await expect(p.getByRole('tab', { name: 'FAQs' })).toBeVisible();
      },
    ],
    [
      '/auth',
      async (p) => {
        await expect(p.getByRole('tab', { name: 'Login' })).toBeVisible();
      },
    ],
    [
      '/contact',
      async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      },
    ],
    [
      '/privacy',
      async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      },
    ],
    [
      '/terms',
      async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      },
    ],
    [
      '/cookies',
      async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
      },
    ],
    [
      '/no/such/page',
      async (p) => {
        await expect(p.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
      },
    ],
    [
      '/admin/login',
      async (p) => {
        await expect(p.getByRole('button', { name: 'Access Admin Panel' })).toBeVisible();
      },
    ],
  ];
  for (const [path, ready] of guestRoutes) {
    await expectNoSidewaysScroll(page, path, async (p) => {
      await ready(p);
      await settled(p);
    });
  }

  // The basket and the quote page with the long part in them.
  await page.goto(`/part/${long.part.slug}`);
  await page.getByRole('button', { name: 'Add to Quote Request' }).click();
  await page
    .locator('header')
    .getByRole('button', { name: /Quote request, 1 items/ })
    .click();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect.poll(() => horizontalOverflow(page), { message: `quote drawer at ${width} px` }).toBeLessThanOrEqual(0);
    const drawer = page.getByRole('dialog', { name: 'Quote Request' });
    const box = await drawer.getByRole('button', { name: `Remove ${long.part.name}` }).boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0), `drawer remove button at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.keyboard.press('Escape');
  await registerViaApi(page.request);
  await expectNoSidewaysScroll(page, '/quote-request', async (p) => {
    await expect(p.getByRole('link', { name: long.part.name })).toBeVisible();
  });
});

test('every admin tab, with a very long part name and part number in the data', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAdminViaApi(page);
  for (const tab of ['overview', 'categories', 'manufacturers', 'quotes']) {
    await expectNoSidewaysScroll(page, `/admin?tab=${tab}`, async (p) => {
      await expect(p.getByRole('tabpanel')).toBeVisible();
      await settled(p);
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=parts');
  const parts = page.getByRole('tabpanel', { name: 'Parts' });
  await parts.getByRole('searchbox', { name: 'Search parts' }).fill(long.part.partNumber);
  await expect(parts.getByText(long.part.partNumber)).toBeVisible();
  for (const view of ['Table', 'Grid']) {
    await parts.getByRole('button', { name: view, exact: true }).click();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => horizontalOverflow(page), { message: `parts ${view} at ${width} px` }).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});
