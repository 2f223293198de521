import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { expect, test } from './support/test';
import { openAdminTab } from './admin-helpers';
import { sendOffer, submitQuote } from './support/quote-fixtures';

/** Issue 28: what both sides read along the loop; screenshots of every screen touched at 1280 and 390 px. */
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');
/** The whole page, or `target` (e.g. a part of a dialog, which scrolls inside), at each width. */
const shoot = async (page: Page, name: string, target?: Locator) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const file = path.join(outDir, String(width), `${name}.png`);
    if (target) await target.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** The buyer accepts both offered lines of version 1 (the third cannot be supplied). */
async function acceptVersion1(buyer: APIRequestContext, quote: QuoteRequest) {
  const [first, second, third] = quote.items as [QuoteRequest['items'][number], QuoteRequest['items'][number], QuoteRequest['items'][number]];
  const res = await buyer.post(`/api/quote-requests/${quote.id}/offers/1/accept`, {
    data: {
      lines: [
        { itemId: first.id, choice: 'offered' },
        { itemId: second.id, choice: 'alternative' },
        { itemId: third.id, choice: 'declined' },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a stale tab: accepting version 1 after version 2 was sent says "Version 2 replaces version 1" above version 2', async ({ page, playwright, baseURL }) => {
  const { quote, parts } = await submitQuote(page.request);
  await sendOffer(playwright, baseURL!, quote, parts[3]!);
  await page.goto(`/account/quotes/${quote.id}`);
  const view = page.getByTestId('offer-view');
  await expect(view).toHaveAttribute('data-version', '1');
  // What the buyer sent stays in sight after submitting.
  await expect(page.getByTestId('your-request')).toContainText('Please quote these for our spring maintenance.');

  // The reseller sends version 2 while the buyer's tab still shows version 1.
  await sendOffer(playwright, baseURL!, quote, parts[3]!, 1);
  await page.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page.getByTestId('offer-replaced')).toHaveText('Version 2 replaces version 1 — review it before accepting');
  await expect(view).toHaveAttribute('data-version', '2');
  await shoot(page, 'issue28-buyer-stale-tab');
});

test('after accepting, the buyer reads Approved, each line\'s answer ("Cannot supply" as such) and the accepted total in the list', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { quote, parts } = await submitQuote(page.request);
  await sendOffer(playwright, baseURL!, quote, parts[3]!);
  await acceptVersion1(page.request, quote);
  await page.goto(`/account/quotes/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Approved');
  const response = page.getByTestId('offer-response');
  await expect(response).toContainText(`${parts[1]!.partNumber}: Accepted the alternative ${parts[3]!.partNumber}`);
  await expect(response).toContainText(`${parts[2]!.partNumber}: Cannot supply`);
  await shoot(page, 'issue28-buyer-accepted');

  await page.goto('/account/quotes');
  const mine = page.getByTestId('my-quote-request').filter({ hasText: `#${quote.id}` });
  await expect(mine).toContainText('Approved');
  await expect(mine.getByTestId('offer-summary')).toContainText('Version 1 · Accepted 2 of 2 lines · $');
  await shoot(page, 'issue28-buyer-list');
});

test("the reseller's list and dialog read the same: Approved, accepted n of m lines, the accepted total, the status change", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const { quote, parts } = await submitQuote(page.request);
  await sendOffer(playwright, baseURL!, quote, parts[3]!);
  await acceptVersion1(page.request, quote);
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    const tab = await openAdminTab(admin, 'Quote Requests');
    const row = tab.locator(`[data-testid="quote-row"][data-quote-id="${quote.id}"]`);
    await expect(row).toContainText('Approved');
    await expect(row.getByTestId('offer-summary')).toContainText('Accepted 2 of 2 lines');
    await expect(row.getByTestId('offer-summary')).toContainText('accepted (offered $');
    await shoot(admin, 'issue28-admin-list');
    await row.getByRole('button', { name: `View quote request #${quote.id}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Quote Request #${quote.id}` });
    await expect(dialog.getByRole('region', { name: 'Status history' })).toContainText('Processing → Approved');
    await shoot(admin, 'issue28-admin-dialog');
  } finally {
    await adminContext.close();
  }
});

test('the reseller extends an open offer without a new version; the buyer sees the new day', async ({ page, browser, playwright, baseURL }) => {
  const { quote, parts } = await submitQuote(page.request);
  await sendOffer(playwright, baseURL!, quote, parts[3]!);
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    const tab = await openAdminTab(admin, 'Quote Requests');
    await tab.getByRole('button', { name: `View quote request #${quote.id}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Quote Request #${quote.id}` });
    await dialog.getByRole('button', { name: 'Extend validity' }).click();
    const day = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Valid until').fill(day);
    await shoot(admin, 'issue28-admin-extend', dialog.getByRole('region', { name: 'Offer' }));
    await dialog.getByRole('button', { name: 'Extend version 1' }).click();
    await expect(dialog.getByRole('region', { name: 'Status history' })).toContainText(`Offer version 1 extended: Valid until ${day}`);
  } finally {
    await adminContext.close();
  }
  await page.goto(`/account/quotes/${quote.id}`);
  await expect(page.getByTestId('offer-view')).toHaveAttribute('data-version', '1');
  await expect(page.getByRole('button', { name: /Version 2/ })).toHaveCount(0);
  await expect(page.getByTestId('offer-view')).toContainText(
    `Valid until ${new Date(`${new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}`,
  );
});
