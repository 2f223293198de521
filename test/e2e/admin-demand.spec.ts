import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { chooseOption, loginAdminViaApi } from './admin-helpers';
import { seriousViolations } from './support/axe';
import { registerViaApi } from './support/e2e-helpers';
import { expect, test } from './support/test';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');

/**
 * Saves the page at 1280 and 390 px for a person to look at — the whole page, one part of it, or (an open dialog) the
 * viewport; neither width may scroll sideways.
 */
async function shoot(page: Page, name: string, target?: Locator | 'viewport') {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    mkdirSync(path.join(outDir, String(width)), { recursive: true });
    const file = path.join(outDir, String(width), `${name}.png`);
    if (target === 'viewport') await page.screenshot({ path: file });
    else if (target) await target.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls, `${name} scrolls sideways at ${width} px`).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A run's own token, so rows of other runs and specs never match. */
const stampOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/**
 * Signs the page in as the admin and waits, through the API, until the recorder (it writes its buffer about once a
 * second) has written the given rows; then opens the Demand tab once.
 */
async function openDemandTab(page: Page, wanted: { kind: 'missing' | 'query'; key: string }[]): Promise<Locator> {
  await loginAdminViaApi(page);
  const keys = async (kind: string) =>
    ((await (await page.request.get(`/api/admin/demand?kind=${kind}&limit=100`)).json()) as { items: { key: string }[] }).items.map((r) => r.key);
  for (const { kind, key } of wanted) await expect.poll(() => keys(kind)).toContain(key);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=demand');
  return page.getByRole('tabpanel', { name: 'Demand' });
}

/** The Demand tab (issue 31) against the real server. */
test.describe('the admin Demand tab', () => {
  // Each test signs in, records, waits for the recorder's write, runs axe and saves screenshots at two widths.
  test.describe.configure({ timeout: 120_000 });
  test('a search on the public site that finds nothing and an unmatched parts-list line appear as rows', async ({ page, request }) => {
    const stamp = stampOf();
    const partKey = `DMD${stamp}`;
    const query = `flux capacitor ${stamp.toLowerCase()}`;

    // A guest searches the public site and finds nothing.
    await page.goto('/catalog');
    const box = page.locator('header').getByRole('combobox', { name: 'Search parts' });
    await box.fill(query);
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: 'No parts found' })).toBeVisible();
    // A parts list with a line the catalogue lacks (the call the upload's review makes).
    const bom = await request.post('/api/bom/match', {
      data: { lines: [{ partNumber: `DMD-${stamp}`, manufacturer: 'Acme Widgets', description: 'Flux bracket, left' }] },
    });
    expect(bom.status(), await bom.text()).toBe(200);

    const panel = await openDemandTab(page, [
      { kind: 'missing', key: partKey },
      { kind: 'query', key: query },
    ]);
    const missingRow = panel.locator(`[data-testid="demand-row"][data-key="${partKey}"]`);
    await expect(missingRow).toContainText(`DMD-${stamp}`);
    await expect(missingRow).toContainText('Acme Widgets');
    await expect(missingRow).toContainText('Flux bracket, left');
    await expect(panel.getByTestId('demand-query').getByTestId('demand-row').filter({ hasText: query })).toBeVisible();
    await expect(missingRow.getByRole('img', { name: /^Trend of DMD-/ })).toBeVisible();
    const charts = panel.getByTestId('demand-charts');
    await expect(charts.getByRole('figure', { name: /^Zero-result rate per day/ })).toBeVisible();
    await expect(charts.getByRole('figure', { name: /^Top queries/ })).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-demand');
    await shoot(page, 'admin-demand-charts', charts);
  });

  test('Create part from a row adds the part and lists the request that asked for it', async ({ page, request }) => {
    const stamp = stampOf();
    const partNumber = `DMC-${stamp}`;
    const partKey = `DMC${stamp}`;
    // A buyer's request with a free-text line the catalogue lacks.
    await registerViaApi(request);
    const submitted = await request.post('/api/quote-requests', {
      data: {
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        items: [{ freeText: { partNumber: partNumber.toLowerCase(), description: 'Cam roller, sealed' }, quantity: 12 }],
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const quote = (await submitted.json()) as QuoteRequest;

    const panel = await openDemandTab(page, [{ kind: 'missing', key: partKey }]);
    const row = panel.locator(`[data-testid="demand-row"][data-key="${partKey}"]`);
    await expect(row.getByRole('link', { name: `Quote request #${quote.id}` })).toHaveAttribute('href', `/admin?tab=quotes&quote=${quote.id}`);

    await row.getByRole('button', { name: /^Create part / }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Part' });
    const filledNumber = await dialog.getByLabel('Part Number').inputValue();
    expect(filledNumber.replace(/[\s._/-]/g, '').toUpperCase()).toBe(partKey);
    await expect(dialog.getByLabel('Description')).toHaveValue('Cam roller, sealed');
    await dialog.getByLabel('Part Name').fill(`Cam Roller ${stamp}`);
    await chooseOption(dialog, page, 'Category', 'Uncategorized');
    // The request named no manufacturer: the dialog asks for one, as it does for any new part.
    await chooseOption(dialog, page, 'Manufacturer', 'Unknown Manufacturer');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'admin-demand-create-part', 'viewport');
    await dialog.getByRole('button', { name: 'Create Part' }).click();

    const requested = page.getByRole('dialog', { name: 'Requested in' });
    const link = requested.getByRole('link', { name: `Quote request #${quote.id}` });
    await expect(link).toBeVisible();
    await shoot(page, 'admin-demand-requested-in', 'viewport');
    const listed = await request.get(`/api/parts?q=${encodeURIComponent(filledNumber)}`);
    expect(((await listed.json()) as { data: { partNumber: string }[] }).data.map((p) => p.partNumber)).toContain(filledNumber);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`[?&]quote=${quote.id}(&|$)`));
    // The request opens in the quotes tab, to be answered.
    await expect(page.getByRole('dialog', { name: `Quote Request #${quote.id}` })).toContainText('Cam roller, sealed');
  });
});
