import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Manufacturer } from '@parts/shared/schemas';
import type * as CheckboxModule from '../../../components/ui/checkbox';
import { renderWithProviders, stubApi } from '../../../test/render-with-providers';
import type { CatalogFilters } from '../hooks/use-catalog-filters';
import { FilterPanel } from './filter-panel';

/** Every render of a filter row's checkbox (the Radix checkbox, the panel's heavy part), by its id. */
const checkboxRenders = vi.hoisted(() => [] as string[]);
vi.mock('../../../components/ui/checkbox', async (importOriginal) => {
  const { Checkbox } = await importOriginal<typeof CheckboxModule>();
  return {
    Checkbox: (props: ComponentProps<typeof Checkbox>) => {
      checkboxRenders.push(String(props.id));
      return <Checkbox {...props} />;
    },
  };
});

const categories: Category[] = [
  { id: 1, name: 'Hydraulics', slug: 'hydraulics', parentId: null },
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
    { id: 3, name: 'Valves', slug: 'valves', count: 7 },
  ],
  manufacturers: [{ id: 10, name: 'Acme', slug: 'acme', count: 30 }],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('filter panel renders (issue 34: INP of the search box and the filters)', { timeout: 60_000 }, () => {
  it('typing in the search box renders no filter row again; ticking a row renders that row only', async () => {
    stubApi({
      'GET /api/categories': { body: categories },
      'GET /api/manufacturers': { body: manufacturers },
      'GET /api/parts/autocomplete': { body: { suggestions: [] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<FilterPanel filters={noFilters} onApply={vi.fn()} facets={facets} showCategories showManufacturers layout="sidebar" />, {
      path: '/parts',
    });
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    await within(panel).findByRole('checkbox', { name: 'Acme' });
    await within(panel).findByRole('checkbox', { name: 'Valves' });

    checkboxRenders.length = 0;
    await user.type(within(panel).getByRole('combobox', { name: 'Search within results' }), 'bolt');
    expect(checkboxRenders).toEqual([]);

    await user.click(within(panel).getByRole('checkbox', { name: 'Acme' }));
    expect(within(panel).getByRole('checkbox', { name: 'Acme' }).getAttribute('aria-checked')).toBe('true');
    expect(checkboxRenders).toEqual(['manufacturer-10']);
  });
});
