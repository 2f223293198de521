import { expect, test } from './support/test';
import type { QuoteRequest } from '@parts/shared/schemas';
import { adminGet, expectToast, registerViaApi, somePart, uniqueName } from './support/e2e-helpers';

// A tiny but well-formed PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('request a quote', () => {
  test('a guest is sent from /quote-request to /auth, which will send them back', async ({ page }) => {
    await page.goto('/quote-request');
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fquote-request$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });

  test('an empty basket offers Browse Catalog', async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto('/quote-request');
    await expect(page).toHaveTitle('Request a Quote | Industrial Parts Hub');
    await expect(page.getByText('Your quote request is empty.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Catalog' })).toHaveAttribute('href', '/catalog');
  });

  test('the full request with a PDF attachment, then seen through the admin API', async ({ page, request, playwright, baseURL }) => {
    const { username } = await registerViaApi(page.request);
    const first = await somePart(request, 0);
    const second = await somePart(request, 2);
    for (const part of [first, second]) {
      await page.goto(`/part/${part.slug}`);
      await page.getByRole('button', { name: 'Add to Quote Request' }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Added to Quote' })).toBeVisible();
    }
    await page.goto('/quote-request');
    await expect(page.getByTestId('quote-item-count')).toHaveText('You have 2 items in your quote request.');
    await expect(page.getByText('Fill out the form below to request a quote for the selected items.')).toBeVisible();
    await page.getByRole('spinbutton', { name: `Quantity for ${second.name}` }).fill('4');

    // Validation messages of the shared schema.
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();

    const files = page.getByLabel('Attachments (optional)');
    // One bad file rejects the whole selection.
    await files.setInputFiles([
      { name: 'drawing.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'virus.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ]);
    await expectToast(page, 'Invalid file type', 'virus.exe is not a supported file type.');
    await expect(page.getByRole('list', { name: 'Attached files' })).toHaveCount(0);

    await files.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5_242_881, 32) });
    await expectToast(page, 'File too large', 'huge.pdf exceeds the 5MB limit.');

    await files.setInputFiles([
      { name: 'spec-sheet.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'extra.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    const attached = page.getByRole('list', { name: 'Attached files' });
    await expect(attached.getByRole('listitem')).toHaveCount(2);
    await attached.getByRole('button', { name: 'Remove extra.pdf' }).click();
    await expect(attached.getByRole('listitem')).toHaveCount(1);

    const customerName = uniqueName('Customer ');
    const company = uniqueName('ACME ');
    await page.getByLabel('Full Name').fill(customerName);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Company (optional)').fill(company);
    await page.getByLabel('Message (optional)').fill('Please quote lead times as well.');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();

    await expect(page.getByTestId('toast').filter({ hasText: 'Quote request submitted' })).toBeVisible();
    await expect(page.getByText('Your quote request is empty.')).toBeVisible();
    await expect(page.getByTestId('quote-badge')).toHaveText('0');
    const mine = page.getByTestId('my-quote-requests');
    await expect(mine).toContainText('Pending');
    const idText = await mine
      .getByText(/Quote Request #\d+/)
      .first()
      .textContent();
    const id = Number(/#(\d+)/.exec(idText ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);

    const stored = await adminGet<QuoteRequest>(playwright, baseURL!, `/api/quote-requests/${id}`);
    expect(stored.customerName).toBe(customerName);
    expect(stored.customerEmail).toBe(`${username}@example.com`);
    expect(stored.customerCompany).toBe(company);
    expect(stored.customerPhone).toBeUndefined();
    expect(stored.status).toBe('pending');
    expect(stored.items.map((i) => [i.part?.id, i.quantity]).sort()).toEqual(
      [
        [first.id, 1],
        [second.id, 4],
      ].sort(),
    );
    expect(stored.attachments).toHaveLength(1);
    expect(stored.attachments[0]).toMatchObject({ fileName: 'spec-sheet.pdf', contentType: 'application/pdf', size: PDF.length });
  });
});
