import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locator, type Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';

// The shared machine is slow at times (many runs at once): these walks wait longer than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });
import { expectToast, loginAdmin } from './support/e2e-helpers';
import { sendOffer, submitQuote } from './support/quote-fixtures';

/**
 * The screenshot pass (issue 32): every screen and dialog at 1280 and 390 px, saved under
 * test-results/screenshots/<width>/ for a person to look at. It asserts only that each screen showed
 * what it is (the other specs measure); it exists so a layout change is looked at, not guessed.
 */
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');

for (const width of [1280, 390]) {
  test(`screenshots of every screen and dialog at ${width} px`, async ({ page, playwright, baseURL }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const shot = async (name: string, target?: Locator) => {
      // Nothing still moving (dialogs animate in).
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const file = path.join(outDir, String(width), `${name}.png`);
      if (target) await target.screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: true });
    };
    const visit = async (url: string, name: string, ready: (p: Page) => Promise<void>) => {
      await page.goto(url);
      await ready(page);
      await shot(name);
    };
    const h1 = (name?: string | RegExp) => async (p: Page) => expect(p.getByRole('heading', { level: 1, ...(name ? { name } : {}) })).toBeVisible();

    const { quote, parts } = await submitQuote(page.request);
    await sendOffer(playwright, baseURL!, quote, parts[3]!);
    const part = parts[0]!;

    await visit('/', 'home', h1('Your Source for Industrial Components'));
    await visit('/catalog', 'catalog', async (p) => expect(p.getByTestId('part-card').first()).toBeVisible());
    await visit(`/manufacturer/${part.manufacturer!.slug}`, 'manufacturer', async (p) => expect(p.getByTestId('part-card').first()).toBeVisible());
    await visit('/manufacturers', 'manufacturers', h1('Manufacturers Directory'));
    await visit(`/part/${part.slug}`, 'part', h1(part.name));
    await visit('/support', 'support', h1());
    await visit('/contact', 'contact', h1());
    await visit('/privacy', 'privacy', h1());
    await visit('/no/such/page', 'not-found', h1('404 Page Not Found'));

    // Dialogs and sheets of the storefront.
    await page.goto(`/part/${part.slug}`);
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await expectToast(page, 'Added to Quote');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Quote request, \d+ items$/ })
      .click();
    await shot('quote-drawer', page.getByRole('dialog', { name: 'Quote Request' }));
    await page.keyboard.press('Escape');
    if (width < 1024) {
      await page.goto('/catalog');
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('catalog-filters-sheet');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot('mobile-menu', page.getByRole('banner'));
    }

    // The buyer's pages (signed in by submitQuote).
    await visit('/quote-request', 'quote-request', h1('Request a Quote'));
    await page.getByRole('button', { name: 'Upload a parts list' }).click();
    await shot('bom-dialog', page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await visit('/account/quotes', 'my-quotes', h1('My Quote Requests'));
    await visit(`/account/quotes/${quote.id}`, 'my-quote-offer', async (p) => expect(p.getByTestId('offer-view')).toBeVisible());
    await page.request.post('/api/auth/logout');
    await visit('/auth', 'auth', h1());
    await visit('/admin/login', 'admin-login', h1());

    // The admin dashboard, its tabs and dialogs.
    await loginAdmin(page.request);
    await visit('/admin', 'admin-overview', async (p) => expect(p.getByRole('tab', { name: 'Overview' })).toBeVisible());
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
}
