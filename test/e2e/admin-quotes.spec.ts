import { expect, test } from './support/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { expectToast, getJson, registerViaApi, somePart, uniqueName } from './support/e2e-helpers';
import { chooseOption, openAdminTab } from './admin-helpers';

// A tiny but well-formed PDF (the server checks the file's content, not just its name).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('admin quote requests', () => {
  test('a customer request is opened by the admin and moved from pending to approved; the customer sees it', async ({ page, browser, baseURL }) => {
    const customerContext = await browser.newContext({ baseURL });
    try {
      const customer = customerContext.request;
      await registerViaApi(customer);
      const part = await somePart(customer, 3);
      const customerName = uniqueName('Customer ');
      // The storefront form's multipart shape, with a drawing attached.
      const submitted = await customer.post('/api/quote-requests', {
        multipart: {
          customerName,
          customerEmail: 'buyer@example.com',
          message: 'Please quote fast delivery.',
          items: JSON.stringify([{ partId: part.id, quantity: 4 }]),
          attachments: { name: 'drawing.pdf', mimeType: 'application/pdf', buffer: PDF },
        },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
      const request = (await submitted.json()) as QuoteRequest;

      const quotes = await openAdminTab(page, 'Quote Requests');
      const row = quotes.getByRole('row', { name: new RegExp(customerName) });
      await expect(row).toContainText('N/A');
      await expect(row).toContainText('Pending');
      await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M/);
      await row.getByRole('button', { name: `View quote request #${request.id}` }).click();

      const dialog = page.getByRole('dialog', { name: `Quote Request #${request.id}` });
      await expect(dialog.getByText(/^Created /)).toBeVisible();
      await expect(dialog).toContainText(customerName);
      await expect(dialog).toContainText('buyer@example.com');
      await expect(dialog).toContainText('Please quote fast delivery.');
      const items = dialog.getByRole('region', { name: 'Items' });
      await expect(items).toContainText(part.partNumber);
      await expect(items).toContainText(part.name);
      await expect(items).toContainText('4');
      const download = dialog.getByRole('region', { name: 'Attachments' }).getByRole('link', { name: 'drawing.pdf' });
      const href = await download.getAttribute('href');
      expect(href).toBeTruthy();
      const file = await page.request.get(href ?? '');
      expect(file.status()).toBe(200);
      expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

      await expect(dialog.getByRole('region', { name: 'Customer', exact: true })).toContainText('Pending');
      await chooseOption(dialog, page, 'Update Status', 'Approved');
      await expectToast(page, 'Success', 'Quote status updated successfully');
      await expect(dialog.getByRole('region', { name: 'Customer', exact: true })).toContainText('Approved');
      await expect(dialog.getByRole('region', { name: 'Status history' })).toContainText('Pending → Approved');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Approved');

      const mine = (await getJson<{ data: QuoteRequest[] }>(customer, '/api/quote-requests/mine')).data;
      expect(mine.find((q) => q.id === request.id)?.status).toBe('approved');
    } finally {
      await customerContext.close();
    }
  });

  test('the admin creates a quote request in the New Quote dialog', async ({ page }) => {
    const customerName = uniqueName('Walk-in ');
    const quotes = await openAdminTab(page, 'Quote Requests');
    await quotes.getByRole('button', { name: 'New Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Quote Request' });
    await expect(dialog.getByLabel('Customer Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Pending');
    await dialog.getByRole('button', { name: 'Create Quote Request' }).click();
    await expect(dialog.getByText('Required')).toBeVisible();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();
    await dialog.getByLabel('Customer Name').fill(customerName);
    await dialog.getByLabel('Customer Email').fill('walkin@example.com');
    await dialog.getByLabel('Customer Company').fill('Acme Hydraulics');
    await dialog.getByLabel('Notes').fill('Called by phone');
    await dialog.getByRole('button', { name: 'Create Quote Request' }).click();
    await expectToast(page, 'Success', 'Quote request created successfully');
    await expect(dialog).toBeHidden();

    const row = quotes.getByRole('row', { name: new RegExp(customerName) });
    await expect(row).toContainText('Acme Hydraulics');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: /View quote request/ }).click();
    const detail = page.getByRole('dialog', { name: /Quote Request #\d+/ });
    await expect(detail).toContainText('No items in this quote request.');
    await expect(detail.getByRole('region', { name: 'Notes' })).toContainText('Called by phone');
    await expect(detail).toContainText('N/A');
  });
});
