import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Manufacturer } from '@parts/shared/schemas';
import { getCategoriesQueryOptions } from '../../../api/get-categories';
import { getManufacturersQueryOptions } from '../../../api/get-manufacturers';
import { createQueryClient } from '../../../lib/query-client';
import { renderWithProviders, stubApi } from '../../../test/render-with-providers';
import type { CatalogFilters } from '../hooks/use-catalog-filters';
import { FilterPanel } from './filter-panel';

const categories: Category[] = [
  { id: 1, name: 'Hydraulics', slug: 'hydraulics', parentId: null },
  { id: 2, name: 'Cylinders', slug: 'cylinders', parentId: 1 },
  { id: 3, name: 'Valves', slug: 'valves', parentId: null },
];
const manufacturers: Manufacturer[] = [
  { id: 10, name: 'Acme', slug: 'acme' },
  { id: 11, name: 'Bosch Rexroth', slug: 'bosch-rexroth' },
];
const noFilters: CatalogFilters = { categoryIds: [], manufacturerIds: [], specifications: {}, sortBy: 'relevance' };
const facets = {
  categories: [
    { id: 1, name: 'Hydraulics', slug: 'hydraulics', count: 40 },
    { id: 2, name: 'Cylinders', slug: 'cylinders', count: 12 },
    { id: 3, name: 'Valves', slug: 'valves', count: 7 },
  ],
  manufacturers: [{ id: 10, name: 'Acme', slug: 'acme', count: 30 }],
};

function renderPanel(filters: CatalogFilters = noFilters) {
  stubApi({
    'GET /api/categories': { body: categories },
    'GET /api/manufacturers': { body: manufacturers },
    'GET /api/parts/autocomplete': { body: { suggestions: [] } },
  });
  const onApply = vi.fn<(filters: CatalogFilters) => void>();
  renderWithProviders(<FilterPanel filters={filters} onApply={onApply} facets={facets} showCategories showManufacturers layout="sidebar" />, {
    path: '/parts',
  });
  return onApply;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('filter panel (with the query client, loading categories and manufacturers from the API)', { timeout: 60_000 }, () => {
  it('shows the category tree: top level first, children under an expand button, every entry with its count', async () => {
    const user = userEvent.setup();
    renderPanel();
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    expect(await within(panel).findByRole('checkbox', { name: 'Hydraulics' })).toBeTruthy();
    expect(within(panel).getByRole('checkbox', { name: 'Valves' })).toBeTruthy();
    expect(within(panel).queryByRole('checkbox', { name: 'Cylinders' })).toBeNull();
    const expand = within(panel).getByRole('button', { name: 'Show subcategories of Hydraulics' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await user.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    const child = within(panel).getByRole('checkbox', { name: 'Cylinders' });
    // Indented: the child's list sits inside its parent's item.
    expect(child.closest('li')?.parentElement?.closest('li')?.textContent).toContain('Hydraulics');
    expect(within(child.closest('li')!).getByText('(12)')).toBeTruthy();
    // A value the facets do not name counts 0.
    expect(within(within(panel).getByRole('checkbox', { name: 'Bosch Rexroth' }).closest('li')!).getByText('(0)')).toBeTruthy();
  });

  it('a ticked sub-category is shown from the start', async () => {
    renderPanel({ ...noFilters, categoryIds: [2] });
    const child = await screen.findByRole('checkbox', { name: 'Cylinders' });
    expect(child.getAttribute('aria-checked')).toBe('true');
  });

  it('Apply Filters sends the ticked categories, manufacturers, search text and ranges', async () => {
    const user = userEvent.setup();
    const onApply = renderPanel();
    await user.click(await screen.findByRole('checkbox', { name: 'Valves' }));
    await user.click(screen.getByRole('checkbox', { name: 'Acme' }));
    await user.type(screen.getByRole('combobox', { name: 'Search within results' }), 'seal');
    await user.type(screen.getByRole('spinbutton', { name: 'Bore Size (mm) minimum' }), '20');
    await user.type(screen.getByRole('spinbutton', { name: 'Bore Size (mm) maximum' }), '63.5');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]![0]).toEqual({
      ...noFilters,
      query: 'seal',
      categoryIds: [3],
      manufacturerIds: [10],
      specifications: { bore: { min: 20, max: 63.5 } },
    });
  });

  it('a minimum above the maximum is refused beside the fields and nothing is applied', async () => {
    const user = userEvent.setup();
    const onApply = renderPanel();
    const min = screen.getByRole('spinbutton', { name: 'Stroke Length (mm) minimum' });
    await user.type(min, '50');
    await user.type(screen.getByRole('spinbutton', { name: 'Stroke Length (mm) maximum' }), '10');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('The minimum must not be above the maximum.');
    expect(min.getAttribute('aria-invalid')).toBe('true');
  });

  it('Clear All empties every field and applies no filters at once', async () => {
    const user = userEvent.setup();
    const onApply = renderPanel({ ...noFilters, query: 'valve', categoryIds: [3], manufacturerIds: [10], specifications: { bore: { min: 5 } } });
    expect((await screen.findByRole('checkbox', { name: 'Valves' })).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onApply).toHaveBeenCalledWith({ ...noFilters, query: undefined });
    expect(screen.getByRole('checkbox', { name: 'Valves' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('spinbutton', { name: 'Bore Size (mm) minimum' })).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Search within results' })).toHaveProperty('value', '');
  });
});

describe('filter panel in the server render (issue 34: the first paint renders what it shows)', { timeout: 60_000 }, () => {
  const many: Manufacturer[] = Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, name: `Maker ${String(i + 1).padStart(2, '0')}`, slug: `maker-${i + 1}` }));

  function Panel({ client }: { client: QueryClient }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FilterPanel filters={noFilters} onApply={() => undefined} showCategories showManufacturers layout="sidebar" />
        </MemoryRouter>
      </QueryClientProvider>
    );
  }

  function filledClient(): QueryClient {
    const client = createQueryClient();
    client.setQueryData(getCategoriesQueryOptions().queryKey, categories);
    client.setQueryData(getManufacturersQueryOptions().queryKey, many);
    return client;
  }

  it('renders the first rows of a long list on the server, and every manufacturer once the browser has hydrated it', async () => {
    const html = renderToString(<Panel client={filledClient()} />);
    expect(html).toContain('Maker 10');
    expect(html).not.toContain('Maker 11');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const root = await act(() => hydrateRoot(container, <Panel client={filledClient()} />));
    const panel = within(container).getByRole('complementary', { name: 'Filters' });
    await waitFor(() => expect(within(panel).getAllByRole('checkbox', { name: /^Maker / })).toHaveLength(30));
    expect(within(panel).getByRole('checkbox', { name: 'Maker 30' })).toBeTruthy();
    act(() => root.unmount());
    container.remove();
  });
});
