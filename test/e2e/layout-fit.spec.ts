import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';

// The shared machine is slow at times (many runs at once): these walks wait longer than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });
import { openAdminTab } from './admin-helpers';
import { sendOffer, submitQuote } from './support/quote-fixtures';

/**
 * Layout defects found by the outside audits (issue 32), measured: the admin quote dialog uses the width
 * it asks for, no table scrolls sideways on a phone, and the manufacturers' A–Z bar sits below the header.
 */

/** Every visible table (inside `scope`, a CSS selector) wider than the box it sits in (so it scrolls or clips sideways), with both widths. */
async function sidewaysTables(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate(
    (scope) =>
      [...document.querySelectorAll(`${scope} table`)]
        .filter((t) => t.getClientRects().length > 0)
        .flatMap((t) => {
          const box = t.parentElement!;
          const width = Math.round(t.getBoundingClientRect().width);
          const name = t.closest('[data-testid]')?.getAttribute('data-testid') ?? t.querySelector('th')?.textContent ?? 'table';
          return width > box.clientWidth + 1 ? [`${name}: ${width} px table in a ${box.clientWidth} px box`] : [];
        }),
    scope,
  );
}

test('the admin quote dialog is at least 960 px wide at a 1280 px viewport, and fits a 390 px phone', async ({ page, playwright, baseURL }) => {
  const { quote, parts } = await submitQuote(page.request);
  await sendOffer(playwright, baseURL!, quote, parts[3]!);
  await page.setViewportSize({ width: 1280, height: 900 });
  const panel = await openAdminTab(page, 'Quote Requests');
  await panel.getByRole('button', { name: `View quote request #${quote.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Quote Request #${quote.id}` });
  await expect(dialog.getByTestId('offer-view')).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width, 'dialog width at 1280 px').toBeGreaterThanOrEqual(960);
  expect(await sidewaysTables(page, '[role="dialog"]')).toEqual([]);

  // The dialog on a phone (the dashboard's own lists behind it are data tables of their own).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await dialog.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expect.poll(() => sidewaysTables(page, '[role="dialog"]'), { message: 'tables in the admin dialog at 390 px' }).toEqual([]);
});

test("no table scrolls sideways at 390 px: the buyer's offer shows its lines as cards, with lead time, MOQ and line total in sight", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { quote, parts } = await submitQuote(page.request);
  await sendOffer(playwright, baseURL!, quote, parts[3]!);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/account/quotes/${quote.id}`, '/account/quotes']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => sidewaysTables(page), { message: path }).toEqual([]);
    // Nor does the page itself: a phone user would have to scroll sideways to see the right edge.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${path}: page width` }).toBeLessThanOrEqual(390);
    // And nothing is cut off at the right edge (a control wider than its card, clipped by the page).
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > 390.5).map((e) => e.outerHTML.slice(0, 80)),
          ),
        {
          message: `${path}: elements past the right edge`,
        },
      )
      .toEqual([]);
  }
  await page.goto(`/account/quotes/${quote.id}`);
  const first = page.getByTestId('offer-view').getByTestId('offer-line').filter({ hasText: parts[0]!.partNumber });
  await expect(first).toBeVisible();
  for (const label of ['Qty', 'Unit price', 'Lead time', 'MOQ', 'Line total']) {
    const text = first.getByText(label, { exact: true });
    await expect(text, label).toBeVisible();
  }
  await expect(first).toContainText('5 days');
  await expect(first).toContainText('$125.00');
});

test('manufacturers at 390 px: the A–Z bar sticks below the header, and a tapped letter’s heading shows below both', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/manufacturers');
  const header = page.getByRole('banner');
  const bar = page.getByRole('navigation', { name: 'Manufacturers by letter' });
  await expect(bar.getByRole('button', { disabled: false }).first()).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  const headerBottom = (await header.boundingBox())!.y + (await header.boundingBox())!.height;
  await expect.poll(async () => (await bar.boundingBox())!.y, { message: 'the stuck bar starts below the header' }).toBeGreaterThanOrEqual(headerBottom - 1);

  const letters = await bar.getByRole('button', { disabled: false }).allTextContents();
  const letter = letters[Math.floor(letters.length / 2)]!;
  const before = await page.evaluate(() => window.scrollY);
  await bar.getByRole('button', { name: letter, exact: true }).click();
  // The smooth scroll has moved the page and come to rest (five frames without moving). A 'scrollend' listener could
  // also catch the end of the earlier instant scroll, which a loaded machine delivers late.
  await page.waitForFunction(
    (start) =>
      new Promise<boolean>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          const y = window.scrollY;
          still = y === last && y !== start ? still + 1 : 0;
          last = y;
          if (still >= 5) resolve(true);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    before,
  );
  const heading = page.getByRole('heading', { level: 2, name: letter, exact: true });
  const barBox = (await bar.boundingBox())!;
  const headingBox = (await heading.boundingBox())!;
  expect(headingBox.y, `heading ${letter} starts below the bar (bottom ${barBox.y + barBox.height})`).toBeGreaterThanOrEqual(barBox.y + barBox.height);
  expect(headingBox.y + headingBox.height).toBeLessThanOrEqual(844);
});
