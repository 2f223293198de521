import { useParams } from 'react-router-dom';
import { ClipboardList } from 'lucide-react';
import { CATALOG_SKELETON_CARDS, SITE_NAME } from '@parts/shared/constants';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { errorText } from '../../lib/api-client';
import { useQuoteBasket } from '../../lib/quote-basket';
import { useParts } from './api/get-parts';
import { useCategory } from './api/get-category';
import { useManufacturer } from './api/get-manufacturer';
import { FilterPanel, type FilterPanelProps } from './components/filter-panel';
import { FilterSheet } from './components/filter-sheet';
import { Pagination } from './components/pagination';
import { PartCard } from './components/part-card';
import { SearchNotice } from './components/search-notice';
import { SortSelect } from './components/sort-select';
import { countActiveFilters, useCatalogFilters } from './hooks/use-catalog-filters';
import { LG_MEDIA_QUERY, useMediaQuery } from './hooks/use-media-query';

function CardSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="part-card-skeleton">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="grid gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  );
}

export default function CatalogPage() {
  const { categorySlug, manufacturerSlug } = useParams();
  const { filters, page, applyFilters, setPage } = useCatalogFilters();
  const { itemCount, toggle } = useQuoteBasket();
  const isDesktop = useMediaQuery(LG_MEDIA_QUERY);
  const category = useCategory(categorySlug);
  const manufacturer = useManufacturer(manufacturerSlug);

  // The page itself fixes its own dimension; the user's filter on it does not apply.
  const fixedReady = (!categorySlug || category.isSuccess) && (!manufacturerSlug || manufacturer.isSuccess);
  const listParams = {
    ...filters,
    categoryIds: categorySlug ? (category.data ? [category.data.id] : []) : filters.categoryIds,
    manufacturerIds: manufacturerSlug ? (manufacturer.data ? [manufacturer.data.id] : []) : filters.manufacturerIds,
    page,
  };
  const parts = useParts(listParams, fixedReady);

  const heading = categorySlug ? (category.data?.name ?? '') : manufacturerSlug ? (manufacturer.data?.name ?? '') : 'All Parts';
  useDocumentTitle(`${heading || 'Catalog'} | ${SITE_NAME}`);

  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'Catalog', to: '/catalog' },
  ];
  if (heading && heading !== 'All Parts') crumbs.push({ label: heading });

  const fixedMissing = category.isError || manufacturer.isError;
  const loading = !fixedMissing && !parts.isError && (parts.isPending || (parts.isPlaceholderData && parts.isFetching));
  const data = parts.data;
  const panel: FilterPanelProps = {
    filters,
    onApply: applyFilters,
    facets: data?.facets,
    showCategories: !categorySlug,
    showManufacturers: !manufacturerSlug,
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={crumbs} />
      <div className="grid gap-6 lg:grid-cols-[280px_1fr]">
        {/* One panel at a time: a sidebar from lg up, otherwise in the sheet behind the Filters button. */}
        {isDesktop ? <FilterPanel key={JSON.stringify(filters)} layout="sidebar" {...panel} /> : null}
        <section aria-labelledby="catalog-heading">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 id="catalog-heading" className="text-2xl font-bold text-slate-900">
                {heading || <Skeleton className="h-8 w-48" />}
              </h1>
              <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
                {data && !loading && !parts.isError ? `${data.total} results` : fixedMissing ? '0 results' : '\u00a0'}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {isDesktop ? null : (
                <FilterSheet {...panel} activeCount={countActiveFilters(filters, { categories: !categorySlug, manufacturers: !manufacturerSlug })} />
              )}
              <SortSelect value={filters.sortBy} onChange={(sortBy) => applyFilters({ ...filters, sortBy })} />
              <Button variant="outline" onClick={toggle} aria-label={`Toggle quote request, ${itemCount} items`}>
                <ClipboardList className="h-4 w-4" aria-hidden />
                Quote ({itemCount})
              </Button>
            </div>
          </div>
          {loading || parts.isError ? null : <SearchNotice query={filters.query} answer={data} />}
          {loading ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {Array.from({ length: CATALOG_SKELETON_CARDS }, (_, i) => (
                <CardSkeleton key={i} />
              ))}
            </div>
          ) : parts.isError ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-white p-12 text-center">
              <h2 className="text-lg font-semibold">Failed to load parts</h2>
              <p className="mt-1 text-slate-600">{errorText(parts.error, 'Please try again.')}</p>
            </div>
          ) : !data || data.data.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 bg-white p-12 text-center">
              <h2 className="text-lg font-semibold">No parts found</h2>
              <p className="mt-1 text-slate-600">Try adjusting your filters or search query.</p>
            </div>
          ) : (
            <>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {data.data.map((part) => (
                  <li key={part.id}>
                    <PartCard part={part} highlight={data.highlight} />
                  </li>
                ))}
              </ul>
              <Pagination page={page} totalPages={data.totalPages} onPageChange={setPage} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
