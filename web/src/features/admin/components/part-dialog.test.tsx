import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Manufacturer, PartView } from '@parts/shared/schemas';
import { renderWithProviders, stubApi } from '../../../test/render-with-providers';
import { PartDialog } from './part-dialog';

const category = { id: 3, name: 'Valves', slug: 'valves' } as Category;
const manufacturer = { id: 4, name: 'Acme', slug: 'acme' } as Manufacturer;
const part = {
  id: 9,
  name: 'Ball Valve',
  slug: 'ball-valve',
  partNumber: 'BV-9',
  status: 'active',
  categoryId: 3,
  manufacturerId: 4,
  specifications: {},
  price: 1234.5,
} as unknown as PartView;

function renderDialog() {
  const calls = stubApi({ 'PUT /api/parts/9': { body: part } });
  renderWithProviders(<PartDialog open onOpenChange={vi.fn()} part={part} categories={[category]} manufacturers={[manufacturer]} />, {
    path: '/admin?tab=parts',
  });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('part dialog price (issue 25: one number reader)', { timeout: 60_000 }, () => {
  it('shows the price it understood as you type and sends 12,50 as 12.5', async () => {
    const user = userEvent.setup();
    const calls = renderDialog();
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    expect((price as HTMLInputElement).value).toBe('1234.50');
    await user.clear(price);
    await user.type(price, '12,50');
    expect(screen.getByTestId('money-reading').textContent).toBe('= $12.50');
    await user.click(screen.getByRole('button', { name: 'Update Part' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.body))).toMatchObject({ price: 12.5 });
  });

  it('refuses an ambiguous 1,234 with both readings and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = renderDialog();
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    await user.clear(price);
    await user.type(price, '1,234');
    const message = '“1,234” could be $1,234.00 or $1.234: type 1234 (this price keeps at most 2 decimals)';
    expect(screen.getByTestId('money-reading').textContent).toBe(message);
    expect(price.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Update Part' }));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
