import { expect, holdScripts, test } from './support/test';
import { somePart } from './support/e2e-helpers';

test.describe('search with autocomplete', () => {
  test('typing a part number suggests the part; choosing it opens the part page', async ({ page, request }) => {
    const part = await somePart(request, 3);
    await page.goto('/support');
    const box = page.locator('header').getByRole('combobox', { name: 'Search parts' });
    await box.fill(part.partNumber.slice(0, 1));
    // One character: no suggestions.
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill(part.partNumber);
    const option = page.getByRole('option').filter({ hasText: part.name }).first();
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/part/${part.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByText(`Part # ${part.partNumber}`)).toBeVisible();
  });

  for (const path of ['/support', '/', '/catalog']) {
    test(`on ${path}, a part number typed before the page's script has run is kept and gets its suggestions`, async ({ page, request }) => {
      const part = await somePart(request, 3);
      // A slow connection: the server-rendered page is there, its script is not yet.
      const releaseScripts = await holdScripts(page);
      await page.goto(path, { waitUntil: 'commit' });
      const box = page.locator('header').getByRole('combobox', { name: 'Search parts' });
      // Until the stylesheet applies, the phone layout's search box is not hidden yet.
      await expect(box).toHaveCount(1);
      await box.fill(part.partNumber);
      releaseScripts();
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await expect(box).toHaveValue(part.partNumber);
      await expect(page.getByRole('option').filter({ hasText: part.name }).first()).toBeVisible();
    });
  }

  test('the suggestion list is keyboard navigable', async ({ page, request }) => {
    const part = await somePart(request, 5);
    await page.goto('/');
    const hero = page.locator('section').first().getByRole('combobox', { name: 'Search parts' });
    await hero.fill(part.partNumber);
    await expect(page.getByRole('option').first()).toBeVisible();
    await hero.press('ArrowDown');
    const firstOption = page.getByRole('option').first();
    await expect(firstOption).toHaveAttribute('aria-selected', 'true');
    await expect(hero).toHaveAttribute('aria-activedescendant', (await firstOption.getAttribute('id')) ?? '');
    const chosenName = await firstOption.locator('span').first().textContent();
    await hero.press('Enter');
    await expect(page).toHaveURL(/\/part\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosenName ?? '');
  });

  test('submitting the hero search goes to the catalogue with the query', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section').first();
    await hero.getByRole('combobox', { name: 'Search parts' }).fill('pump');
    await hero.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/catalog\?q=pump$/);
    await expect(page.getByTestId('result-count')).toHaveText(/^\d+ results$/);
  });
});
