import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type StubAnswer, type StubCall } from '../../../test/render-with-providers';
import type { DemandCharts, DemandRow } from '../api/demand';
import { DemandTab } from './demand-tab';

function row(over: Partial<DemandRow> = {}): DemandRow {
  return {
    key: 'CR600',
    kind: 'missing',
    display: 'CR-600',
    manufacturer: 'Acme',
    description: 'Cam roller 600',
    count: 7,
    buyers: 3,
    sessions: 5,
    firstSeen: '2026-11-02T10:00:00.000Z',
    lastSeen: '2026-11-25T10:00:00.000Z',
    trend: [1, 0, 2, 4],
    requests: [{ id: '42', number: '42' }],
    status: 'open',
    statusBy: null,
    statusAt: null,
    partId: null,
    ...over,
  };
}

const NO_CHARTS: DemandCharts = { days: [], topQueries: [], clickThrough: [] };

type Route = StubAnswer | ((call: StubCall) => StubAnswer);

function renderTab(routes: Record<string, Route> = {}, lists: { missing?: DemandRow[]; query?: DemandRow[] } = {}) {
  const calls = stubApi({
    'GET /api/admin/demand': (c) => ({
      body: { items: lists[c.query.get('kind') as 'missing' | 'query'] ?? [], nextCursor: null, period: { from: c.query.get('from'), to: c.query.get('to') } },
    }),
    'GET /api/admin/demand/charts': { body: NO_CHARTS },
    'GET /api/categories': { body: [{ id: 3, name: 'Rollers', slug: 'rollers' }] },
    'GET /api/manufacturers': { body: [{ id: 4, name: 'ACME', slug: 'acme' }] },
    ...routes,
  });
  renderWithProviders(<DemandTab />, { path: '/admin?tab=demand' });
  return calls;
}

const listCalls = (calls: StubCall[], kind: string) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/demand' && c.query.get('kind') === kind);

// jsdom lacks what Radix Select calls on a pointer click.
beforeAll(() => {
  Object.assign(Element.prototype, { hasPointerCapture: () => false, releasePointerCapture: () => undefined, scrollIntoView: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Demand tab (issue 31)', { timeout: 60_000 }, () => {
  it('shows a capped count of buyers or sessions as "200+", not as an exact 200', async () => {
    renderTab({}, { missing: [row({ buyers: 200, sessions: 200 }), row({ key: 'XY1', display: 'XY 1', buyers: 199, sessions: 12 })] });
    const rows = await within(await screen.findByTestId('demand-missing')).findAllByTestId('demand-row');
    expect(within(rows[0]!).getAllByText('200+')).toHaveLength(2);
    expect(within(rows[0]!).queryByText('200')).toBeNull();
    expect(within(rows[1]!).getByText('199')).toBeTruthy();
    expect(within(rows[1]!).getByText('12')).toBeTruthy();
  });

  it('shows each missing part with its figures, its requests and its status', async () => {
    renderTab(
      {},
      {
        missing: [
          row(),
          row({ key: 'XY1', display: 'XY 1', status: 'ignored', statusBy: 'admin@example.com', statusAt: '2026-11-24T09:00:00.000Z', requests: [] }),
        ],
      },
    );
    const missing = await screen.findByTestId('demand-missing');
    const rows = await within(missing).findAllByTestId('demand-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    for (const text of ['CR-600', 'Acme', 'Cam roller 600', '7', '3', '5', 'First Nov 2, 2026', 'Last Nov 25, 2026', 'Open'])
      expect(first.getByText(text)).toBeTruthy();
    expect(first.getByRole('link', { name: 'Quote request #42' }).getAttribute('href')).toBe('/admin?tab=quotes&quote=42');
    // The chart module loads lazily (recharts is transformed on first use here).
    expect(await first.findByRole('img', { name: 'Trend of CR-600: 1, 0, 2, 4 per day' }, { timeout: 20_000 })).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('Ignored')).toBeTruthy();
    expect(second.getByText(/by admin@example\.com/)).toBeTruthy();
    expect(second.getByRole('button', { name: 'Reopen XY 1' })).toBeTruthy();
  });

  it('asks for the last 30 days of open demand, sorted by count, and sorts by a column header', async () => {
    const user = userEvent.setup();
    const calls = renderTab({}, { missing: [row()] });
    await screen.findAllByTestId('demand-row');
    const first = listCalls(calls, 'missing')[0]!;
    expect(Object.fromEntries(first.query)).toMatchObject({ status: 'open', sort: 'count', order: 'desc', limit: '25' });
    const days = (Date.parse(first.query.get('to')!) - Date.parse(first.query.get('from')!)) / 86_400_000;
    expect(days).toBe(29);
    const missing = screen.getByTestId('demand-missing');
    await user.click(within(missing).getByRole('button', { name: 'Buyers' }));
    await vi.waitFor(() => expect(listCalls(calls, 'missing').at(-1)!.query.get('sort')).toBe('buyers'));
    expect(listCalls(calls, 'missing').at(-1)!.query.get('order')).toBe('desc');
    await user.click(within(missing).getByRole('button', { name: 'Buyers' }));
    await vi.waitFor(() => expect(listCalls(calls, 'missing').at(-1)!.query.get('order')).toBe('asc'));
    expect(within(missing).getByRole('columnheader', { name: 'Buyers' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('loads the next page with the cursor the server gave', async () => {
    const user = userEvent.setup();
    const calls = renderTab({
      'GET /api/admin/demand': (c) =>
        c.query.get('kind') !== 'missing'
          ? { body: { items: [], nextCursor: null, period: {} } }
          : c.query.get('cursor') === 'page-2'
            ? { body: { items: [row({ key: 'B2', display: 'B-2' })], nextCursor: null, period: {} } }
            : { body: { items: [row()], nextCursor: 'page-2', period: {} } },
    });
    const missing = await screen.findByTestId('demand-missing');
    await within(missing).findByText('CR-600');
    await user.click(within(missing).getByRole('button', { name: 'Load more' }));
    await within(missing).findByText('B-2');
    expect(within(missing).getAllByTestId('demand-row')).toHaveLength(2);
    expect(listCalls(calls, 'missing').at(-1)!.query.get('cursor')).toBe('page-2');
    expect(within(missing).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('marks a row sourced, ignores one, with the PUT the API expects and a toast', async () => {
    const user = userEvent.setup();
    const calls = renderTab(
      {
        'PUT /api/admin/demand/missing/CR600/status': { body: row({ status: 'sourced', statusBy: 'admin@example.com', statusAt: '2026-11-26T10:00:00.000Z' }) },
        'PUT /api/admin/demand/query/ball%20valve%20x/status': {
          body: row({ kind: 'query', key: 'ball valve x', display: 'ball valve x', status: 'ignored' }),
        },
      },
      { missing: [row()], query: [row({ kind: 'query', key: 'ball valve x', display: 'ball valve x', manufacturer: null, description: null, requests: [] })] },
    );
    await user.click(await screen.findByRole('button', { name: 'Mark CR-600 as sourced' }));
    expect(await screen.findByText('Marked as sourced: CR-600')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ignore ball valve x' }));
    expect(await screen.findByText('Ignored: ball valve x')).toBeTruthy();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, JSON.parse(String(c.body))])).toEqual([
      ['/api/admin/demand/missing/CR600/status', { status: 'sourced' }],
      ['/api/admin/demand/query/ball%20valve%20x/status', { status: 'ignored' }],
    ]);
    // A search row has no "Create part": a part number it looks like is in the missing list.
    expect(screen.queryByRole('button', { name: 'Create part ball valve x' })).toBeNull();
  });

  it('says what failed when a status change is refused', async () => {
    const user = userEvent.setup();
    renderTab({ 'PUT /api/admin/demand/missing/CR600/status': { status: 404, body: { message: 'No such demand term' } } }, { missing: [row()] });
    await user.click(await screen.findByRole('button', { name: 'Ignore CR-600' }));
    expect(await screen.findByText('No such demand term')).toBeTruthy();
  });

  it('creates the part from a row, pre-filled, then lists the requests that asked for it', async () => {
    const user = userEvent.setup();
    const calls = renderTab(
      {
        'POST /api/parts': { status: 201, body: { id: 77, name: 'Cam Roller', partNumber: 'CR-600', slug: 'cam-roller' } },
        'GET /api/admin/parts/77/demand': { body: { key: 'CR600', count: 7, requests: [{ id: '42', number: '42', status: 'pending' }] } },
      },
      { missing: [row()] },
    );
    await user.click(await screen.findByRole('button', { name: 'Create part CR-600' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Part' });
    expect((within(dialog).getByRole('textbox', { name: 'Part Number' }) as HTMLInputElement).value).toBe('CR-600');
    expect((within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe('Cam roller 600');
    // The row's manufacturer "Acme" is the catalogue's "ACME".
    await vi.waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Manufacturer' }).textContent).toBe('ACME'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Part Name' }), 'Cam Roller');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Rollers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Part' }));
    const requested = await screen.findByRole('dialog', { name: 'Requested in' });
    // The dialog opens at once and shows a skeleton until the part's requests arrive: wait for them.
    expect(await within(requested).findByText(/CR-600 was asked for 7 times/)).toBeTruthy();
    expect(within(requested).getByRole('link', { name: 'Quote request #42' }).getAttribute('href')).toBe('/admin?tab=quotes&quote=42');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/parts')!;
    expect(JSON.parse(String(post.body))).toMatchObject({
      partNumber: 'CR-600',
      description: 'Cam roller 600',
      manufacturerId: 4,
      categoryId: 3,
      name: 'Cam Roller',
    });
  });

  it('exports the current list as CSV with the filter', async () => {
    const user = userEvent.setup();
    const created = vi.fn(() => 'blob:demand');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const calls = renderTab({ 'GET /api/admin/demand/export': { body: 'part number\n' } }, { missing: [row()] });
    const missing = await screen.findByTestId('demand-missing');
    await user.click(within(missing).getByRole('button', { name: 'Export CSV of missing parts' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    const exported = calls.find((c) => c.path === '/api/admin/demand/export')!;
    expect(Object.fromEntries(exported.query)).toMatchObject({ format: 'csv', kind: 'missing', status: 'open' });
  });

  it('says so when there is no demand, and when a list fails to load', async () => {
    renderTab({
      'GET /api/admin/demand': (c) =>
        c.query.get('kind') === 'query' ? { status: 500, body: { message: 'boom' } } : { body: { items: [], nextCursor: null, period: {} } },
    });
    expect(await screen.findByText('No part numbers were asked for that the catalogue lacks in this period.')).toBeTruthy();
    expect(await screen.findByText('Failed to load searches without results', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('No searches in this period.')).toBeTruthy();
    expect(screen.getByText('No queries in this period.')).toBeTruthy();
    expect(screen.getByText('No search results were shown in this period.')).toBeTruthy();
  });

  it('asks for a custom period and refuses one that ends before it starts', async () => {
    const user = userEvent.setup();
    const calls = renderTab();
    await screen.findByText('No part numbers were asked for that the catalogue lacks in this period.');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Custom dates' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.clear(from);
    await user.type(from, '2026-11-05');
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await vi.waitFor(() => expect(Object.fromEntries(listCalls(calls, 'missing').at(-1)!.query)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' }));
  });
});
