import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { loginAdminViaApi } from './admin-helpers';
import { registerViaApi } from './support/e2e-helpers';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots');

/**
 * The admin's Webhooks tab (issue 28, ADR 123): a refused URL shows the server's message beside the field, an
 * added endpoint is listed, a buyer's request shows up in the delivery log (the endpoint is not reachable from
 * here, so the row says why), and Redeliver queues it again. Saved at 1280 and 390 px for a person to look at.
 */
test('the admin adds a webhook endpoint, sees the delivery of a new request in the log and redelivers it', async ({ page, request }) => {
  await loginAdminViaApi(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=webhooks');
  const panel = page.getByRole('tabpanel', { name: 'Webhooks' });
  await panel.getByLabel('Endpoint URL').fill('https://10.0.0.8/hooks');
  await panel.getByLabel('Secret name').fill('erp');
  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(panel.getByText('Webhooks cannot go to a private, loopback or link-local address')).toBeVisible();

  // TEST-NET-1 (RFC 5737): a public address no one answers on, reached without a DNS look-up.
  const url = `https://192.0.2.1/hooks/${Date.now()}`;
  await panel.getByLabel('Endpoint URL').fill(url);
  await panel.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(panel.getByRole('listitem').filter({ hasText: url })).toBeVisible();

  // A buyer (their own session, apart from the admin's page) submits a request: quote.submitted goes to the endpoint.
  await registerViaApi(request);
  const submitted = await request.post('/api/quote-requests', {
    data: { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', items: [{ freeText: { partNumber: 'WH-1' }, quantity: 1200 }] },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);

  await page.reload();
  const log = panel.getByRole('table', { name: 'Webhook deliveries' });
  const row = log.getByRole('row').filter({ hasText: url }).filter({ hasText: 'quote.submitted' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Pending|Failed/);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await expect(row).toBeVisible();
    mkdirSync(path.join(outDir, String(width)), { recursive: true });
    await page.screenshot({ path: path.join(outDir, String(width), 'admin-webhooks.png'), fullPage: true });
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls, `the Webhooks tab scrolls sideways at ${width} px`).toBe(false);
  }

  await row.getByRole('button', { name: /^Redeliver quote.submitted/ }).click();
  await expect(page.getByText('Delivery queued again').first()).toBeVisible();
});
