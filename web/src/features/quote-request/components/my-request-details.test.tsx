import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteRequestDetail } from '@parts/shared/quote-offers';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RequestedItems, YourRequest } from './my-request-details';

const file = (name: string) => ({ key: `quotes/7/${name}`, fileName: name, contentType: 'application/pdf', size: 2048, url: `/api/files/${name}` });
const request: QuoteRequestDetail = {
  id: 7,
  customerName: 'Ada',
  customerEmail: 'ada@example.com',
  status: 'pending',
  createdAt: '2026-05-01T09:00:00.000Z',
  submittedBy: 'ada',
  message: 'Please quote the zinc version too.',
  items: [
    { id: 1, quantity: 1_000_000, part: { id: 3, partNumber: 'HX-100', name: 'Hex bolt', slug: 'hex-bolt' }, attachments: [file('bolt-drawing.pdf')] },
    { id: 2, quantity: 12, freeText: { description: 'Old relay' } },
  ],
  attachments: [file('spec-sheet.pdf')],
  history: [],
  offers: [],
};

afterEach(cleanup);

describe('what the buyer sent, as they see it after submitting', () => {
  it('shows their message and their request attachments as download links', () => {
    renderWithProviders(<YourRequest request={request} />);
    expect(screen.getByText('Please quote the zinc version too.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'spec-sheet.pdf' });
    expect(link.getAttribute('href')).toBe('/api/files/spec-sheet.pdf');
  });

  it("shows each line's drawings as download links, and quantities with thousands separators", () => {
    renderWithProviders(<RequestedItems request={request} />);
    const [first] = screen.getAllByTestId('quote-line');
    expect(within(first!).getByText('1,000,000')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'bolt-drawing.pdf' }).getAttribute('href')).toBe('/api/files/bolt-drawing.pdf');
  });

  it('says nothing when there is no message and no file', () => {
    const { container } = renderWithProviders(<YourRequest request={{ ...request, message: undefined, attachments: [] } as QuoteRequestDetail} />);
    expect(container.querySelector('[data-testid="your-request"]')).toBeNull();
  });
});
