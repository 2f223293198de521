import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, somePart } from './support/e2e-helpers';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

test.describe('accessibility (axe): no serious or critical violations', () => {
  test('home', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('catalogue', async ({ page }) => {
    await page.goto('/catalog');
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    await expect(page.getByText('Loading manufacturers...')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('part detail', async ({ page, request }) => {
    const part = await somePart(request, 6);
    await page.goto(`/part/${part.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('request a quote', async ({ page, request }) => {
    await registerViaApi(page.request);
    const part = await somePart(request, 7);
    await page.goto(`/part/${part.slug}`);
    await page.getByRole('button', { name: 'Add to Quote Request' }).click();
    await page.goto('/quote-request');
    await expect(page.getByRole('button', { name: 'Submit Quote Request' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('auth', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
