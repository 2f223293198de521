import { expect, test } from './support/test';
import { sendOffer, submitQuote } from './support/quote-fixtures';

/** Issue 26, item 10: an older version left open when the reseller sent a newer one is superseded, not open. */
test('the buyer sees an older open version as superseded by the next one, with no answer controls', async ({ page, playwright, baseURL }) => {
  const { quote, parts } = await submitQuote(page.request);
  await sendOffer(playwright, baseURL!, quote, parts[3]!);
  await sendOffer(playwright, baseURL!, quote, parts[3]!, 1);
  await page.goto(`/account/quotes/${quote.id}`);
  const view = page.getByTestId('offer-view');
  const answer = page.getByRole('region', { name: 'Your answer' });
  await expect(view).toHaveAttribute('data-version', '2');
  await expect(view.getByTestId('offer-state')).toHaveText('Awaiting answer');
  await expect(answer).toBeVisible();

  await page.getByRole('button', { name: 'Version 1 (superseded)' }).click();
  await expect(view).toHaveAttribute('data-version', '1');
  await expect(view.getByTestId('offer-state')).toHaveText('Superseded');
  await expect(view.getByTestId('offer-superseded')).toHaveText('Superseded by version 2');
  await expect(answer).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  // On a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(view.getByTestId('offer-superseded')).toBeVisible();
});
