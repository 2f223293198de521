import { expect, test } from './support/test';
import { QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import { expectToast, readBasket, somePart } from './support/e2e-helpers';

test.describe('quote basket', () => {
  test('add, add again, survive a reload, edit quantity, remove', async ({ page, request }) => {
    const part = await somePart(request, 1);
    await page.goto(`/part/${part.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await expectToast(page, 'Added to Quote', `${part.name} has been added to your quote request.`);
    await expect(page.getByTestId('quote-badge')).toHaveText('1');
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    // Only one toast at a time.
    await expect(page.getByTestId('toast')).toHaveCount(1);
    await expect(page.getByTestId('quote-badge')).toHaveText('1');

    await page.reload();
    await expect(page.getByTestId('quote-badge')).toHaveText('1');
    await page
      .locator('header')
      .getByRole('button', { name: /Quote request, 1 items/ })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Quote Request' });
    const quantity = drawer.getByRole('spinbutton', { name: `Quantity for ${part.name}` });
    await expect(quantity).toHaveValue('2');
    await expect(drawer).toContainText(part.manufacturer!.name);

    // Checked when the field is left, not on each keystroke.
    await quantity.fill('0');
    await quantity.blur();
    await expect(quantity).toHaveValue('1');
    await quantity.fill('7');
    await quantity.blur();
    await expect(quantity).toHaveValue('7');
    await expect.poll(() => readBasket(page)).toEqual([expect.objectContaining({ quantity: 7 })]);

    await drawer.getByRole('link', { name: 'Request Quote' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/(quote-request|auth\?returnTo=%2Fquote-request)$/);

    await page
      .locator('header')
      .getByRole('button', { name: /Quote request, 1 items/ })
      .click();
    await drawer.getByRole('button', { name: `Remove ${part.name}` }).click();
    await expect(drawer.getByText('Your quote request is empty. Add some parts to get started.')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Request Quote' })).toBeDisabled();
    // A click outside closes the drawer.
    await page.mouse.click(10, 300);
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('quote-badge')).toHaveText('0');
  });

  test('a basket saved by the earlier version (catalogue and free-text lines apart) is taken over whole', async ({ page, request }) => {
    const part = await somePart(request, 1);
    const oldPart = { id: part.id, name: part.name, slug: part.slug, partNumber: part.partNumber, manufacturer: null };
    const oldFree = { key: 'old-1', freeText: { partNumber: 'ZZ-OLD-1', description: 'Bracket from an older list' }, quantity: 4 };
    await page.addInitScript(
      ([part, free]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('industrial-parts-hub:quote', part);
          localStorage.setItem('industrial-parts-hub:quote-free-lines', free);
          sessionStorage.setItem('seeded', '1');
        }
      },
      [JSON.stringify([{ part: oldPart, quantity: 3 }]), JSON.stringify([oldFree])] as const,
    );
    await page.goto('/');
    await expect(page.getByTestId('quote-badge')).toHaveText('2');
    await page
      .locator('header')
      .getByRole('button', { name: /Quote request, 2 items/ })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Quote Request' });
    await expect(drawer.getByRole('spinbutton', { name: `Quantity for ${part.name}` })).toHaveValue('3');
    await expect(drawer.getByRole('spinbutton', { name: 'Quantity for ZZ-OLD-1' })).toHaveValue('4');
    await expect.poll(() => readBasket(page)).toEqual([{ part: oldPart, quantity: 3 }, oldFree]);
    expect(
      await page.evaluate(() => [localStorage.getItem('industrial-parts-hub:quote'), localStorage.getItem('industrial-parts-hub:quote-free-lines')]),
    ).toEqual([null, null]);
  });

  test('an unreadable saved basket is discarded and removed', async ({ page }) => {
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, '{broken json');
        sessionStorage.setItem('seeded', '1');
      }
    }, QUOTE_STORAGE_KEY);
    await page.goto('/');
    await expect(page.getByTestId('quote-badge')).toHaveText('0');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), QUOTE_STORAGE_KEY)).toBe('[]');
  });
});
