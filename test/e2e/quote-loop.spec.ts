import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { PartView, QuoteRequest } from '@parts/shared/schemas';
import { confirmEmailViaInbox, expectToast, listParts, registerViaApi, uniqueName } from './support/e2e-helpers';
import { loginAdminViaApi, openAdminTab } from './admin-helpers';

// A tiny but well-formed PDF (attachments are checked by content).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const inboxUrl = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT}`;

interface CaughtMail {
  subject: string;
  text?: string;
  to: { address: string }[];
}

/** The mails the local SMTP catcher (MailDev) holds for one address, through its web inbox's API. */
async function mailsTo(page: Page, address: string): Promise<CaughtMail[]> {
  const response = await page.request.get(`${inboxUrl}/email`);
  expect(response.ok(), `the mail inbox answered ${response.status()}`).toBe(true);
  const all = (await response.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()));
}

async function addToBasket(page: Page, part: PartView) {
  await page.goto(`/part/${part.slug}`);
  await page.getByRole('button', { name: 'Add to Quote Request' }).click();
  await expectToast(page, 'Added to Quote', `${part.name} has been added to your quote request.`);
}

async function readPdf(download: { path: () => Promise<string | null> }): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const file = await download.path();
  expect(file).toBeTruthy();
  return (await readFile(file!)).subarray(0, 5).toString();
}

test.describe('the quote loop', () => {
  test('buyer requests, admin offers a price break and an alternative, buyer reads the mail, accepts two lines and declines one, admin sees it, PDFs download', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const listing = await listParts(page.request, { pageSize: '20', sortBy: 'partNumber' });
    const parts = listing.data.filter((p) => p.manufacturer);
    expect(parts.length).toBeGreaterThanOrEqual(4);
    const [first, second, third, alternative] = parts as [PartView, PartView, PartView, PartView];

    // The buyer asks for three parts.
    // Buyers' mails go to the address their account confirmed (ADR 096).
    const { username, email } = await registerViaApi(page.request, { withEmail: true });
    await confirmEmailViaInbox(page.request, email);
    const customerName = uniqueName('Buyer ');
    for (const part of [first, second, third]) await addToBasket(page, part);
    await page.goto('/quote-request');
    await page.getByLabel(`Quantity for ${first.name}`).fill('12');
    await page.getByLabel(`Quantity for ${first.name}`).blur();
    await page.getByLabel('Full Name').fill(customerName);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expectToast(page, 'Quote request submitted');
    await page.goto('/account/quotes');
    const mine = page.getByTestId('my-quote-request').first();
    await expect(mine).toContainText('Waiting on us');
    const quoteId = Number(/#(\d+)/.exec((await mine.textContent()) ?? '')?.[1]);
    expect(quoteId).toBeGreaterThan(0);

    // The reseller sees it waiting on them and sends an offer.
    const adminContext = await browser.newContext({ baseURL });
    try {
      const admin = await adminContext.newPage();
      const quotes = await openAdminTab(admin, 'Quote Requests');
      const row = quotes.locator(`[data-testid="quote-row"][data-quote-id="${quoteId}"]`);
      await expect(row).toContainText('Waiting on reseller');
      await expect(row).toContainText('No offer yet');
      await row.getByRole('button', { name: `View quote request #${quoteId}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Quote Request #${quoteId}` });
      await dialog.getByRole('button', { name: 'Create offer' }).click();

      const lineEditor = (part: PartView) => dialog.getByTestId('offer-line-editor').filter({ hasText: part.partNumber });
      const one = lineEditor(first);
      await one.getByLabel('Unit price (USD)').first().fill('12.50');
      await one.getByLabel('Lead time (days)').fill('5');
      await one.getByRole('button', { name: 'Add price break' }).click();
      await one.getByLabel('From quantity').fill('10');
      await one.getByTestId('price-break-editor').getByLabel('Unit price (USD)').fill('11.00');
      await expect(one).toContainText('Line total: $132.00');

      const two = lineEditor(second);
      await two.getByLabel('Unit price (USD)').fill('3.00');
      await two.getByLabel('In stock').check();
      await two.getByRole('combobox').fill(alternative.partNumber);
      await two.getByRole('option').filter({ hasText: alternative.partNumber }).first().click();
      await expect(two.getByTestId('alternative-choice')).toContainText(alternative.partNumber);
      await two.getByLabel('Alternative unit price (USD)').fill('2.50');
      await two.getByLabel('Alternative note').fill('Same fit, shorter lead time');

      const three = lineEditor(third);
      await three.getByLabel('Unit price (USD)').fill('7');
      await three.getByLabel('Lead time (days)').fill('10');
      await dialog.getByLabel('Message to the buyer (optional)').fill('Prices include packaging.');
      await dialog.getByRole('button', { name: 'Send offer' }).click();
      await expectToast(admin, 'Offer sent', 'Version 1 of the offer was sent to the buyer.');
      const offer = dialog.getByTestId('offer-view');
      await expect(offer).toContainText('Offer version 1');
      await expect(offer.getByTestId('offer-total')).toHaveText('$142.00');
      await expect(dialog.getByTestId('waiting-on').first()).toHaveText('Waiting on buyer');

      // The buyer's mail arrives in the local inbox, with the prices and the link to the request.
      await expect
        .poll(async () => (await mailsTo(page, email)).map((m) => m.subject), { timeout: 20_000 })
        .toContain(`Your offer for quote request #${quoteId} (version 1)`);
      const offerMail = (await mailsTo(page, email)).find((m) => m.subject.includes('version 1'))!;
      expect(offerMail.text).toContain('$11.00');
      expect(offerMail.text).toContain(`/account/quotes/${quoteId}`);
      await page.goto(inboxUrl);
      await expect(page.getByText(`Your offer for quote request #${quoteId} (version 1)`).first()).toBeVisible();

      // The buyer accepts two lines (one as its alternative) and declines the third.
      await page.goto(`/account/quotes/${quoteId}`);
      const buyerOffer = page.getByTestId('offer-view');
      await expect(buyerOffer).toContainText('Offer version 1');
      await expect(buyerOffer.getByTestId('price-breaks')).toContainText('10+: $11.00');
      await expect(buyerOffer.getByTestId('offer-alternative')).toContainText(alternative.partNumber);
      await expect(buyerOffer).toContainText('Prices include packaging.');
      await page.getByLabel(`Your choice for ${second.partNumber}`).selectOption('alternative');
      await page.getByLabel(`Your choice for ${third.partNumber}`).selectOption('declined');
      await expect(page.getByTestId('accept-summary')).toHaveText('Accepting 2 of 3 lines: $134.50');
      await page.getByRole('button', { name: 'Accept selected lines' }).click();
      await expectToast(page, 'Offer accepted');
      await expect(buyerOffer.getByTestId('offer-state')).toHaveText('Accepted');
      await expect(page.getByTestId('offer-response')).toContainText(`${third.partNumber}: Declined`);

      // A message with a drawing attached goes into the request's thread: 4.7 MB, under the spec's 5 MB and over
      // what a request through Lambda may carry (4 MiB, ADR 108), so it must go to S3 first.
      await page.getByLabel('Write to the reseller').fill('Please confirm the alternative fits our housing.');
      const drawing = Buffer.concat([PDF, Buffer.alloc(4_700_000 - PDF.length, 0x20)]);
      await page.locator(`#message-${quoteId}-files`).setInputFiles({ name: 'housing.pdf', mimeType: 'application/pdf', buffer: drawing });
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByTestId('quote-message')).toContainText('Please confirm the alternative fits our housing.');
      await expect(page.getByTestId('quote-message').getByRole('link', { name: 'housing.pdf' })).toBeVisible();

      // The buyer downloads the offer as a PDF.
      const buyerDownload = page.waitForEvent('download');
      await buyerOffer.getByTestId('offer-pdf').click();
      expect(await readPdf(await buyerDownload)).toBe('%PDF-');

      // The reseller sees the answer and whose move it is now.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await admin.reload();
      await admin.getByRole('tab', { name: 'Quote Requests' }).click();
      const rowAfter = admin.locator(`[data-testid="quote-row"][data-quote-id="${quoteId}"]`);
      await expect(rowAfter).toContainText('Waiting on reseller');
      await rowAfter.getByRole('button', { name: `View quote request #${quoteId}` }).click();
      const response = dialog.getByTestId('offer-response');
      await expect(response).toContainText(`Accepted by ${username}`);
      await expect(response).toContainText(`${second.partNumber}: Accepted the alternative`);
      await expect(response).toContainText(`${third.partNumber}: Declined`);
      await expect(dialog.getByRole('region', { name: 'Status history' })).toContainText('Offer version 1 accepted: 2 of 3 lines, $134.50');
      await expect(dialog.getByTestId('quote-message')).toContainText('Please confirm the alternative fits our housing.');
      await expect(dialog.getByTestId('quote-message').getByRole('link', { name: 'housing.pdf' })).toBeVisible();
      const adminDownload = admin.waitForEvent('download');
      await dialog.getByTestId('offer-pdf').click();
      expect(await readPdf(await adminDownload)).toBe('%PDF-');
    } finally {
      await adminContext.close();
    }
  });

  test("the reseller's mail about a new request opens that request in the admin area; closing it and Back behave", async ({ page, browser, baseURL }) => {
    const [part] = (await listParts(page.request, { pageSize: '1' })).data as [PartView];
    await registerViaApi(page.request);
    const submitted = await page.request.post('/api/quote-requests/submissions', {
      data: { customerName: uniqueName('Mail Link Buyer '), customerEmail: 'mail-link@example.com', items: [{ partId: part.id, quantity: 2 }] },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const quote = (await submitted.json()) as QuoteRequest;

    // The mail to the reseller (not the buyer's copy) carries the link.
    let link = '';
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`${inboxUrl}/email`);
          const mails = (await response.json()) as CaughtMail[];
          const forAdmin = mails.find((m) => m.text?.includes(`quote=${quote.id}`) && m.to.every((t) => t.address !== 'mail-link@example.com'));
          link = /Open it: (\S+)/.exec(forAdmin?.text ?? '')?.[1] ?? '';
          return link;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

    const adminContext = await browser.newContext({ baseURL });
    try {
      const admin = await adminContext.newPage();
      await loginAdminViaApi(admin);
      await admin.goto('/admin');
      await admin.goto(link);
      const dialog = admin.getByRole('dialog', { name: `Quote Request #${quote.id}` });
      await expect(dialog).toBeVisible();
      await admin.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(admin).toHaveURL(/\/admin\?tab=quotes$/);
      await expect(admin.getByRole('tab', { name: 'Quote Requests' })).toHaveAttribute('aria-selected', 'true');
      // Back opens it again: the open request is part of the page's address.
      await admin.goBack();
      await expect(dialog).toBeVisible();
    } finally {
      await adminContext.close();
    }
  });
});
