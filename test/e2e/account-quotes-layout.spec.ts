import { expect, test } from './support/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { registerViaApi } from './support/e2e-helpers';
import { seriousViolations } from './support/axe';
import { createLongNamedPart, horizontalOverflow } from './support/ux-helpers';

const WIDTHS = [360, 390, 768, 1024, 1280];

/**
 * The buyer's own pages (My Quote Requests and one request), added with the quote loop: like every
 * other storefront page they never scroll sideways at 360–1280 px, even with a very long part name
 * and part number in the request, and axe finds nothing serious on them.
 */
test("the buyer's quote pages fit every width and are axe clean, with a very long part in the request", async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const long = await createLongNamedPart(playwright, baseURL!);
  await registerViaApi(page.request);
  const submitted = await page.request.post('/api/quote-requests/submissions', {
    data: { customerName: 'Layout Buyer', customerEmail: 'layout@example.com', items: [{ partId: long.part.id, quantity: 3 }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const quote = (await submitted.json()) as QuoteRequest;

  const pages: [string, () => Promise<void>][] = [
    [
      '/account/quotes',
      async () => {
        await expect(page.getByRole('heading', { level: 1, name: 'My Quote Requests' })).toBeVisible();
        await expect(page.getByTestId('my-quote-request').first()).toBeVisible();
      },
    ],
    [
      `/account/quotes/${quote.id}`,
      async () => {
        await expect(page.getByRole('heading', { level: 1, name: `Quote Request #${quote.id}` })).toBeVisible();
        await expect(page.getByTestId('quote-line').filter({ hasText: long.part.partNumber })).toBeVisible();
      },
    ],
  ];
  for (const [path, ready] of pages) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await ready();
    expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => horizontalOverflow(page), { message: `${path} at ${width} px` }).toBeLessThanOrEqual(0);
    }
  }
});
