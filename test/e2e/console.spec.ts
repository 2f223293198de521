import { expect as baseExpect, test } from './support/test';

// The shared machine is slow at times (many runs at once): these walks wait longer than the defaults.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });
import { somePart } from './support/e2e-helpers';

/**
 * A guest's page view is clean: no console error and no failed request. Before, every page logged a 404
 * for /favicon.ico and a 401 from /api/auth/me (a guest is a normal state, not an error) (issue 32).
 */
test('a guest sees no console error and no failed request on the main pages; /favicon.ico is an icon', async ({ page }) => {
  const part = await somePart(page.request);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  for (const path of ['/', '/catalog', '/manufacturers', `/part/${part.slug}`, '/auth', '/quote-request', '/support']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Every request of the view (the signed-in state, the icon, data) has been answered.
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);

  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\//);
});
