import { expect, test } from './support/test';
import { registerViaApi, somePart } from './support/e2e-helpers';

/** Every main page has exactly one <h1> (before, /auth had none: its title was a card's h3) (issue 32). */
test('every main page has exactly one h1', async ({ page }) => {
  test.setTimeout(120_000);
  const part = await somePart(page.request);
  const guestPages: [string, string | RegExp][] = [
    ['/', 'Your Source for Industrial Components'],
    ['/catalog', 'All Parts'],
    [`/catalog/${part.category!.slug}`, part.category!.name],
    [`/manufacturer/${part.manufacturer!.slug}`, part.manufacturer!.name],
    ['/manufacturers', 'Manufacturers Directory'],
    [`/part/${part.slug}`, part.name],
    ['/auth', 'Welcome to Industrial Parts Hub'],
    ['/quote-request', /Request a Quote|Quote/],
    ['/support', 'Technical Support & Resources'],
    ['/contact', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/cookies', 'Cookie Policy'],
    ['/admin/login', /Admin/],
    ['/no/such/page', '404 Page Not Found'],
  ];
  for (const [path, name] of guestPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name }), path).toBeVisible();
    await expect(page.locator('h1'), path).toHaveCount(1);
  }
  await registerViaApi(page.request);
  await page.goto('/account/quotes');
  await expect(page.getByRole('heading', { level: 1, name: 'My Quote Requests' })).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(1);
});
