import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locator, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';

// The shared machine is slow at times (many runs at once): these walks wait longer than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });
import type { PartView } from '@parts/shared/schemas';
import { expectToast, loginAdmin } from './support/e2e-helpers';
import { sendOffer, submitQuote } from './support/quote-fixtures';

/**
 * The screenshot pass (issue 32): every screen and dialog at 1280 and 390 px, saved under
 * test-results/screenshots/<width>/ for a person to look at. It asserts only that each screen showed
 * what it is (the other specs measure); it exists so a layout change is looked at, not guessed.
 */
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');

type Shot = (name: string, target?: Locator) => Promise<void>;

/** The page at `width`, and a `shot` that saves it (or one element) once nothing moves. */
async function camera(page: Page, width: number): Promise<Shot> {
  await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
  return async (name, target) => {
    // Nothing still moving (dialogs animate in).
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const file = path.join(outDir, String(width), `${name}.png`);
    if (target) await target.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  };
}

const h1 = (page: Page, name?: string | RegExp) => expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) })).toBeVisible();

for (const width of [1280, 390]) {
  test.describe(`screenshots at ${width} px`, () => {
    test('storefront screens, the quote drawer, the filter sheet and the phone menu', async ({ page }) => {
      const shot = await camera(page, width);
      const { data } = (await (await page.request.get('/api/parts?pageSize=20&sortBy=partNumber')).json()) as { data: PartView[] };
      const part = data.find((p) => p.manufacturer && p.category)!;
      const visit = async (url: string, name: string, ready: () => Promise<void>) => {
        await page.goto(url);
        await ready();
        await shot(name);
      };
      await visit('/', 'home', () => h1(page, 'Your Source for Industrial Components'));
      await visit('/catalog', 'catalog', () => expect(page.getByTestId('part-card').first()).toBeVisible());
      await visit(`/manufacturer/${part.manufacturer!.slug}`, 'manufacturer', () => expect(page.getByTestId('part-card').first()).toBeVisible());
      await visit('/manufacturers', 'manufacturers', () => h1(page, 'Manufacturers Directory'));
      await visit(`/part/${part.slug}`, 'part', () => h1(page, part.name));
      for (const name of ['support', 'contact', 'privacy', 'terms', 'cookies']) await visit(`/${name}`, name, () => h1(page));
      await visit('/no/such/page', 'not-found', () => h1(page, '404 Page Not Found'));
      await visit('/auth', 'auth', () => h1(page));
      await visit('/admin/login', 'admin-login', () => h1(page));

      await page.goto(`/part/${part.slug}`);
      await page.getByRole('button', { name: 'Add to Quote Request' }).click();
      await expectToast(page, 'Added to Quote');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Quote request, \d+ items$/ })
        .click();
      await shot('quote-drawer', page.getByRole('dialog', { name: 'Quote Request' }));
      if (width < 1024) {
        await page.keyboard.press('Escape');
        await page.goto('/catalog');
        await page.getByRole('button', { name: 'Filters' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot('catalog-filters-sheet');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await shot('mobile-menu', page.getByRole('banner'));
      }
    });

    test("the buyer's pages: quote request, the parts-list dialog, my requests and an offer", async ({ page, playwright, baseURL }) => {
      const shot = await camera(page, width);
      const { quote, parts } = await submitQuote(page.request);
      await sendOffer(playwright, baseURL!, quote, parts[3]!);
      await page.goto('/quote-request');
      await h1(page, 'Request a Quote');
      await shot('quote-request');
      await page.getByRole('button', { name: 'Upload a parts list' }).click();
      await shot('bom-dialog', page.getByRole('dialog'));
      // The two later steps, with the lines a real list has: exact, unknown, words only, an unreadable quantity.
      const list = [
        'Title: Project 4711 parts list',
        '',
        'Mfr Part Number,Manufacturer,Qty,Description',
        `${parts[0]!.partNumber},${parts[0]!.manufacturer?.name ?? ''},5,`,
        'ZZQ-404-UNKNOWN,Acme Widgets,4,Custom mounting bracket',
        `,,2,${parts[1]!.name}`,
        `${parts[2]!.partNumber},,x89,`,
      ].join('\n');
      await page
        .getByRole('dialog')
        .getByLabel('File (CSV, TSV or XLSX, up to 2 MB)')
        .setInputFiles({ name: 'list.csv', mimeType: 'text/csv', buffer: Buffer.from(list) });
      await page.getByRole('dialog').getByRole('button', { name: 'Read list' }).click();
      const columns = page.getByRole('dialog', { name: 'Check the columns' });
      await expect(columns.getByRole('button', { name: 'Match parts' })).toBeVisible();
      await shot('bom-columns', columns);
      await columns.getByRole('button', { name: 'Match parts' }).click();
      const review = page.getByRole('dialog', { name: 'Review the matches' });
      await expect(review.getByTestId('bom-line')).toHaveCount(4);
      await shot('bom-review', review);
      await page.keyboard.press('Escape');
      await page.goto('/account/quotes');
      await h1(page, 'My Quote Requests');
      await shot('my-quotes');
      await page.goto(`/account/quotes/${quote.id}`);
      await expect(page.getByTestId('offer-view')).toBeVisible();
      await shot('my-quote-offer');
    });

    test('the admin dashboard, its tabs, its dialogs, a quote with an offer and the offer editor', async ({ page, playwright, baseURL }) => {
      const shot = await camera(page, width);
      const { quote, parts } = await submitQuote(page.request);
      await sendOffer(playwright, baseURL!, quote, parts[3]!);
      await loginAdmin(page.request);
      await page.goto('/admin');
      await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
      await shot('admin-overview');
      const tabs: [string, string][] = [
        ['Categories', 'New Category'],
        ['Manufacturers', 'New Manufacturer'],
        ['Parts', 'New Part'],
        ['Quote Requests', 'New Quote'],
      ];
      for (const [tab, newLabel] of tabs) {
        await page.getByRole('tab', { name: tab }).click();
        const panel = page.getByRole('tabpanel', { name: tab });
        await expect(panel.getByRole('button', { name: newLabel })).toBeVisible();
        await shot(`admin-${tab.toLowerCase().replace(' ', '-')}`);
        await panel.getByRole('button', { name: newLabel }).click();
        await shot(`admin-${newLabel.toLowerCase().replace(' ', '-')}-dialog`, page.getByRole('dialog'));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        if (tab === 'Parts') {
          await panel.getByRole('button', { name: 'Import CSV' }).click();
          await shot('admin-csv-import-dialog', page.getByRole('dialog'));
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
      }
      const quotes = page.getByRole('tabpanel', { name: 'Quote Requests' });
      await quotes.getByRole('button', { name: `View quote request #${quote.id}` }).click();
      const dialog = page.getByRole('dialog', { name: `Quote Request #${quote.id}` });
      await expect(dialog.getByTestId('offer-view')).toBeVisible();
      await shot('admin-quote-dialog', dialog);
      await dialog.getByRole('button', { name: /Revise|Create offer/ }).click();
      await expect(dialog.getByTestId('offer-line-editor').first()).toBeVisible();
      await shot('admin-offer-editor', dialog);
    });
  });
}
