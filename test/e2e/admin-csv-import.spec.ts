import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { PartListResponse } from '@parts/shared/schemas';
import { IMPORT_OPTIONAL_RELATIONS_NOTE, NO_CATEGORY_LABEL, UNKNOWN_MANUFACTURER_LABEL } from '@parts/shared/import-fields';
import { expectToast, getJson, uniqueName } from './support/e2e-helpers';
import { chooseOption, createRelations, openAdminTab } from './admin-helpers';

/** Saves the page at 1280 and 390 px wide under test-results/screens/ (looked at by hand), back at 1280 after. */
async function shootBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/issue-32-${name}-${width}.png`, fullPage: true });
  }
}

test.describe('admin CSV import', () => {
  test('a file with one bad row imports the good rows and shows the bad row number and its error', async ({ page }) => {
    const tag = uniqueName('').toUpperCase();
    const parts = await openAdminTab(page, 'Parts');
    const { category, manufacturer } = await createRelations(page, tag);
    const csv = [
      'Product,SKU,Cost,Maker,Group,Bore',
      `CSV Valve A ${tag},CSV-A-${tag},10.50,${manufacturer.slug},${category.slug},32 mm`,
      `CSV Valve B ${tag},CSV-B-${tag},abc,NoSuchMaker${tag},${category.slug},40 mm`,
      `CSV Valve C ${tag},CSV-C-${tag},,${manufacturer.name},${category.name},50 mm`,
    ].join('\n');

    await parts.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Parts from CSV' });
    await expect(dialog.getByText(/at least the part name and part number columns/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Download Template' })).toHaveAttribute('href', '/api/parts/csv-template');
    await expect(dialog.getByLabel('CSV File')).toHaveAttribute('accept', '.csv');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await dialog.getByLabel('CSV File').setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Next' }).click();

    for (const header of ['Product', 'SKU', 'Cost', 'Maker', 'Group', 'Bore']) {
      await expect(dialog.getByRole('combobox', { name: `Map column ${header}` })).toHaveText('Not mapped');
    }
    const preview = dialog.getByRole('table', { name: 'CSV preview' });
    await expect(preview).toContainText(`CSV-A-${tag}`);
    await expect(preview).toContainText(`NoSuchMaker${tag}`);
    const importButton = dialog.getByRole('button', { name: 'Import Parts' });
    await expect(importButton).toBeDisabled();

    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByText('Selected file: parts.csv')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();

    await chooseOption(dialog, page, 'Map column Product', 'Part Name (required)');
    await expect(importButton).toBeDisabled();
    await chooseOption(dialog, page, 'Map column SKU', 'Part Number (required)');
    await expect(importButton).toBeEnabled();
    await chooseOption(dialog, page, 'Map column Cost', 'Price');
    await chooseOption(dialog, page, 'Map column Maker', 'Manufacturer');
    await chooseOption(dialog, page, 'Map column Group', 'Category');
    await chooseOption(dialog, page, 'Map column Bore', 'Specification: Bore');
    await importButton.click();

    await expectToast(page, 'Import Completed with Errors', 'Imported 2 parts with 1 errors.');
    await expect(dialog.getByRole('heading', { name: 'Import Completed with Warnings' })).toBeVisible();
    await expect(dialog.locator('div', { has: page.getByText('Total Records', { exact: true }) }).last()).toContainText('3');
    await expect(dialog.locator('div', { has: page.getByText('Successful', { exact: true }) }).last()).toContainText('2');
    await expect(dialog.locator('div', { has: page.getByText('Failed', { exact: true }) }).last()).toContainText('1');
    const errors = dialog.getByRole('table', { name: 'Error Details' });
    await expect(errors.getByRole('columnheader')).toHaveText(['Row', 'Error']);
    // The header is row 1, so the second record is row 3.
    await expect(errors.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');
    await expect(errors.getByRole('row').nth(1).getByRole('cell').nth(1)).not.toBeEmpty();

    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await parts.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Import Parts from CSV' }).getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.keyboard.press('Escape');

    const imported = await getJson<PartListResponse>(page.request, `/api/parts?q=${encodeURIComponent(tag)}&pageSize=10`);
    expect(imported.data.map((p) => p.partNumber).sort()).toEqual([`CSV-A-${tag}`, `CSV-C-${tag}`]);
    expect(imported.data.find((p) => p.partNumber === `CSV-A-${tag}`)?.specifications).toEqual({ Bore: '32 mm' });
  });

  test('rows without a category or a manufacturer are imported, shown as Uncategorized / Unknown Manufacturer in the admin and on the site, and assigned later (issue 32)', async ({
    page,
  }) => {
    const tag = uniqueName('').toUpperCase();
    const parts = await openAdminTab(page, 'Parts');
    const { category, manufacturer } = await createRelations(page, tag);
    const csv = ['Product,SKU,Maker,Group', `Loose Bolt ${tag},LB-${tag},,`, `Hinge ${tag},HG-${tag},,${category.slug}`].join('\n');

    await parts.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Parts from CSV' });
    await dialog.getByLabel('CSV File').setInputFiles({ name: 'loose.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Next' }).click();
    // The mapping step says what happens to rows without a category or manufacturer.
    await expect(dialog.getByTestId('import-relations-note')).toHaveText(IMPORT_OPTIONAL_RELATIONS_NOTE);
    await shootBothWidths(page, 'csv-mapping-note');
    await chooseOption(dialog, page, 'Map column Product', 'Part Name (required)');
    await chooseOption(dialog, page, 'Map column SKU', 'Part Number (required)');
    await chooseOption(dialog, page, 'Map column Maker', 'Manufacturer');
    await chooseOption(dialog, page, 'Map column Group', 'Category');
    await dialog.getByRole('button', { name: 'Import Parts' }).click();
    await expectToast(page, 'Import Successful', 'Successfully imported 2 parts.');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();

    await parts.getByRole('searchbox', { name: 'Search parts' }).fill(tag);
    await parts.getByRole('button', { name: 'Search' }).click();
    const bolt = parts.getByRole('row', { name: new RegExp(`Loose Bolt ${tag}`) });
    await expect(bolt).toContainText(NO_CATEGORY_LABEL);
    await expect(bolt).toContainText(UNKNOWN_MANUFACTURER_LABEL);
    const hinge = parts.getByRole('row', { name: new RegExp(`Hinge ${tag}`) });
    await expect(hinge).toContainText(category.name);
    await expect(hinge).toContainText(UNKNOWN_MANUFACTURER_LABEL);

    const listed = await getJson<PartListResponse>(page.request, `/api/parts?q=${encodeURIComponent(`LB-${tag}`)}`);
    const slug = listed.data.find((p) => p.partNumber === `LB-${tag}`)!.slug;
    await page.goto(`/part/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: `Loose Bolt ${tag}` })).toBeVisible();
    await expect(page.getByText(UNKNOWN_MANUFACTURER_LABEL, { exact: true })).toBeVisible();
    await expect(page.getByText(NO_CATEGORY_LABEL, { exact: true })).toBeVisible();
    await shootBothWidths(page, 'part-page-uncategorized');

    // The admin assigns both later in the part dialog, whose selects show the part's none first.
    const again = await openAdminTab(page, 'Parts');
    await again.getByRole('searchbox', { name: 'Search parts' }).fill(`LB-${tag}`);
    await again.getByRole('button', { name: 'Search' }).click();
    await again
      .getByRole('button', { name: `Edit Loose Bolt ${tag}` })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Part' });
    await expect(edit.getByRole('combobox', { name: 'Category' })).toHaveText(NO_CATEGORY_LABEL);
    await expect(edit.getByRole('combobox', { name: 'Manufacturer' })).toHaveText(UNKNOWN_MANUFACTURER_LABEL);
    await shootBothWidths(page, 'part-dialog-none');
    await chooseOption(edit, page, 'Category', category.name);
    await chooseOption(edit, page, 'Manufacturer', manufacturer.name);
    await edit.getByRole('button', { name: 'Update Part' }).click();
    await expectToast(page, 'Success', 'Part updated successfully');
    const row = again.getByRole('row', { name: new RegExp(`Loose Bolt ${tag}`) });
    await expect(row).toContainText(category.name);
    await expect(row).toContainText(manufacturer.name);
    await page.goto(`/part/${slug}`);
    await expect(page.getByRole('link', { name: manufacturer.name })).toBeVisible();
  });

  test('a file the server cannot preview gives the preview failure toast and stays on the upload step', async ({ page }) => {
    const parts = await openAdminTab(page, 'Parts');
    await parts.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Parts from CSV' });
    await dialog.getByLabel('CSV File').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
    await dialog.getByRole('button', { name: 'Next' }).click();
    const failure = page.getByTestId('toast').filter({ hasText: 'CSV Preview Failed' });
    await expect(failure).toBeVisible();
    await expect(failure).not.toHaveText('CSV Preview Failed');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Import Parts' })).toHaveCount(0);
  });

  test('a file too big for a request goes through the S3 import job with a progress bar', async ({ page }) => {
    test.setTimeout(180_000);
    const tag = uniqueName('').toUpperCase();
    const parts = await openAdminTab(page, 'Parts');
    const { category, manufacturer } = await createRelations(page, tag);
    // Long descriptions make a file past the 3 MiB in-request limit (ADR 108) out of a few thousand rows.
    const filler = 'x'.repeat(4900);
    const rows = ['name,partNumber,description,manufacturer,category'];
    for (let i = 0; i < 1100; i++) rows.push(`Big Part ${i} ${tag},BIG-${tag}-${i},${filler},${manufacturer.slug},${category.slug}`);
    const buffer = Buffer.from(rows.join('\n'));
    expect(buffer.length).toBeGreaterThan(5 * 1024 * 1024);

    await parts.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Parts from CSV' });
    await dialog.getByLabel('CSV File').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await chooseOption(dialog, page, 'Map column name', 'Part Name (required)');
    await chooseOption(dialog, page, 'Map column partNumber', 'Part Number (required)');
    await chooseOption(dialog, page, 'Map column description', 'Description');
    await chooseOption(dialog, page, 'Map column manufacturer', 'Manufacturer');
    await chooseOption(dialog, page, 'Map column category', 'Category');
    const uploads = page.waitForRequest((r) => r.url().endsWith('/api/uploads/csv') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Import Parts' }).click();
    await uploads;
    await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();

    // The job runs in the background on a shared machine: wait for its end, not a fixed time.
    const done = page.getByTestId('toast').filter({ hasText: 'Import Successful' });
    await expect(done).toBeVisible({ timeout: 150_000 });
    await expect(done).toContainText('Successfully imported 1100 parts.');
    await expect(dialog.getByRole('heading', { name: 'Import Successful' })).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Error Details' })).toHaveCount(0);
  });
});
