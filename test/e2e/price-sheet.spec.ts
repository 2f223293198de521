import path from 'node:path';
import { readFile } from 'node:fs/promises';
import readWorkbook from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { expect, test } from './support/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { PRICE_SHEET_COLUMNS } from '@parts/shared/price-sheet';
import { expectToast, listParts, registerViaApi, uniqueName } from './support/e2e-helpers';
import { openAdminTab } from './admin-helpers';

const shots = path.join(process.cwd(), 'test-results', 'screenshots');
/**
 * Issue 29: the round trip with a 500-line request (the editor draws only the lines in sight, ADR 125; 24 s at load
 * ~7 on this machine). E2E_SHEET_LINES changes the count.
 */
const LINES = Number(process.env.E2E_SHEET_LINES ?? 500);

test.describe('pricing a long request in a spreadsheet (issue 29)', () => {
  test('a long request: export → fill → load → preview → apply → send', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const buyerContext = await browser.newContext({ baseURL });
    try {
      await registerViaApi(buyerContext.request);
      const parts = (await listParts(buyerContext.request, { pageSize: '40', sortBy: 'partNumber' })).data;
      const items = Array.from({ length: LINES }, (_, i) =>
        i < parts.length
          ? { partId: parts[i]!.id, quantity: 10 }
          : { freeText: { partNumber: `FREE-${i + 1}`, description: `Free line ${i + 1}` }, quantity: 10 },
      );
      const submitted = await buyerContext.request.post('/api/quote-requests', {
        data: { customerName: uniqueName('Buyer '), customerEmail: 'buyer@example.com', items },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
      const request = (await submitted.json()) as QuoteRequest;

      const quotes = await openAdminTab(page, 'Quote Requests');
      await quotes
        .locator(`[data-testid="quote-row"][data-quote-id="${request.id}"]`)
        .getByRole('button', { name: `View quote request #${request.id}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Quote Request #${request.id}` });
      await dialog.getByRole('button', { name: 'Create offer' }).click();
      const panel = dialog.getByTestId('price-sheet-panel');

      // Export: the request's lines as XLSX.
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download XLSX' }).click()]);
      expect(download.suggestedFilename()).toBe(`quote-${request.id}-price-sheet.xlsx`);
      const [sheet] = await readWorkbook(await readFile((await download.path())!));
      const rows = sheet!.data.map((r) => [...r]);
      expect(rows[0]).toEqual(PRICE_SHEET_COLUMNS);
      expect(rows).toHaveLength(LINES + 1);

      // Fill: every line priced at $2.00 with a 7-day lead time, the last one cannot be supplied; one typo.
      const col = (h: string) => PRICE_SHEET_COLUMNS.indexOf(h);
      for (const r of rows.slice(1)) {
        r[col('Unit price')] = 2;
        r[col('Lead time')] = 7;
      }
      rows[LINES]![col('Unit price')] = null;
      rows[LINES]![col('Cannot supply reason')] = 'Discontinued';
      rows[3]![col('Unit price')] = '12,5,0';
      const priced = await writeXlsxFile(rows.map((r) => r.map((v) => (v === null || v === '' ? null : { value: v as string | number })))).toBuffer();

      // Load and preview: the changes against the draft, and the typo by row and column.
      await panel.getByTestId('price-sheet-file').setInputFiles({ name: 'priced.xlsx', mimeType: 'application/octet-stream', buffer: priced });
      const preview = dialog.getByTestId('price-sheet-preview');
      // Read in the server's parse sandbox (a worker thread started on first use).
      await expect(preview).toContainText(`${LINES} rows read`, { timeout: 20_000 });
      await expect(preview.getByTestId('price-sheet-problems')).toContainText('Row 4, Unit price: “12,5,0” is not a price; enter one like 12.50');
      await expect(preview.getByTestId('price-sheet-changes')).toContainText(`${LINES - 1} lines change against the current draft`);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await preview.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(shots, `price-sheet-preview-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await preview.getByRole('button', { name: 'Apply to the draft' }).click();
      await expect(panel.getByTestId('price-sheet-applied')).toContainText(`${LINES - 1} lines of the draft updated from priced.xlsx`);

      // The line with the typo is priced by hand; then the offer goes out.
      const typo = dialog.locator('[data-testid="offer-line-editor"][data-item-id="3"]');
      await typo.getByLabel('Unit price (USD)').first().fill('12.50');
      await typo.getByLabel('Lead time (days)').fill('7');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expectToast(page, 'Offer sent', 'Version 1 of the offer was sent to the buyer.');
      // Every line but the typo and the last one × 10 × $2.00, plus 10 × $12.50.
      const total = (LINES - 2) * 20 + 125;
      await expect(dialog.getByTestId('offer-view').getByTestId('offer-total')).toHaveText(`$${total.toLocaleString('en-US')}.00`);
    } finally {
      await buyerContext.close();
    }
  });
});
