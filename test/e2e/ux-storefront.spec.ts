import { expect, test } from './support/test';
import type { Category } from '@parts/shared/schemas';
import { expectToast, getJson, listParts, readBasket, registerViaApi, somePart, uniqueName } from './support/e2e-helpers';
import { createLongNamedPart, expectPointerReachable, type LongNamedData } from './support/ux-helpers';

let long: LongNamedData;
test.beforeAll(async ({ playwright, baseURL }) => {
  long = await createLongNamedPart(playwright, baseURL!);
});

for (const width of [1280, 390]) {
  test(`quote drawer at ${width} px: a part with a long name can be removed with the pointer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/part/${long.part.slug}`);
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await page
      .locator('header')
      .getByRole('button', { name: /Quote request, 1 items/ })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Quote Request' });
    const remove = drawer.getByRole('button', { name: `Remove ${long.part.name}` });
    await expectPointerReachable(page, remove);
    await expectPointerReachable(page, drawer.getByRole('spinbutton', { name: `Quantity for ${long.part.name}` }));
    await remove.click();
    await expect(drawer.getByText('Your quote request is empty. Add some parts to get started.')).toBeVisible();
  });
}

test.describe('dead ends have a way back', () => {
  test('a page past the end offers the last page and page 1, never a bare "No parts found"', async ({ page, request }) => {
    const all = await listParts(request, { pageSize: '9' });
    await page.goto('/catalog?page=9999');
    const notice = page.getByRole('region', { name: 'Page not found' });
    await expect(notice).toContainText(`Page 9999 does not exist`);
    await expect(page.getByText('No parts found')).toHaveCount(0);
    await notice.getByRole('link', { name: `Go to the last page (${all.totalPages})` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${all.totalPages}$`));
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Page ${all.totalPages}` })).toHaveAttribute('aria-current', 'page');

    await page.goto('/catalog?page=9999');
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByTestId('part-card').first()).toBeVisible();
  });

  test('an unknown category or manufacturer slug shows a not-found state with a way back', async ({ page, request }) => {
    expect((await request.get('/api/categories/no-such-category')).status()).toBe(404);
    await page.goto('/catalog/no-such-category');
    await expect(page.getByRole('heading', { level: 1, name: 'Category Not Found' })).toBeVisible();
    await expect(page.getByText(/0 results/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Return to Catalog' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Parts' })).toBeVisible();

    expect((await request.get('/api/manufacturers/no-such-maker')).status()).toBe(404);
    await page.goto('/manufacturer/no-such-maker');
    await expect(page.getByRole('heading', { level: 1, name: 'Manufacturer Not Found' })).toBeVisible();
    await expect(page.getByText(/0 results/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse Manufacturers' }).click();
    await expect(page).toHaveURL(/\/manufacturers$/);
  });

  test('the 404 page keeps its texts and links home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a specification range with min above max is refused in the form and explained on the page', async ({ page, request }) => {
    const answer = await request.get(`/api/parts?specifications=${encodeURIComponent('{"bore":{"min":50,"max":10}}')}`);
    expect(answer.status()).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe('Bore Size (mm): the minimum (50) is above the maximum (10)');

    await page.goto('/catalog');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('spinbutton', { name: 'Bore Size (mm) minimum' }).fill('50');
    await filters.getByRole('spinbutton', { name: 'Bore Size (mm) maximum' }).fill('10');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(filters.getByText('The minimum must not be above the maximum.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('specifications')).toBeNull();
    await filters.getByRole('spinbutton', { name: 'Bore Size (mm) maximum' }).fill('60');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/specifications=/);
    await expect(filters.getByText('The minimum must not be above the maximum.')).toHaveCount(0);

    await page.goto(`/catalog?specifications=${encodeURIComponent('{"bore":{"min":50,"max":10}}')}`);
    const alert = page.getByRole('alert').filter({ hasText: 'the minimum (50) is above the maximum (10)' });
    await expect(alert).toContainText('Bore Size (mm)');
    await expect(page.getByText('Failed to load parts')).toHaveCount(0);
    await alert.getByRole('button', { name: 'Clear specification filters' }).click();
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    expect(new URL(page.url()).searchParams.get('specifications')).toBeNull();
  });
});

test('listing cards: "1 result", status badge, price, specification names as words and Add to quote', async ({ page }) => {
  await page.goto(`/catalog?q=${encodeURIComponent(long.part.partNumber)}`);
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  const card = page.getByRole('article').filter({ hasText: long.part.partNumber });
  await expect(card.getByText('Discontinued', { exact: true })).toBeVisible();
  await expect(card).toContainText('$1,234.50');
  await expect(card).toContainText('Rod diameter: 12 mm');
  await expect(card).toContainText('Pressure rating: 160 bar');
  await card.getByRole('button', { name: `Add to quote: ${long.part.name}` }).click();
  await expectToast(page, 'Added to Quote', `${long.part.name} has been added to your quote request.`);
  await expect(page.getByTestId('quote-badge')).toHaveText('1');
  await expect(page).toHaveURL(/\/catalog\?/);
});

test('a part without a price reads "Price on request" on its card', async ({ page, request }) => {
  let unpriced;
  for (let p = 1; p <= 20 && !unpriced; p++) {
    unpriced = (await listParts(request, { pageSize: '100', page: String(p), sortBy: 'partNumber' })).data.find((x) => x.price === null);
  }
  expect(unpriced, 'the seeded data has a part without a price').toBeTruthy();
  await page.goto(`/catalog?q=${encodeURIComponent(unpriced!.partNumber)}`);
  const card = page.getByRole('article').filter({ hasText: unpriced!.partNumber }).first();
  await expect(card).toContainText('Price on request');
});

test('part page: status badge, specification names as words, and a quantity next to Add to Quote Request', async ({ page }) => {
  await page.goto(`/part/${long.part.slug}`);
  await expect(page.getByRole('main').getByText('Discontinued', { exact: true })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Rod diameter' })).toHaveText('Rod diameter');
  await expect(page.locator('dt', { hasText: 'Pressure rating' })).toHaveText('Pressure rating');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('');
  await expect(quantity).toHaveValue('');
  await quantity.fill('5');
  await page.getByRole('button', { name: 'Add to Quote Request' }).click();
  await expect.poll(() => readBasket(page)).toEqual([expect.objectContaining({ quantity: 5 })]);
  await quantity.fill('2');
  await page.getByRole('button', { name: 'Add to Quote Request' }).click();
  await expect.poll(() => readBasket(page)).toEqual([expect.objectContaining({ quantity: 7 })]);
});

test('quantity fields can be cleared and typed into, and are checked when the field is left', async ({ page, request }) => {
  const part = await somePart(request, 2);
  await page.goto(`/part/${part.slug}`);
  await page.getByRole('button', { name: 'Add to Quote Request' }).click();
  await page
    .locator('header')
    .getByRole('button', { name: /Quote request, 1 items/ })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Quote Request' });
  const quantity = drawer.getByRole('spinbutton', { name: `Quantity for ${part.name}` });
  await quantity.fill('');
  await expect(quantity).toHaveValue('');
  await quantity.pressSequentially('12');
  await expect(quantity).toHaveValue('12');
  await quantity.blur();
  await expect.poll(() => readBasket(page)).toEqual([expect.objectContaining({ quantity: 12 })]);
  await quantity.fill('');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await quantity.fill('0');
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('1');
  await expect.poll(() => readBasket(page)).toEqual([expect.objectContaining({ quantity: 1 })]);
});

test('home shows top-level categories only; the filter panel shows the category tree', async ({ page, request }) => {
  const categories = await getJson<Category[]>(request, '/api/categories');
  const topLevel = new Set(categories.filter((c) => c.parentId == null).map((c) => `/catalog/${c.slug}`));
  await page.goto('/');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Browse Categories' }) });
  // The section fills in once the categories load: wait for the links before reading them.
  await expect(section.locator('a[href^="/catalog/"]')).toHaveCount(Math.min(6, topLevel.size));
  const hrefs = await section.locator('a[href^="/catalog/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBe(Math.min(6, topLevel.size));
  for (const href of hrefs) expect(topLevel.has(href!), `${href} is a top-level category`).toBe(true);

  const parent = categories.find((c) => c.slug === 'hydraulic-components')!;
  const child = categories.find((c) => c.parentId === parent.id)!;
  await page.goto('/catalog');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const parentBox = filters.getByRole('checkbox', { name: parent.name, exact: true });
  await expect(parentBox).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: child.name, exact: true })).toBeHidden();
  const expand = filters.getByRole('button', { name: `Show subcategories of ${parent.name}` });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expand.click();
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  const childBox = filters.getByRole('checkbox', { name: child.name, exact: true });
  await expect(childBox).toBeVisible();
  expect((await childBox.boundingBox())!.x).toBeGreaterThan((await parentBox.boundingBox())!.x + 8);
  await childBox.click();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${child.id}`));
  // A ticked sub-category is shown on arrival.
  await page.reload();
  await expect(filters.getByRole('checkbox', { name: child.name, exact: true })).toBeChecked();
});

test.describe('return to where the user was', () => {
  test('a guest sent from Request Quote registers and lands back on /quote-request with the basket intact', async ({ page, request }) => {
    const part = await somePart(request, 3);
    await page.goto(`/part/${part.slug}`);
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await page
      .locator('header')
      .getByRole('button', { name: /Quote request, 1 items/ })
      .click();
    await page.getByRole('dialog', { name: 'Quote Request' }).getByRole('link', { name: 'Request Quote' }).click();
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fquote-request$/);
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('tabpanel', { name: 'Register' });
    await register.getByLabel('Username').fill(uniqueName('back'));
    await register.getByLabel('Password').fill('pass-word-9');
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/quote-request$/);
    await expect(page.getByTestId('quote-item-count')).toHaveText('You have 1 item in your quote request.');
    await expect(page.getByRole('link', { name: part.name })).toBeVisible();
  });

  test('logging in from the header returns to the page the user was on', async ({ page, request }) => {
    const { username, password } = await registerViaApi(request);
    const part = await somePart(request, 5);
    await page.goto(`/part/${part.slug}`);
    await page.locator('header').getByRole('link', { name: 'Login / Register' }).click();
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login successful');
    await expect(page).toHaveURL(new RegExp(`/part/${part.slug}$`));
  });

  for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
    test(`a return target of ${target} is refused`, async ({ page, request }) => {
      const { username, password } = await registerViaApi(request);
      await page.goto(`/auth?returnTo=${encodeURIComponent(target)}`);
      const login = page.getByRole('tabpanel', { name: 'Login' });
      await login.getByLabel('Username').fill(username);
      await login.getByLabel('Password').fill(password);
      await login.getByRole('button', { name: 'Login' }).click();
      await expectToast(page, 'Login successful');
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    });
  }
});

test('the same file cannot be attached twice', async ({ page, request }) => {
  await registerViaApi(page.request);
  const part = await somePart(request, 9);
  await page.goto(`/part/${part.slug}`);
  await page.getByRole('button', { name: 'Add to Quote Request' }).click();
  await page.goto('/quote-request');
  const file = { name: 'drawing.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%same file\n') };
  await page.getByLabel('Attachments (optional)').setInputFiles(file);
  await page.getByLabel('Attachments (optional)').setInputFiles(file);
  await expectToast(page, 'Already attached', 'drawing.pdf is already attached.');
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(1);
});

test('closing the quote drawer returns focus to the button that opened it', async ({ page }) => {
  await page.goto('/support');
  const opener = page.locator('header').getByRole('button', { name: /Quote request, 0 items/ });
  await opener.click();
  const drawer = page.getByRole('dialog', { name: 'Quote Request' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await drawer.getByRole('button', { name: 'Close quote request' }).click();
  await expect(opener).toBeFocused();

  await page.goto('/catalog');
  const listingOpener = page.getByRole('button', { name: /Toggle quote request/ });
  await listingOpener.click();
  await page.keyboard.press('Escape');
  await expect(listingOpener).toBeFocused();
});
