import { useLocation, useParams } from 'react-router-dom';
import { ClipboardList } from '../../components/ui/icons';
import { CATALOG_SKELETON_CARDS, FIRST_PAGE, SITE_NAME } from '@parts/shared/constants';
import { specRangeIssues } from '@parts/shared/spec-ranges';
import { Breadcrumbs, type Crumb } from '../../components/breadcrumbs';
import { Button, buttonVariants } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { ApiError } from '../../lib/api-client';
import { pluralize } from '../../lib/format';
import { useQuoteBasket } from '../quote-basket';
import { useParts } from './api/get-parts';
import { useCategory } from './api/get-category';
import { useManufacturer } from './api/get-manufacturer';
import { FilterPanel, type FilterPanelProps } from './components/filter-panel';
import { FilterSheet } from './components/filter-sheet';
import { Pagination } from './components/pagination';
import { PartCard } from './components/part-card';
import { reportResultOpened } from './api/report-opened';
import { listingSeen } from './api/listing-seen';
import { useDemandSeen } from '../../lib/demand-beacon';
import { SearchNotice } from './components/search-notice';
import { SortSelect } from './components/sort-select';
import { countActiveFilters, useCatalogFilters, writeFilters } from './hooks/use-catalog-filters';
import { LG_MEDIA_QUERY, useMediaQuery } from './hooks/use-media-query';
import { PrefetchLink } from '../../components/prefetch-link';

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

/** This listing at another page, with the same filters. */
function pageHref(pathname: string, filters: Parameters<typeof writeFilters>[0], page: number): string {
  const search = writeFilters(filters, page).toString();
  return search ? `${pathname}?${search}` : pathname;
}

function NotFoundPanel({ title, text, to, linkLabel }: { title: string; text: string; to: string; linkLabel: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{text}</p>
      <PrefetchLink to={to} className={buttonVariants({ className: 'mt-6' })}>
        {linkLabel}
      </PrefetchLink>
    </div>
  );
}

/** A spec range the server would refuse (min above max, from an edited link), explained instead of fetched. */
function RangeProblem({ problem, onClear }: { problem: string; onClear: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold">Check the specification filters</h2>
      <p className="mt-1 text-slate-700">{problem}</p>
      <Button className="mt-4" variant="outline" onClick={onClear}>
        Clear specification filters
      </Button>
    </div>
  );
}

/** A page number past the last page of the results: links to the last page and the first. */
function PastTheEnd({ page, totalPages, hrefOf }: { page: number; totalPages: number; hrefOf: (page: number) => string }) {
  return (
    <section aria-label="Page not found" className="rounded-lg border border-dashed border-slate-300 bg-white p-12 text-center">
      <h2 className="text-lg font-semibold">Page {page} does not exist</h2>
      <p className="mt-1 text-slate-600">These results fill {pluralize(totalPages, 'page')}.</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <PrefetchLink to={hrefOf(totalPages)} className={buttonVariants()}>
          Go to the last page ({totalPages})
        </PrefetchLink>
        <PrefetchLink to={hrefOf(FIRST_PAGE)} className={buttonVariants({ variant: 'outline' })}>
          Go to page 1
        </PrefetchLink>
      </div>
    </section>
  );
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export default function CatalogPage() {
  const { categorySlug, manufacturerSlug } = useParams();
  const { pathname } = useLocation();
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
  // A range the server would refuse (min above max, from an edited link) is explained here, not fetched.
  const rangeProblem = specRangeIssues(filters.specifications)[0]?.message ?? null;
  const parts = useParts(listParams, fixedReady && rangeProblem === null);

  const heading = categorySlug ? (category.data?.name ?? '') : manufacturerSlug ? (manufacturer.data?.name ?? '') : 'All Parts';
  useDocumentTitle(`${heading || 'Catalog'} | ${SITE_NAME}`);

  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: 'Catalog', to: '/catalog' },
  ];
  if (heading && heading !== 'All Parts') crumbs.push({ label: heading });

  const fixedMissing = category.isError || manufacturer.isError;
  const loading = !fixedMissing && !rangeProblem && !parts.isError && (parts.isPending || (parts.isPlaceholderData && parts.isFetching));
  const data = rangeProblem ? undefined : parts.data;
  const pastTheEnd = !!data && data.data.length === 0 && data.total > 0 && page > data.totalPages;
  // The search's demand signal, sent by the page so an answer from a cache counts too (docs/demand.md).
  useDemandSeen(listingSeen(listParams, data, parts.isPlaceholderData));
  const panel: FilterPanelProps = {
    filters,
    onApply: applyFilters,
    facets: data?.facets,
    showCategories: !categorySlug,
    showManufacturers: !manufacturerSlug,
  };

  if (categorySlug && isNotFound(category.error)) {
    return (
      <NotFoundPanel
        title="Category Not Found"
        text="The category you're looking for doesn't exist or has been removed."
        to="/catalog"
        linkLabel="Return to Catalog"
      />
    );
  }
  if (manufacturerSlug && isNotFound(manufacturer.error)) {
    return (
      <NotFoundPanel
        title="Manufacturer Not Found"
        text="The manufacturer you're looking for doesn't exist or has been removed."
        to="/manufacturers"
        linkLabel="Browse Manufacturers"
      />
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <Breadcrumbs items={crumbs} />
      {/* minmax(0, …): long names and part numbers wrap inside the column instead of widening the page. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[280px_minmax(0,1fr)]">
        {/* One panel at a time: a sidebar from lg up, otherwise in the sheet behind the Filters button. */}
        {isDesktop === false ? null : (
          // Server-rendered HTML and its hydration (isDesktop undefined): CSS shows the sidebar from lg up.
          <div className={isDesktop ? 'contents' : 'hidden lg:block'}>
            <FilterPanel key={JSON.stringify(filters)} layout="sidebar" {...panel} />
          </div>
        )}
        <section aria-labelledby="catalog-heading">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h1 id="catalog-heading" className="text-2xl font-bold text-slate-900">
                {heading || <Skeleton className="h-8 w-48" />}
              </h1>
              <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
                {data && !loading && !parts.isError ? pluralize(data.total, 'result') : '\u00a0'}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {isDesktop ? null : (
                <div className={isDesktop === undefined ? 'lg:hidden' : 'contents'}>
                  <FilterSheet {...panel} activeCount={countActiveFilters(filters, { categories: !categorySlug, manufacturers: !manufacturerSlug })} />
                </div>
              )}
              <SortSelect value={filters.sortBy} onChange={(sortBy) => applyFilters({ ...filters, sortBy })} />
              <Button variant="outline" onClick={toggle} aria-label={`Toggle quote request, ${itemCount} items`}>
                <ClipboardList className="h-4 w-4" aria-hidden />
                Quote ({itemCount})
              </Button>
            </div>
          </div>
          {loading || parts.isError ? null : <SearchNotice query={filters.query} answer={data} />}
          {rangeProblem ? (
            <RangeProblem problem={rangeProblem} onClear={() => applyFilters({ ...filters, specifications: {} })} />
          ) : fixedMissing ? (
            <LoadError
              title="Failed to load parts"
              onRetry={() => (category.isError ? category.refetch() : manufacturer.refetch())}
              retrying={category.isFetching || manufacturer.isFetching}
            />
          ) : pastTheEnd ? (
            <PastTheEnd page={page} totalPages={data.totalPages} hrefOf={(p) => pageHref(pathname, filters, p)} />
          ) : loading ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {Array.from({ length: CATALOG_SKELETON_CARDS }, (_, i) => (
                <CardSkeleton key={i} />
              ))}
            </div>
          ) : parts.isError ? (
            <LoadError title="Failed to load parts" onRetry={parts.refetch} retrying={parts.isFetching} />
          ) : !data || data.data.length === 0 ? (
            <div className="rounded-lg border border-dashed border-slate-300 bg-white p-12 text-center">
              <h2 className="text-lg font-semibold">No parts found</h2>
              <p className="mt-1 text-slate-600">Try adjusting your filters or search query.</p>
            </div>
          ) : (
            <>
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {data.data.map((part, i) => (
                  <li key={part.id} onClickCapture={() => page === 1 && filters.query && reportResultOpened(i + 1, filters.query)}>
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
