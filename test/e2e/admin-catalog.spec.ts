import { expect, test } from './support/test';
import { slugify } from '@parts/shared/slugify';
import type { PartListResponse } from '@parts/shared/schemas';
import { expectToast, getJson, uniqueName } from './support/e2e-helpers';
import { chooseOption, openAdminTab } from './admin-helpers';

test.describe('admin catalogue management', () => {
  test('create and edit a category, a manufacturer and a part; the part is then found in the public catalogue', async ({ page }) => {
    // One long user journey across three tabs on a machine shared with other test workers.
    test.setTimeout(120_000);
    const tag = uniqueName('');
    const categoryName = `E2E Valves ${tag}`;
    const manufacturerName = `E2E Maker ${tag}`;
    const partName = `E2E Cylinder ${tag}`;
    const partNumber = `E2E-${tag.toUpperCase()}`;

    // ---- Category ----
    const categories = await openAdminTab(page, 'Categories');
    await categories.getByRole('button', { name: 'New Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expect(dialog.getByText('Required')).toHaveCount(2);
    await dialog.getByLabel('Category Name').fill(categoryName);
    await expect(dialog.getByLabel('URL Slug')).toHaveValue(slugify(categoryName));
    await expect(dialog.getByText(`URL preview: /catalog/${slugify(categoryName)}`)).toBeVisible();
    await dialog.getByLabel('Description').fill('Valves made in tests');
    await dialog.getByRole('combobox', { name: 'Parent Category' }).click();
    await expect(page.getByRole('option', { name: 'None' })).toBeVisible();
    await page.getByRole('option', { name: 'None' }).click();
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(page, 'Success', 'Category created successfully');
    await expect(dialog).toBeHidden();
    const categoryRow = categories.getByRole('row', { name: new RegExp(categoryName) });
    await expect(categoryRow).toContainText('Valves made in tests');
    await expect(categoryRow).toContainText(slugify(categoryName));

    // The same slug again is refused by the server, whose message is shown.
    await categories.getByRole('button', { name: 'New Category' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.getByLabel('Category Name').fill(categoryName);
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    const errorToast = page.getByTestId('toast').filter({ hasText: 'Error' });
    await expect(errorToast).toBeVisible();
    await expect(errorToast).not.toContainText('Failed to create category');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await categories.getByRole('button', { name: `Edit ${categoryName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(dialog.getByLabel('Category Name')).toHaveValue(categoryName);
    await dialog.getByRole('combobox', { name: 'Parent Category' }).click();
    await expect(page.getByRole('option', { name: 'None' })).toBeVisible();
    await expect(page.getByRole('option', { name: categoryName })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Description').fill('Edited valves');
    await dialog.getByRole('button', { name: 'Update Category' }).click();
    await expectToast(page, 'Success', 'Category updated successfully');
    await expect(categoryRow).toContainText('Edited valves');

    await categories.getByRole('button', { name: 'Grid' }).click();
    await expect(categories.getByRole('listitem').filter({ hasText: categoryName })).toContainText('Edited valves');

    // ---- Manufacturer ----
    await page.getByRole('tab', { name: 'Manufacturers' }).click();
    const manufacturers = page.getByRole('tabpanel', { name: 'Manufacturers' });
    await manufacturers.getByRole('button', { name: 'New Manufacturer' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Manufacturer' });
    await dialog.getByLabel('Manufacturer Name').fill(manufacturerName);
    await expect(dialog.getByLabel('URL Slug')).toHaveValue(slugify(manufacturerName));
    await expect(dialog.getByText(`URL preview: /manufacturer/${slugify(manufacturerName)}`)).toBeVisible();
    await dialog.getByLabel('Logo URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Create Manufacturer' }).click();
    await expect(dialog.getByText('Enter a valid URL')).toBeVisible();
    await dialog.getByLabel('Logo URL').fill('https://example.com/logo.png');
    await dialog.getByRole('button', { name: 'Create Manufacturer' }).click();
    await expectToast(page, 'Success', 'Manufacturer created successfully');
    const manufacturerRow = manufacturers.getByRole('row', { name: new RegExp(manufacturerName) });
    await expect(manufacturerRow).toContainText(slugify(manufacturerName));

    await manufacturers.getByRole('button', { name: `Edit ${manufacturerName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Manufacturer' });
    await expect(dialog.getByLabel('Logo URL')).toHaveValue('https://example.com/logo.png');
    await dialog.getByLabel('Description').fill('Makes test parts');
    await dialog.getByRole('button', { name: 'Update Manufacturer' }).click();
    await expectToast(page, 'Success', 'Manufacturer updated successfully');
    await expect(manufacturerRow).toContainText('Makes test parts');

    // ---- Part ----
    await page.getByRole('tab', { name: 'Parts' }).click();
    const parts = page.getByRole('tabpanel', { name: 'Parts' });
    await parts.getByRole('button', { name: 'New Part' }).click();
    dialog = page.getByRole('dialog', { name: 'Create New Part' });
    await dialog.getByLabel('Part Name').fill(partName);
    await expect(dialog.getByLabel('URL Slug')).toHaveValue(slugify(partName));
    await dialog.getByLabel('Part Number').fill(partNumber);
    await dialog.getByLabel('Description').fill('Double-acting test cylinder');
    await chooseOption(dialog, page, 'Category', categoryName);
    await chooseOption(dialog, page, 'Manufacturer', manufacturerName);
    await dialog.getByLabel('Price (USD)').fill('1234.5');
    await chooseOption(dialog, page, 'Status', 'Coming Soon');
    await dialog.getByRole('button', { name: 'Add Specification' }).click();
    await dialog.getByLabel('Specification 1 name').fill('bore');
    await dialog.getByLabel('Specification 1 value').fill('32 mm');
    await dialog.getByRole('button', { name: 'Add Specification' }).click();
    await dialog.getByLabel('Specification 2 name').fill('colour');
    await dialog.getByLabel('Specification 2 value').fill('red');
    await dialog.getByRole('button', { name: 'Add Specification' }).click();
    await dialog.getByLabel('Specification 3 name').fill('stroke');
    await dialog.getByLabel('Specification 3 value').fill('100 mm');
    await dialog.getByRole('button', { name: 'Remove specification 2' }).click();
    await dialog.getByRole('button', { name: 'Create Part' }).click();
    await expectToast(page, 'Success', 'Part created successfully');
    await expect(dialog).toBeHidden();

    await parts.getByRole('searchbox', { name: 'Search parts' }).fill(partNumber);
    await parts.getByRole('button', { name: 'Search' }).click();
    const partRow = parts.getByRole('row', { name: new RegExp(partName) });
    await expect(partRow).toContainText(partNumber);
    await expect(partRow).toContainText(categoryName);
    await expect(partRow).toContainText(manufacturerName);
    await expect(partRow).toContainText('$1,234.50');
    await expect(partRow).toContainText('Coming Soon');
    await expect(parts.getByText('Showing 1 of 1 parts')).toBeVisible();
    await expect(parts.getByText('Page 1 of 1')).toBeVisible();

    await parts
      .getByRole('button', { name: `Edit ${partName}` })
      .first()
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit Part' });
    const specKeys = dialog.locator('input[name^="specRows."][name$=".key"]');
    await expect(specKeys).toHaveCount(2);
    const keys = await specKeys.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect([...keys].sort()).toEqual(['bore', 'stroke']);
    await dialog.getByLabel(`Specification ${keys.indexOf('stroke') + 1} value`).fill('125 mm');
    await dialog.getByLabel('Price (USD)').fill('');
    await chooseOption(dialog, page, 'Status', 'Active');
    await dialog.getByRole('button', { name: 'Update Part' }).click();
    await expectToast(page, 'Success', 'Part updated successfully');
    await expect(partRow).toContainText('N/A');
    await expect(partRow).toContainText('Active');

    const saved = await getJson<PartListResponse>(page.request, `/api/parts?q=${encodeURIComponent(partNumber)}`);
    expect(saved.data[0]?.specifications).toEqual({ bore: '32 mm', stroke: '125 mm' });

    await page.goto(`/catalog?q=${encodeURIComponent(partNumber)}`);
    await expect(page.getByTestId('part-card').filter({ hasText: partName })).toBeVisible();
  });

  test('the parts tab pages for real and shows the empty state of a search without matches', async ({ page }) => {
    const parts = await openAdminTab(page, 'Parts');
    await expect(parts.getByText(/^Showing 20 of \d+ parts$/)).toBeVisible();
    await expect(parts.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(parts.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const firstRow = await parts.getByRole('row').nth(1).textContent();
    await parts.getByRole('button', { name: 'Next' }).click();
    await expect(parts.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(parts.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await expect(parts.getByRole('row').nth(1)).not.toHaveText(firstRow ?? '');

    await parts.getByRole('button', { name: 'Grid' }).click();
    await expect(parts.getByRole('listitem').first()).toBeVisible();

    await parts.getByRole('searchbox', { name: 'Search parts' }).fill(uniqueName('nomatch'));
    await expect(parts.getByText('No Parts Found')).toBeVisible();
    await expect(parts.getByText(/No parts match/)).toBeVisible();
  });

  test('a category name already used under the same parent is refused with a message in the category dialog (issue 32)', async ({ page }) => {
    const tag = uniqueName('').toUpperCase();
    const categories = await openAdminTab(page, 'Categories');
    const parent = await page.request.post('/api/categories', { data: { name: `E2E Parent ${tag}`, slug: `e2e-parent-${tag.toLowerCase()}` } });
    expect(parent.status()).toBe(201);
    const parentName = ((await parent.json()) as { name: string }).name;
    const name = `Probe Cat E ${tag}`;
    const child = await page.request.post('/api/categories', {
      data: { name, slug: `e2e-probe-${tag.toLowerCase()}`, parentId: ((await parent.json()) as { id: number }).id },
    });
    expect(child.status()).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: 'Categories' }).click();

    await categories.getByRole('button', { name: 'New Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.getByLabel('Category Name').fill(name.toLowerCase());
    await chooseOption(dialog, page, 'Parent Category', new RegExp(parentName));
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    const message = `A category named "${name.toLowerCase()}" already exists here`;
    await expect(dialog.getByText(message)).toBeVisible();
    await expectToast(page, 'Error', message);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screens/issue-32-category-duplicate-${width}.png` });
    }
    await expect(dialog).toBeVisible();
    // At the top level the name is free.
    await chooseOption(dialog, page, 'Parent Category', 'None');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await expectToast(page, 'Success', 'Category created successfully');
    await expect(dialog).toBeHidden();
  });
});
