import { expect, test } from './support/test';
import type { PartView, QuoteRequest } from '@parts/shared/schemas';
import { expectToast, listParts, registerViaApi, uniqueName } from './support/e2e-helpers';
import { openAdminTab } from './admin-helpers';

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

test.describe('parts list upload', () => {
  test('a list with exact, loose, suffixed, unknown and repeated lines lands in the basket, one choice fixed, and every line reaches the admin', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const listing = await listParts(page.request, { pageSize: '30', sortBy: 'partNumber' });
    const parts = listing.data.filter((p) => p.manufacturer && /\d/.test(p.partNumber) && p.partNumber.length >= 6);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    const [exact, loose, suffixed, described] = parts as [PartView, PartView, PartView, PartView];
    const loosely = `${loose.partNumber.slice(0, 3).toLowerCase()} ${loose.partNumber.slice(3).toLowerCase()}`;
    const unknown = uniqueName('ZZQ-');
    const csv = [
      ['Mfr Part Number', 'Manufacturer', 'Qty', 'Description', 'Ref'],
      [exact.partNumber, exact.manufacturer!.name, '5', '', 'R1'],
      [loosely, '', '3', '', 'R2'],
      [`${suffixed.partNumber}-TR`, '', '10', '', 'R3'],
      [unknown, 'Acme Widgets', '4', 'Custom mounting bracket', 'R4'],
      [exact.partNumber, exact.manufacturer!.name, '2', '', 'R5'],
      ['', described.manufacturer!.name, '1', described.name, 'R6'],
    ]
      .map((row) => row.map(csvCell).join(','))
      .join('\n');

    // A guest uploads the list from the basket drawer.
    await page.goto('/catalog');
    await page.getByRole('button', { name: /^Quote request, \d+ items$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Quote Request' });
    await drawer.getByRole('button', { name: 'Upload a parts list' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload a parts list' });
    await upload.getByLabel('File (CSV, TSV or XLSX, up to 2 MB)').setInputFiles({ name: 'bom.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload.getByRole('button', { name: 'Read list' }).click();

    // The columns are guessed and shown for confirmation.
    const columns = page.getByRole('dialog', { name: 'Check the columns' });
    await expect(columns.getByLabel('Part number')).toHaveValue('0');
    await expect(columns.getByLabel('Manufacturer')).toHaveValue('1');
    await expect(columns.getByLabel('Quantity')).toHaveValue('2');
    await expect(columns.getByLabel('Description')).toHaveValue('3');
    await expect(columns.getByLabel('Your reference')).toHaveValue('4');
    await columns.getByRole('button', { name: 'Match parts' }).click();

    const review = page.getByRole('dialog', { name: 'Review the matches' });
    await expect(review.getByTestId('bom-line')).toHaveCount(6);
    const line = (n: number) => review.locator(`[data-testid="bom-line"][data-line="${n}"]`);
    await expect(line(1).getByTestId('bom-confidence')).toHaveText('Exact');
    await expect(line(2).getByTestId('bom-confidence')).toHaveText('Likely');
    await expect(line(2).getByLabel('Part for line 2')).toContainText(loose.partNumber);
    await expect(line(3).getByTestId('bom-confidence')).toHaveText('Likely');
    await expect(line(3).getByLabel('Part for line 3')).toContainText(suffixed.partNumber);
    await expect(line(4).getByTestId('bom-confidence')).toHaveText('No match');
    await expect(line(4).getByLabel('Part for line 4')).toHaveValue('free');
    await expect(line(5)).toContainText('Same part as line 1: the quantities are added.');
    await expect(line(6).getByTestId('bom-confidence')).toHaveText(/Choose one|Likely/);

    // The buyer fixes one choice: line 6 is the described part.
    const options = await line(6).getByLabel('Part for line 6').locator('option').allTextContents();
    const wanted = options.find((o) => o.startsWith(`${described.partNumber} —`));
    expect(wanted, `candidates for line 6: ${options.join(' | ')}`).toBeTruthy();
    await line(6).getByLabel('Part for line 6').selectOption({ label: wanted! });
    await review.getByRole('button', { name: 'Add 6 lines to quote request' }).click();
    await expectToast(page, 'Parts list added', '6 lines were added to your quote request.');
    await expect(drawer.getByTestId('free-line')).toContainText(unknown);

    // Signed in, the buyer submits the request.
    await registerViaApi(page.request);
    await page.goto('/quote-request');
    await expect(page.getByTestId('quote-item-count')).toHaveText('You have 5 items in your quote request.');
    await page.getByLabel(`Quantity for ${exact.name}`).waitFor();
    await expect(page.getByLabel(`Quantity for ${exact.name}`)).toHaveValue('7');
    const customerName = uniqueName('Bom Buyer ');
    await page.getByLabel('Full Name').fill(customerName);
    await page.getByLabel('Email').fill('bom-buyer@example.com');
    const submitted = page.waitForResponse((r) => /\/api\/quote-requests(\/submissions)?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    const created = (await (await submitted).json()) as QuoteRequest;
    await expectToast(page, 'Quote request submitted');

    // The admin sees every line, the free-text one marked.
    const adminContext = await browser.newContext({ baseURL });
    try {
      const admin = await adminContext.newPage();
      const quotes = await openAdminTab(admin, 'Quote Requests');
      await quotes.getByRole('button', { name: `View quote request #${created.id}` }).click();
      const items = admin.getByRole('dialog', { name: `Quote Request #${created.id}` }).getByRole('region', { name: 'Items' });
      await expect(items.getByTestId('quote-line')).toHaveCount(5);
      for (const part of [exact, loose, suffixed, described]) await expect(items).toContainText(part.partNumber);
      const free = items.getByTestId('quote-line').filter({ hasText: unknown });
      await expect(free).toContainText('Not in catalogue');
      await expect(free).toContainText('Custom mounting bracket');
      await expect(free).toContainText('Acme Widgets');
      await expect(items.getByTestId('quote-line').filter({ hasText: exact.partNumber })).toContainText('7');
      await expect(items).toContainText('R3');
    } finally {
      await adminContext.close();
    }
  });
});
