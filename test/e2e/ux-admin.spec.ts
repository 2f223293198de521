import { expect, test } from './support/test';
import type { Category } from '@parts/shared/schemas';
import { expectToast, registerViaApi, uniqueName } from './support/e2e-helpers';
import { createRelations, loginAdminViaApi, openAdminTab } from './admin-helpers';
import { createLongNamedPart, expectPointerReachable, horizontalOverflow, sidewaysScrollers } from './support/ux-helpers';

const TABS = [
  { tab: 'Categories', buttons: ['New Category'] },
  { tab: 'Manufacturers', buttons: ['New Manufacturer'] },
  { tab: 'Parts', buttons: ['Import CSV', 'New Part'] },
  { tab: 'Quote Requests', buttons: ['New Quote'] },
] as const;

test.describe('admin on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every tab fits the screen and its actions are reachable', async ({ page, playwright, baseURL }) => {
    const long = await createLongNamedPart(playwright, baseURL!);
    // A quote request, so the Quote Requests tab has a list to lay out.
    const buyer = await playwright.request.newContext({ baseURL });
    await registerViaApi(buyer);
    const submitted = await buyer.post('/api/quote-requests', {
      data: { customerName: 'Phone Layout Buyer', customerEmail: 'phone-layout@example.com', items: [{ partId: long.part.id, quantity: 1200 }] },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    await buyer.dispose();
    await loginAdminViaApi(page);
    await page.goto('/admin');
    for (const { tab, buttons } of TABS) {
      const trigger = page.getByRole('tab', { name: tab });
      await expectPointerReachable(page, trigger);
      await trigger.click();
      const panel = page.getByRole('tabpanel', { name: tab });
      await expect(panel).toBeVisible();
      if (tab === 'Parts') {
        await panel.getByRole('searchbox', { name: 'Search parts' }).fill(long.part.partNumber);
        await expect(panel.getByText(long.part.partNumber)).toBeVisible();
      } else {
        await expect(panel.locator('[data-testid="skeleton"]')).toHaveCount(0);
      }
      expect(await horizontalOverflow(page), tab).toBeLessThanOrEqual(0);
      // Nor does a list scroll sideways inside the page (issue 32): on a phone the lists are cards.
      expect(await sidewaysScrollers(page), tab).toEqual([]);
      for (const name of buttons) await expectPointerReachable(page, panel.getByRole('button', { name, exact: true }));
    }
    await page.getByRole('tab', { name: 'Parts' }).click();
    await page.getByRole('tabpanel', { name: 'Parts' }).getByRole('button', { name: 'New Part', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Create New Part' })).toBeVisible();
  });
});

test('the active tab is in the URL: reload and back restore it; a storefront link is there', async ({ page }) => {
  await loginAdminViaApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: 'View storefront' })).toHaveAttribute('href', '/');
  await page.getByRole('tab', { name: 'Parts' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=parts$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Parts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Parts' })).toBeVisible();
  await page.getByRole('tab', { name: 'Quote Requests' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=quotes$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Parts' })).toHaveAttribute('aria-selected', 'true');

  // A guest sent to the login on the way to a tab comes back to that tab.
  await page.request.post('/api/auth/logout');
  await page.goto('/admin?tab=categories');
  await expect(page).toHaveURL(/\/admin\/login\?returnTo=/);
  await page.getByLabel('Admin Username').fill(process.env.ADMIN_USERNAME ?? 'admin');
  await page.getByLabel('Admin Password').fill(process.env.ADMIN_PASSWORD ?? 'admin123');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=categories$/);
  await expect(page.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
});

test('names with & and accents fill a slug the form accepts', async ({ page }) => {
  const tag = uniqueName('').toLowerCase();
  const categories = await openAdminTab(page, 'Categories');
  await categories.getByRole('button', { name: 'New Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create New Category' });
  await dialog.getByLabel('Category Name').fill(`Fittings & Hoses ${tag}`);
  await expect(dialog.getByLabel('URL Slug')).toHaveValue(`fittings-and-hoses-${tag}`);
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expectToast(page, 'Success', 'Category created successfully');

  await page.getByRole('tab', { name: 'Manufacturers' }).click();
  await page.getByRole('tabpanel', { name: 'Manufacturers' }).getByRole('button', { name: 'New Manufacturer' }).click();
  dialog = page.getByRole('dialog', { name: 'Create New Manufacturer' });
  await dialog.getByLabel('Manufacturer Name').fill(`Über ${tag}`);
  await expect(dialog.getByLabel('URL Slug')).toHaveValue(`uber-${tag}`);
  await dialog.getByRole('button', { name: 'Create Manufacturer' }).click();
  await expectToast(page, 'Success', 'Manufacturer created successfully');
});

test('the parent list offers neither the category itself nor anything below it', async ({ page }) => {
  const tag = uniqueName('');
  await loginAdminViaApi(page);
  const make = async (name: string, parentId: number | null) => {
    const res = await page.request.post('/api/categories', { data: { name: `${name} ${tag}`, slug: `${name.toLowerCase()}-${tag.toLowerCase()}`, parentId } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Category;
  };
  const top = await make('Top', null);
  const middle = await make('Middle', top.id);
  const bottom = await make('Bottom', middle.id);
  const other = await make('Other', null);
  const categories = await openAdminTab(page, 'Categories');
  await categories.getByRole('button', { name: `Edit ${middle.name}` }).click();
  await page.getByRole('dialog', { name: 'Edit Category' }).getByRole('combobox', { name: 'Parent Category' }).click();
  await expect(page.getByRole('option', { name: top.name })).toBeVisible();
  await expect(page.getByRole('option', { name: other.name })).toBeVisible();
  await expect(page.getByRole('option', { name: middle.name })).toHaveCount(0);
  await expect(page.getByRole('option', { name: bottom.name })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The server refuses a cycle too.
  const cycle = await page.request.put(`/api/categories/${top.id}`, { data: { name: top.name, slug: top.slug, parentId: bottom.id } });
  expect(cycle.status()).toBe(400);
});

test('the official template imports with no manual mapping', async ({ page }) => {
  const parts = await openAdminTab(page, 'Parts');
  const template = await page.request.get('/api/parts/csv-template');
  expect(template.ok()).toBe(true);
  await parts.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Parts from CSV' });
  await dialog.getByLabel('CSV File').setInputFiles({ name: 'template.csv', mimeType: 'text/csv', buffer: await template.body() });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Map column name' })).toHaveText('Part Name (required)');
  await expect(dialog.getByRole('combobox', { name: 'Map column partNumber' })).toHaveText('Part Number (required)');
  await expect(dialog.getByRole('combobox', { name: 'Map column categoryId' })).toHaveText('Category');
  await expect(dialog.getByRole('combobox', { name: 'Map column manufacturerId' })).toHaveText('Manufacturer');
  await expect(dialog.getByRole('combobox', { name: 'Map column spec:bore' })).toHaveText('Specification: bore');
  await dialog.getByRole('button', { name: 'Import Parts' }).click();
  await expectToast(page, 'Import Successful', 'Successfully imported 1 parts.');
});

test('CSV row errors are written for people', async ({ page }) => {
  const tag = uniqueName('').toUpperCase();
  const parts = await openAdminTab(page, 'Parts');
  const { category, manufacturer } = await createRelations(page, tag);
  const csv = [
    'Part Name,Part Number,Price,Manufacturer,Category,Status',
    `Priced ${tag},HUM-A-${tag},abc,${manufacturer.slug},${category.slug},active`,
    `Status ${tag},HUM-B-${tag},10,${manufacturer.slug},${category.slug},old`,
    `,HUM-C-${tag},10,${manufacturer.slug},${category.slug},active`,
  ].join('\n');
  await parts.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Parts from CSV' });
  await dialog.getByLabel('CSV File').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Next' }).click();
  // Headers named like the fields are mapped already.
  await expect(dialog.getByRole('combobox', { name: 'Map column Part Name' })).toHaveText('Part Name (required)');
  await expect(dialog.getByRole('combobox', { name: 'Map column Price' })).toHaveText('Price');
  await dialog.getByRole('button', { name: 'Import Parts' }).click();
  const errors = dialog.getByRole('table', { name: 'Error Details' });
  await expect(errors.getByRole('row').nth(1)).toContainText('Price: “abc” is not a price; enter one like 12.50');
  await expect(errors.getByRole('row').nth(2)).toContainText("Status must be Active, Discontinued or Coming Soon, got 'old'");
  await expect(errors.getByRole('row').nth(3)).toContainText('Part Name is required');
});

test.describe('closing a dialog returns focus to the control that opened it', () => {
  test('create and edit dialogs, the CSV dialog and the quote detail', async ({ page }) => {
    const categories = await openAdminTab(page, 'Categories');
    const newButton = categories.getByRole('button', { name: 'New Category' });
    await newButton.click();
    await expect(page.getByRole('dialog', { name: 'Create New Category' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(newButton).toBeFocused();

    const edit = categories.getByRole('button', { name: /^Edit / }).first();
    await edit.click();
    await page.getByRole('dialog', { name: 'Edit Category' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeFocused();

    await page.getByRole('tab', { name: 'Parts' }).click();
    const importButton = page.getByRole('tabpanel', { name: 'Parts' }).getByRole('button', { name: 'Import CSV' });
    await importButton.click();
    await page.getByRole('dialog', { name: 'Import Parts from CSV' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(importButton).toBeFocused();

    await page.getByRole('tab', { name: 'Quote Requests' }).click();
    const quotes = page.getByRole('tabpanel', { name: 'Quote Requests' });
    await quotes.getByRole('button', { name: 'New Quote' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Quote Request' });
    await create.getByLabel('Customer Name').fill('Focus Tester');
    await create.getByLabel('Customer Email').fill('focus@example.com');
    await create.getByRole('button', { name: 'Create Quote Request' }).click();
    await expectToast(page, 'Success', 'Quote request created successfully');
    const view = quotes.getByRole('button', { name: /^View quote request #/ }).first();
    await view.click();
    const detail = page.getByRole('dialog', { name: /Quote Request #/ });
    await expect(detail.getByText(/^Created /)).toBeVisible();
    // Escape goes to the top layer; the dialog is that once it has taken focus (the success toast was, until then).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(view).toBeFocused();
  });
});
