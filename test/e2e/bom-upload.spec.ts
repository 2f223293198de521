import { expect, test } from './support/test';
import type { PartView, QuoteRequest } from '@parts/shared/schemas';
import type { Page } from '@playwright/test';
import { expectToast, listParts, readBasket, registerViaApi, uniqueName } from './support/e2e-helpers';
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
    // The basket keeps the list's order, the free-text line (R4) in its place; line 5 went into line 1.
    const listOrder = [exact.partNumber, loose.partNumber, suffixed.partNumber, unknown, described.partNumber];
    const drawerLines = drawer.locator('[data-testid="basket-line"], [data-testid="free-line"]');
    await expect(drawerLines).toHaveCount(5);
    for (const [i, text] of listOrder.entries()) await expect(drawerLines.nth(i)).toContainText(text);

    // Signed in, the buyer submits the request.
    await registerViaApi(page.request);
    await page.goto('/quote-request');
    await expect(page.getByTestId('quote-item-count')).toHaveText('You have 5 items in your quote request.');
    await page.getByLabel(`Quantity for ${exact.name}`).waitFor();
    await expect(page.getByLabel(`Quantity for ${exact.name}`)).toHaveValue('7');
    const pageLines = page.locator('[data-testid="basket-line"], [data-testid="free-line"]');
    for (const [i, text] of listOrder.entries()) await expect(pageLines.nth(i)).toContainText(text);
    const customerName = uniqueName('Bom Buyer ');
    await page.getByLabel('Full Name').fill(customerName);
    await page.getByLabel('Email').fill('bom-buyer@example.com');
    const submitted = page.waitForResponse((r) => /\/api\/quote-requests(\/submissions)?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    const created = (await (await submitted).json()) as QuoteRequest;
    await expectToast(page, 'Quote request submitted');
    // The request keeps the order too.
    expect(created.items.map((i) => i.part?.partNumber ?? i.freeText?.partNumber)).toEqual(listOrder);

    // The admin sees every line, the free-text one marked.
    const adminContext = await browser.newContext({ baseURL });
    try {
      const admin = await adminContext.newPage();
      const quotes = await openAdminTab(admin, 'Quote Requests');
      await quotes.getByRole('button', { name: `View quote request #${created.id}` }).click();
      const items = admin.getByRole('dialog', { name: `Quote Request #${created.id}` }).getByRole('region', { name: 'Items' });
      await expect(items.getByTestId('quote-line')).toHaveCount(5);
      for (const [i, text] of listOrder.entries()) await expect(items.getByTestId('quote-line').nth(i)).toContainText(text);
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

  /**
   * Issue 25: a German Excel list (Windows-1252, semicolons) with title rows above the column names,
   * quantities written `x89`, `42 Stück`, `130,000` (SAP: 130) and `1,5`, a line described in words
   * only (several candidates) and one the catalogue lacks.
   */
  async function germanList(page: Page) {
    const listing = await listParts(page.request, { pageSize: '30', sortBy: 'partNumber' });
    const parts = listing.data.filter((p) => p.manufacturer && /\d/.test(p.partNumber) && p.partNumber.length >= 6);
    const [exact, second, described] = parts as [PartView, PartView, PartView];
    const unknown = uniqueName('ZZS-');
    const csv = [
      'Stückliste Projekt Nord;;;;;',
      'Kunde: ACME GmbH;;;;;',
      'Pos.;Kunden-Nr.;Hersteller-Nr.;Hersteller;Menge;Bezeichnung',
      `10;K-1;${exact.partNumber};${exact.manufacturer!.name};x89;Größe passt`,
      `20;K-2;${second.partNumber};;42 Stück;Dichtung für Ø 5`,
      `30;K-3;;;130,000;${described.name}`,
      `40;K-4;${unknown};Acme;1,5;Sonderteil für Halter`,
    ].join('\r\n');
    return { exact, second, described, unknown, file: { name: 'stueckliste.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') } };
  }

  async function openUpload(page: Page) {
    await page.getByRole('button', { name: /^Quote request, \d+ items$/ }).click();
    await page.getByRole('dialog', { name: 'Quote Request' }).getByRole('button', { name: 'Upload a parts list' }).click();
  }

  test('issue 25: title rows, x89, 42 Stück, an ambiguous line and a Windows-1252 file go through the review with nothing guessed, and survive a reload', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const list = await germanList(page);
    await page.goto('/catalog');
    await openUpload(page);
    const upload = page.getByRole('dialog', { name: 'Upload a parts list' });
    await upload.getByLabel('File (CSV, TSV or XLSX, up to 2 MB)').setInputFiles(list.file);
    await upload.getByRole('button', { name: 'Read list' }).click();

    // The column names are found on row 3; the title rows above are not lines.
    const columns = page.getByRole('dialog', { name: 'Check the columns' });
    await expect(columns.getByLabel('Column names are on')).toHaveValue('2');
    await expect(columns.getByLabel('Part number')).toHaveValue('2');
    await expect(columns.getByLabel('Your reference')).toHaveValue('1');
    await expect(columns.getByLabel('Quantity')).toHaveValue('4');
    await expect(columns.getByTestId('bom-line-count')).toHaveText('4 lines below the column names (rows 1–2 are titles, not lines).');
    await columns.getByRole('button', { name: 'Match parts' }).click();

    const review = page.getByRole('dialog', { name: 'Review the matches' });
    await expect(review.getByTestId('bom-line')).toHaveCount(4);
    const line = (n: number) => review.locator(`[data-testid="bom-line"][data-line="${n}"]`);
    // Quantities as meant, the original cells beside them; the text decoded from Windows-1252.
    await expect(line(1).getByLabel('Quantity for line 1')).toHaveValue('89');
    await expect(line(1)).toContainText('List: x89');
    await expect(line(1).getByTestId('bom-original')).toContainText('Größe passt');
    await expect(line(2).getByLabel('Quantity for line 2')).toHaveValue('42');
    await expect(line(2).getByTestId('bom-original')).toContainText('Dichtung für Ø 5');
    await expect(line(3).getByLabel('Quantity for line 3')).toHaveValue('130');
    await expect(line(4).getByTestId('bom-quantity-problem')).toHaveText('Check quantityNot a whole number: 1,5');
    await expect(line(4).getByLabel('Quantity for line 4')).toHaveValue('1,5');
    // The words-only line offers candidates and chooses none.
    await expect(line(3).getByTestId('bom-confidence')).toHaveText('Choose one');
    await expect(line(3).getByLabel('Part for line 3')).toHaveValue('');
    await expect(line(4).getByTestId('bom-confidence')).toHaveText('No match');
    const add = review.getByTestId('bom-add');
    await expect(add).toHaveText('2 lines still need a decision');
    await expect(add).toBeDisabled();

    // Filters and search.
    await review.getByRole('button', { name: 'Check quantity (1)' }).click();
    await expect(review.getByTestId('bom-line')).toHaveCount(1);
    await expect(line(4)).toBeVisible();
    await review.getByRole('button', { name: 'Needs a choice (1)' }).click();
    await expect(review.getByTestId('bom-line')).toHaveCount(1);
    await expect(line(3)).toBeVisible();
    await review.getByRole('button', { name: 'All lines (4)' }).click();
    await review.getByLabel('Search the list').fill('sonderteil');
    await expect(review.getByTestId('bom-line')).toHaveCount(1);
    await expect(line(4)).toBeVisible();
    await review.getByLabel('Search the list').fill('');

    // A reload keeps the work.
    await page.reload();
    await openUpload(page);
    await expect(review.getByTestId('bom-line')).toHaveCount(4);
    await expect(line(4).getByTestId('bom-quantity-problem')).toContainText('Not a whole number: 1,5');
    await expect(add).toHaveText('2 lines still need a decision');

    // The buyer decides: a quantity for line 4, a part for line 3.
    await line(4).getByLabel('Quantity for line 4').fill('2');
    await expect(line(4).getByTestId('bom-quantity-problem')).toHaveCount(0);
    const options = await line(3).getByLabel('Part for line 3').locator('option').allTextContents();
    const wanted = options.find((o) => o.startsWith(`${list.described.partNumber} —`));
    expect(wanted, `candidates for line 3: ${options.join(' | ')}`).toBeTruthy();
    await line(3).getByLabel('Part for line 3').selectOption({ label: wanted! });
    await expect(add).toHaveText('Add 4 lines to quote request');
    await add.click();
    await expectToast(page, 'Parts list added', '4 lines were added to your quote request.');
    const basket = (await readBasket(page)) as { part?: { id: number }; freeText?: { partNumber?: string }; quantity: number }[];
    expect(basket.map((i) => [i.part?.id ?? i.freeText?.partNumber, i.quantity])).toEqual([
      [list.exact.id, 89],
      [list.second.id, 42],
      [list.described.id, 130],
      [list.unknown, 2],
    ]);
    await expect(page.getByRole('dialog', { name: 'Quote Request' }).getByTestId('free-line')).toContainText(list.unknown);
  });

  test("issue 25: the review's work survives the browser's Back and Forward, within the app and out of it", async ({ page }) => {
    test.setTimeout(90_000);
    const list = await germanList(page);
    await page.goto('/');
    // Into the catalogue the app's own way, so Back stays in the app (a client-side navigation).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await openUpload(page);
    const upload = page.getByRole('dialog', { name: 'Upload a parts list' });
    await upload.getByLabel('File (CSV, TSV or XLSX, up to 2 MB)').setInputFiles(list.file);
    await upload.getByRole('button', { name: 'Read list' }).click();
    await page.getByRole('dialog', { name: 'Check the columns' }).getByRole('button', { name: 'Match parts' }).click();
    const review = page.getByRole('dialog', { name: 'Review the matches' });
    const line = (n: number) => review.locator(`[data-testid="bom-line"][data-line="${n}"]`);
    const add = review.getByTestId('bom-add');
    await expect(add).toHaveText('2 lines still need a decision');
    // Work done: a quantity for line 4 and a part for line 3.
    await line(4).getByLabel('Quantity for line 4').fill('2');
    const options = await line(3).getByLabel('Part for line 3').locator('option').allTextContents();
    const wanted = options.find((o) => o.startsWith(`${list.described.partNumber} —`))!;
    await line(3).getByLabel('Part for line 3').selectOption({ label: wanted });
    await expect(add).toHaveText('Add 4 lines to quote request');

    const expectWorkKept = async () => {
      await expect(review.getByTestId('bom-line')).toHaveCount(4);
      await expect(line(4).getByLabel('Quantity for line 4')).toHaveValue('2');
      await expect(line(3).getByLabel('Part for line 3').locator('option:checked')).toHaveText(wanted);
      await expect(add).toHaveText('Add 4 lines to quote request');
    };

    // Back within the app, then Forward: the review stays open over the pages, its work untouched.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expectWorkKept();
    await page.goForward();
    await expect(page).toHaveURL(/\/catalog$/);
    await expectWorkKept();

    // Out of the app to another page and Back. The browser may give the page back as it was (its
    // back/forward cache: the review still open) or load it afresh (the review opens again with the work).
    await page.goto('about:blank');
    await page.goBack();
    await expect(page).toHaveURL(/\/catalog$/);
    const basketButton = page.getByRole('button', { name: /^Quote request, \d+ items$/ });
    await expect(review.or(basketButton)).toBeVisible();
    if (await basketButton.isVisible()) await openUpload(page);
    await expectWorkKept();
  });

  test('issue 25: the review uses the width it needs at 1280 px and becomes cards at 390 px, nothing clipped', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const list = await germanList(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/catalog');
    await openUpload(page);
    const upload = page.getByRole('dialog', { name: 'Upload a parts list' });
    await upload.getByLabel('File (CSV, TSV or XLSX, up to 2 MB)').setInputFiles(list.file);
    await upload.getByRole('button', { name: 'Read list' }).click();
    const columns = page.getByRole('dialog', { name: 'Check the columns' });
    await expect(columns.getByLabel('Column names are on')).toHaveValue('2');
    await page.screenshot({ path: testInfo.outputPath('bom-columns-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('bom-columns-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await columns.getByRole('button', { name: 'Match parts' }).click();
    const review = page.getByRole('dialog', { name: 'Review the matches' });
    await expect(review.getByTestId('bom-line')).toHaveCount(4);

    /** Elements of the review whose content is wider than their box (clipped), and whether the page scrolls sideways. */
    const clipped = () =>
      review.evaluate((dialog) => {
        const out: string[] = [];
        for (const el of dialog.querySelectorAll<HTMLElement>('[role="row"], [role="cell"], [role="columnheader"], button, select, input')) {
          if (el.getClientRects().length === 0) continue;
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto') out.push(`${el.tagName} ${el.textContent?.slice(0, 40)}`);
          const box = el.getBoundingClientRect();
          const outer = dialog.getBoundingClientRect();
          if (box.right > outer.right + 1 || box.left < outer.left - 1) out.push(`outside the dialog: ${el.tagName} ${el.textContent?.slice(0, 40)}`);
        }
        if (document.documentElement.scrollWidth > window.innerWidth) out.push('the page scrolls sideways');
        return out;
      });

    expect((await review.boundingBox())!.width).toBeGreaterThanOrEqual(960);
    expect(await clipped()).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('bom-review-1280.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(review.getByTestId('bom-line').first()).toBeVisible();
    expect(await clipped()).toEqual([]);
    // Cards: a line's cells stack (the quantity below the list's text, not beside it).
    const first = review.locator('[data-testid="bom-line"][data-line="1"]');
    const [text, qty] = [await first.getByTestId('bom-original').boundingBox(), await first.getByLabel('Quantity for line 1').boundingBox()];
    expect(qty!.y).toBeGreaterThan(text!.y + text!.height - 1);
    await page.screenshot({ path: testInfo.outputPath('bom-review-390.png'), fullPage: false });
  });
});
