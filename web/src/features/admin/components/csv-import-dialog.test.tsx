import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CsvImportResult, CsvPreview } from '@parts/shared/schemas';
import { renderWithProviders, stubApi, type StubCall } from '../../../test/render-with-providers';
import { CsvImportDialog } from './csv-import-dialog';

/** The official template's header row (functions/src/modules/imports/csv-template.ts). */
const templateHeaders = [
  'name',
  'partNumber',
  'description',
  'price',
  'categoryId',
  'manufacturerId',
  'status',
  'image',
  'spec:bore',
  'spec:stroke',
  'spec:pressureRating',
];
const templatePreview: CsvPreview = {
  headers: templateHeaders,
  sampleRows: [{ name: 'Hydraulic Cylinder 32mm', partNumber: 'HC-32-100', price: '249.99', 'spec:bore': '32' }],
};
const result: CsvImportResult = { totalRecords: 3, successCount: 2, errorCount: 1, errors: [{ row: 3, error: "Price must be a number, got 'abc'" }] };

const csvFile = () => new File(['name,partNumber\nValve,V-1\n'], 'parts.csv', { type: 'text/csv' });

function renderDialog(preview: CsvPreview = templatePreview) {
  const calls = stubApi({
    'POST /api/parts/import-csv/preview': { body: preview },
    'POST /api/parts/import-csv': { body: result },
  });
  const onOpenChange = vi.fn<(open: boolean) => void>();
  renderWithProviders(<CsvImportDialog open onOpenChange={onOpenChange} />, { path: '/admin?tab=parts' });
  return { calls, onOpenChange };
}

async function upload(user: ReturnType<typeof userEvent.setup>) {
  const next = screen.getByRole('button', { name: 'Next' });
  expect(next).toHaveProperty('disabled', true);
  await user.upload(screen.getByLabelText('CSV File'), csvFile());
  expect(screen.getByText('Selected file: parts.csv')).toBeTruthy();
  await user.click(next);
  await screen.findByText('Step 2 of 3: Map the columns');
}

const mappingOf = (header: string) => screen.getByRole('combobox', { name: `Map column ${header}` }).textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CSV import dialog (with the query client and toaster, against a stubbed API)', { timeout: 60_000 }, () => {
  it('pre-maps the official template, imports it and shows the results with row errors written for people', async () => {
    const user = userEvent.setup();
    const { calls } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Import Parts from CSV' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 3: Upload a CSV file')).toBeTruthy();
    await upload(user);

    expect(mappingOf('name')).toBe('Part Name (required)');
    expect(mappingOf('partNumber')).toBe('Part Number (required)');
    expect(mappingOf('price')).toBe('Price');
    expect(mappingOf('image')).toBe('Image URL');
    expect(mappingOf('spec:pressureRating')).toBe('Specification: pressureRating');
    expect(within(screen.getByRole('table', { name: 'CSV preview' })).getByText('HC-32-100')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Import Parts' }));
    await screen.findByText('Step 3 of 3: Results');
    const sent = calls.find((c: StubCall) => c.method === 'POST' && c.path === '/api/parts/import-csv');
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const mapping = JSON.parse(String((sent!.body as FormData).get('columnMapping'))) as Record<string, string>;
    expect(mapping).toEqual(Object.fromEntries(templateHeaders.map((h) => [h, h])));

    expect(screen.getByRole('heading', { name: 'Import Completed with Warnings' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Error Details' })).getByText("Price must be a number, got 'abc'")).toBeTruthy();
  });

  it('leaves other headers Not mapped and keeps Import Parts off until name and part number are mapped', async () => {
    const user = userEvent.setup();
    renderDialog({ headers: ['Title', 'Code', 'Colour'], sampleRows: [] });
    await upload(user);
    expect(mappingOf('Title')).toBe('Not mapped');
    expect(mappingOf('Colour')).toBe('Not mapped');
    expect(screen.getByRole('button', { name: 'Import Parts' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 1 of 3: Upload a CSV file')).toBeTruthy();
  });

  it('a refused preview keeps the dialog on step 1 and says why', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /api/parts/import-csv/preview': { status: 400, body: { message: 'The file has no header row' } } });
    renderWithProviders(<CsvImportDialog open onOpenChange={() => {}} />);
    await user.upload(screen.getByLabelText('CSV File'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('CSV Preview Failed')).toBeTruthy();
    expect(screen.getByText('The file has no header row')).toBeTruthy();
    expect(screen.getByText('Step 1 of 3: Upload a CSV file')).toBeTruthy();
  });

  it('Cancel closes the dialog', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
