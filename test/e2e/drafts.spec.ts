import { type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';

// The shared machine is slow at times (many runs at once): these walks wait longer than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });
import { expectToast, registerViaApi, somePart } from './support/e2e-helpers';
import { openAdminTab } from './admin-helpers';
import { submitQuote } from './support/quote-fixtures';

/** Work is not lost silently: what can be kept survives a reload, and the page asks before dropping files (issue 32). */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Whether leaving the page now would ask first (its beforeunload handler cancels the event). */
const asksBeforeUnload = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test('/quote-request keeps the typed form over a reload, and asks before leaving with attached files', async ({ page, request }) => {
  await registerViaApi(page.request);
  const part = await somePart(request, 1);
  await page.goto(`/part/${part.slug}`);
  await page.getByRole('button', { name: 'Add to Quote Request' }).click();
  await expectToast(page, 'Added to Quote');
  await page.goto('/quote-request');
  await page.getByLabel('Phone (optional)').fill('+1 555 0100');
  await page.getByLabel('Company (optional)').fill('Acme Maintenance');
  await page.getByLabel('Message (optional)').fill('Needed for the spring shutdown.');
  expect(await asksBeforeUnload(page)).toBe(false);

  await page.reload();
  await expect(page.getByLabel('Message (optional)')).toHaveValue('Needed for the spring shutdown.');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('+1 555 0100');
  await expect(page.getByLabel('Company (optional)')).toHaveValue('Acme Maintenance');

  // Files cannot be kept in storage: the page says so and asks before they are lost.
  await page.getByLabel('Attachments (optional)').setInputFiles({ name: 'drawing.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByTestId('files-not-kept')).toBeVisible();
  expect(await asksBeforeUnload(page)).toBe(true);
  const question = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await page.getByRole('banner').getByRole('link', { name: 'Industrial Parts Hub' }).click();
  expect(await question).toContain('cannot be kept');
  await expect(page).toHaveURL(/\/quote-request$/);
  await expect(page.getByRole('list', { name: 'Attached files' })).toContainText('drawing.pdf');

  await page.getByLabel('Full Name').fill('Draft Buyer');
  await page.getByLabel('Email').fill('draft-buyer@example.com');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expectToast(page, 'Quote request submitted');
  // Sent: the draft is gone and leaving asks nothing.
  expect(await asksBeforeUnload(page)).toBe(false);
  await page.reload();
  await expect(page.getByText('Your quote request is empty.')).toBeVisible();
  expect(
    await page.evaluate(() =>
      Object.keys(window.sessionStorage)
        .filter((k) => k.startsWith('quote-request-draft:'))
        .map((k) => window.sessionStorage.getItem(k)),
    ),
  ).not.toContainEqual(expect.stringContaining('spring shutdown'));
});

test('a half-typed admin offer survives a reload; Discard draft forgets it', async ({ page, browser, baseURL }) => {
  const { quote } = await submitQuote(page.request);
  const admin = await browser.newPage({ baseURL: baseURL! });
  try {
    const open = async () => {
      const panel = await openAdminTab(admin, 'Quote Requests');
      await panel.getByRole('button', { name: `View quote request #${quote.id}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Quote Request #${quote.id}` });
      await dialog.getByRole('button', { name: 'Create offer' }).click();
      return dialog;
    };
    let dialog = await open();
    await dialog.getByLabel('Message to the buyer (optional)').fill('Half-typed: prices to follow');
    const firstLine = dialog.getByTestId('offer-line-editor').first();
    await firstLine.getByLabel('Lead time (days)').fill('12');

    await admin.reload();
    dialog = await open();
    await expect(dialog.getByTestId('offer-draft-restored')).toBeVisible();
    await expect(dialog.getByLabel('Message to the buyer (optional)')).toHaveValue('Half-typed: prices to follow');
    await expect(dialog.getByTestId('offer-line-editor').first().getByLabel('Lead time (days)')).toHaveValue('12');

    await dialog.getByRole('button', { name: 'Discard draft' }).click();
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    await expect(dialog.getByLabel('Message to the buyer (optional)')).toHaveValue('');
    await expect(dialog.getByTestId('offer-draft-restored')).toHaveCount(0);
  } finally {
    await admin.close();
  }
});

test('a half-typed admin offer is on the server: another device opens it with who saved it and when (issue 29, ADR 126)', async ({
  page,
  browser,
  baseURL,
}) => {
  const { quote } = await submitQuote(page.request);
  const open = async (admin: Page) => {
    const panel = await openAdminTab(admin, 'Quote Requests');
    await panel.getByRole('button', { name: `View quote request #${quote.id}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Quote Request #${quote.id}` });
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    return dialog;
  };
  const first = await browser.newPage({ baseURL: baseURL! });
  const second = await browser.newPage({ baseURL: baseURL! });
  try {
    const dialog = await open(first);
    await dialog.getByTestId('offer-line-editor').first().getByLabel('Lead time (days)').fill('21');
    await expect(dialog.getByTestId('offer-draft-saved')).toContainText('Draft by admin at');

    // Another browser (no local copy): the draft comes from the server.
    const other = await open(second);
    await expect(other.getByTestId('offer-draft-saved')).toContainText('Draft by admin at');
    await expect(other.getByTestId('offer-line-editor').first().getByLabel('Lead time (days)')).toHaveValue('21');
    for (const width of [1280, 390]) {
      await second.setViewportSize({ width, height: 900 });
      await other.getByTestId('offer-draft-saved').scrollIntoViewIfNeeded();
      await second.screenshot({ path: `test-results/screenshots/offer-editor-draft-${width}.png` });
    }
    await other.getByRole('button', { name: 'Discard draft' }).click();
  } finally {
    await first.close();
    await second.close();
  }
});

test('bulk rules: lead time on the checked lines, catalogue price + 10 % on all (lines without a price skipped), undo (issue 29)', async ({
  page,
  browser,
  baseURL,
}) => {
  const { quote, parts } = await submitQuote(page.request);
  const admin = await browser.newPage({ baseURL: baseURL! });
  try {
    const panel = await openAdminTab(admin, 'Quote Requests');
    await panel.getByRole('button', { name: `View quote request #${quote.id}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Quote Request #${quote.id}` });
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    const bulk = dialog.getByTestId('bulk-panel');
    const line = (n: number) => dialog.getByTestId('offer-line-editor').nth(n);

    await line(1).getByLabel('Pick line 2 for a bulk change').check();
    await bulk.getByLabel('Lines').selectOption('checked');
    await bulk.getByLabel('Set').selectOption('leadTime');
    await bulk.getByLabel('Value').fill('21');
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await expect(bulk.getByTestId('bulk-outcome')).toHaveText('1 line changed.');
    await expect(line(1).getByLabel('Lead time (days)')).toHaveValue('21');
    await expect(line(0).getByLabel('Lead time (days)')).toHaveValue('');

    const before = await line(0).getByLabel('Unit price (USD)').first().inputValue();
    const priced = parts.slice(0, 3).filter((p) => p.price !== null).length;
    await bulk.getByLabel('Lines').selectOption('all');
    await bulk.getByLabel('Set').selectOption('catalogPrice');
    await bulk.getByLabel('Percent (+ or −)').fill('10');
    await bulk.getByRole('button', { name: 'Apply' }).click();
    await expect(bulk.getByTestId('bulk-outcome')).toHaveText(
      `${priced} ${priced === 1 ? 'line' : 'lines'} changed${priced < 3 ? `; ${3 - priced} skipped (no catalogue price).` : '.'}`,
    );
    await bulk.getByRole('button', { name: 'Undo last bulk change' }).click();
    await expect(bulk.getByTestId('bulk-outcome')).toHaveText('The last bulk change was undone.');
    await expect(line(0).getByLabel('Unit price (USD)').first()).toHaveValue(before);
    await expect(line(1).getByLabel('Lead time (days)')).toHaveValue('21');
    for (const width of [1280, 390]) {
      await admin.setViewportSize({ width, height: 900 });
      await bulk.scrollIntoViewIfNeeded();
      await admin.screenshot({ path: `test-results/screenshots/offer-editor-bulk-${width}.png` });
    }
    await dialog.getByRole('button', { name: 'Discard draft' }).click();
  } finally {
    await admin.close();
  }
});
