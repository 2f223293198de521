import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Category, Manufacturer, PartView } from '@parts/shared/schemas';
import { renderWithProviders, stubApi } from '../../../test/render-with-providers';
import { PartDialog } from './part-dialog';
import { PartsTab } from './parts-tab';

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

// jsdom lacks what Radix Select calls on a pointer click.
beforeAll(() => {
  Object.assign(Element.prototype, { hasPointerCapture: () => false, releasePointerCapture: () => undefined, scrollIntoView: () => undefined });
});

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

describe('creating a part', { timeout: 60_000 }, () => {
  const created = { ...part, id: 77, name: 'Cam Roller', slug: 'cam-roller', partNumber: 'CR-600', price: null };

  /** Fills the new part dialog's required fields and presses Create Part. */
  async function fillAndCreate(user: ReturnType<typeof userEvent.setup>) {
    const dialog = await screen.findByRole('dialog', { name: 'Create New Part' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Part Name' }), 'Cam Roller');
    const partNumber = within(dialog).getByRole('textbox', { name: 'Part Number' });
    await user.clear(partNumber);
    await user.type(partNumber, 'CR-600');
    for (const [name, option] of [
      ['Category', 'Valves'],
      ['Manufacturer', 'Acme'],
    ] as const) {
      await user.click(within(dialog).getByRole('combobox', { name }));
      await user.click(await screen.findByRole('option', { name: option }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create Part' }));
  }

  it('sends the new part from the Parts tab (no prefill, no onCreated), then closes', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      'GET /api/parts': { body: { data: [], total: 0, page: 1, pageSize: 20, totalPages: 1 } },
      'GET /api/categories': { body: [category] },
      'GET /api/manufacturers': { body: [manufacturer] },
      'POST /api/parts': { status: 201, body: created },
    });
    renderWithProviders(<PartsTab />, { path: '/admin?tab=parts' });
    await user.click(await screen.findByRole('button', { name: 'New Part' }));
    await fillAndCreate(user);
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Part' })).toBeNull());
    // Closed because the part was saved, not instead of saving it.
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/parts');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.body))).toMatchObject({
      name: 'Cam Roller',
      partNumber: 'CR-600',
      slug: 'cam-roller',
      categoryId: 3,
      manufacturerId: 4,
    });
    expect(await screen.findByText('Part created successfully')).toBeTruthy();
  });

  it('sends the new part and hands it to onCreated when opened with a prefill (the Demand tab)', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ 'POST /api/parts': { status: 201, body: created } });
    const onCreated = vi.fn();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <PartDialog
        open
        onOpenChange={onOpenChange}
        prefill={{ partNumber: 'CR-6' }}
        onCreated={onCreated}
        categories={[category]}
        manufacturers={[manufacturer]}
      />,
      { path: '/admin?tab=demand' },
    );
    expect((screen.getByRole('textbox', { name: 'Part Number' }) as HTMLInputElement).value).toBe('CR-6');
    await fillAndCreate(user);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/parts')).toHaveLength(1);
  });
});
