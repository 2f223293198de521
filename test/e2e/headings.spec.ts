import { expect as baseExpect, test } from './support/test';

// The shared machine is slow at times (many runs at once): these walks wait longer than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });
import { registerViaApi, somePart } from './support/e2e-helpers';

/** Every main page has exactly one <h1> (before, /auth had none: its title was a card's h3) (issue 32). */
test('every main page has exactly one h1', async ({ page }) => {
  const part = await somePart(page.request);
  const guestPages: [string, string | RegExp][] = [
    ['/', 'Your Source for Industrial Components'],
    ['/catalog', 'All Parts'],
    [`/catalog/${part.category!.slug}`, part.category!.name],
    [`/manufacturer/${part.manufacturer!.slug}`, part.manufacturer!.name],
    ['/manufacturers', 'Manufacturers Directory'],
    [`/part/${part.slug}`, part.name],
    ['/auth', 'Welcome to Industrial Parts Hub'],
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
  // The pages of a signed-in buyer (a guest is sent to /auth from them).
  await registerViaApi(page.request);
  const buyerPages: [string, string][] = [
    ['/quote-request', 'Request a Quote'],
    ['/account/quotes', 'My Quote Requests'],
  ];
  for (const [path, name] of buyerPages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name }), path).toBeVisible();
    await expect(page.locator('h1'), path).toHaveCount(1);
  }
});
