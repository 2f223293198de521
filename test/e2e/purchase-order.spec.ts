import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locator, type Page } from '@playwright/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { expect, test } from './support/test';
import { loginAdminViaApi } from './admin-helpers';
import { listParts, loginAdmin, registerViaApi } from './support/e2e-helpers';

/** Issue 28, purchase order (ADR 121): screenshots of the screens touched at 1280 and 390 px. */
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');
const shoot = async (page: Page, name: string, target?: Locator) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const file = path.join(outDir, String(width), `${name}.png`);
    if (target) await target.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('the buyer accepts 3 of 4 lines with a PO number, the reseller confirms with ship dates, the buyer sees the order', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // A request of four lines with the buyer's references, and version 1 of an offer on all four (via the API).
  await registerViaApi(page.request);
  const parts = (await listParts(page.request, { pageSize: '20', sortBy: 'partNumber' })).data.slice(0, 4);
  const submitted = await page.request.post('/api/quote-requests/submissions', {
    data: {
      customerName: 'Order Buyer',
      customerEmail: 'order-buyer@example.com',
      items: parts.map((p, i) => ({ partId: p.id, quantity: 1000 * (i + 1), reference: `POS-${i + 1}`, neededBy: inDays(40) })),
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const quote = (await submitted.json()) as QuoteRequest;
  const adminApi = await playwright.request.newContext({ baseURL });
  await loginAdmin(adminApi);
  const sent = await adminApi.post(`/api/quote-requests/${quote.id}/offers`, {
    data: {
      basedOnVersion: 0,
      validUntil: inDays(30),
      lines: quote.items.map((item) => ({
        itemId: item.id,
        status: 'offered',
        quantity: item.quantity,
        unitPriceMicros: 2_500_000,
        priceBreaks: [],
        leadTime: 7,
      })),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await adminApi.dispose();

  // The buyer leaves out the fourth line and gives their PO number.
  await page.goto(`/account/quotes/${quote.id}`);
  await page.getByRole('combobox', { name: `Your choice for ${parts[3]!.partNumber}` }).selectOption('declined');
  await page.getByLabel(/Your PO number/).fill('PO-2026-0042');
  await page.getByRole('button', { name: 'Accept selected lines' }).click();
  const order = page.getByTestId('order');
  await expect(order.getByTestId('order-state')).toHaveText('Awaiting confirmation');
  await expect(order.getByTestId('order-po')).toHaveText('PO number: PO-2026-0042');
  await expect(order.getByTestId('order-line')).toHaveCount(3);

  // The reseller confirms each line with a ship date.
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    // The admin mail's link opens the request's dialog directly.
    await loginAdminViaApi(admin);
    await admin.goto(`/admin?tab=quotes&quote=${quote.id}`);
    const dialog = admin.getByRole('dialog', { name: `Quote Request #${quote.id}` });
    const confirm = dialog.getByRole('region', { name: 'Confirm the order' });
    for (const [i, part] of parts.slice(0, 3).entries()) await confirm.getByLabel(`Ship date for ${part.partNumber}`).fill(inDays(10 + i));
    await shoot(admin, 'issue28-admin-confirm-order', dialog.getByRole('region', { name: 'Offer' }));
    await confirm.getByRole('button', { name: 'Confirm order' }).click();
    await expect(dialog.getByTestId('order-state')).toHaveText('Confirmed');
    await expect(dialog.getByRole('region', { name: 'Confirm the order' })).toHaveCount(0);
    await expect(dialog.getByRole('region', { name: 'Status history' })).toContainText('Approved → Completed');
  } finally {
    await adminContext.close();
  }

  // The buyer sees the order confirmed, line by line.
  await page.reload();
  await expect(order.getByTestId('order-state')).toHaveText('Confirmed');
  await expect(order.locator('[data-testid="order-line"][data-state="confirmed"]')).toHaveCount(3);
  await expect(order.getByTestId('order-line').first()).toContainText('Your ref. POS-1');
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('Completed');
  await shoot(page, 'issue28-buyer-order-confirmed', order);
});
