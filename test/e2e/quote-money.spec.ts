import path from 'node:path';
import { expect, test } from './support/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { expectToast, registerViaApi, somePart, uniqueName } from './support/e2e-helpers';
import { openAdminTab } from './admin-helpers';

const shots = path.join(process.cwd(), 'test-results', 'screenshots');

test.describe('prices as the reseller typed them (issue 25)', () => {
  test('12,50 typed in the offer editor reaches the buyer as $12.50; an ambiguous 1,234 and a rising price break are refused before sending', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const buyerContext = await browser.newContext({ baseURL });
    try {
      await registerViaApi(buyerContext.request);
      const part = await somePart(buyerContext.request, 5);
      const submitted = await buyerContext.request.post('/api/quote-requests', {
        data: { customerName: uniqueName('Buyer '), customerEmail: 'buyer@example.com', items: [{ partId: part.id, quantity: 4, targetPrice: '12,00' }] },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
      const request = (await submitted.json()) as QuoteRequest;
      expect(request.items[0]!.targetPrice).toBe(12);

      const quotes = await openAdminTab(page, 'Quote Requests');
      await quotes
        .locator(`[data-testid="quote-row"][data-quote-id="${request.id}"]`)
        .getByRole('button', { name: `View quote request #${request.id}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Quote Request #${request.id}` });
      await dialog.getByRole('button', { name: 'Create offer' }).click();
      const line = dialog.getByTestId('offer-line-editor').first();
      await expect(line).toContainText('target $12.00');
      const price = line.getByLabel('Unit price (USD)').first();
      // The target price is the starting point; the reseller types over it.
      await expect(price).toHaveValue('12.00');

      await price.fill('1,234');
      await expect(line.getByTestId('money-reading').first()).toHaveText('“1,234” could be $1,234.00 or $1.234: type 1234 or 1.2340');
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await price.fill('12,50');
      await expect(line.getByTestId('money-reading').first()).toHaveText('= $12.50');
      await line.getByLabel('Lead time (days)').fill('5');
      await expect(line).toContainText('Line total: $50.00');

      await line.getByRole('button', { name: 'Add price break' }).click();
      await line.getByLabel('From quantity').fill('2');
      const breakPrice = line.getByTestId('price-break-editor').getByLabel('Unit price (USD)');
      await breakPrice.fill('20,00');
      const rising = 'The price break from 2 pieces ($20.00) is higher than the price before it ($12.50); prices must not rise with quantity';
      await expect(line.getByTestId('price-break-problem')).toHaveText(rising);
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(`${part.partNumber}: ${rising}`);

      await breakPrice.fill('11,0050');
      await expect(line.getByTestId('price-break-editor').getByTestId('money-reading')).toHaveText('= $11.005');
      await expect(line.getByTestId('price-break-problem')).toHaveCount(0);
      await expect(line).toContainText('Line total: $44.02');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await line.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `offer-editor-${width}.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expectToast(page, 'Offer sent', 'Version 1 of the offer was sent to the buyer.');
      await expect(dialog.getByTestId('offer-view').getByTestId('offer-total')).toHaveText('$44.02');

      const buyer = await buyerContext.newPage();
      await buyer.goto(`/account/quotes/${request.id}`);
      const offer = buyer.getByTestId('offer-view');
      await expect(offer).toContainText('Offer version 1', { timeout: 20_000 });
      await expect(offer.getByTestId('price-breaks')).toContainText('1+: $12.50');
      await expect(offer.getByTestId('price-breaks')).toContainText('2+: $11.005');
      await expect(offer.getByTestId('offer-total')).toHaveText('$44.02');
      for (const width of [1280, 390]) {
        await buyer.setViewportSize({ width, height: 900 });
        await offer.scrollIntoViewIfNeeded();
        await buyer.screenshot({ path: path.join(shots, `buyer-offer-${width}.png`), fullPage: true });
      }
    } finally {
      await buyerContext.close();
    }
  });
});
