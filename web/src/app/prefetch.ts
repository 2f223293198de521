import type { QueryClient } from '@tanstack/react-query';
import { FIRST_PAGE, SITE_NAME } from '@parts/shared/constants';
import { specRangeIssues } from '@parts/shared/spec-ranges';
import { getCategoriesQueryOptions } from '../api/get-categories';
import { getManufacturersQueryOptions } from '../api/get-manufacturers';
import { getCategoryQueryOptions } from '../features/catalog/api/get-category';
import { getManufacturerQueryOptions } from '../features/catalog/api/get-manufacturer';
import { getPartsQueryOptions } from '../features/catalog/api/get-parts';
import { readFilters } from '../features/catalog/hooks/use-catalog-filters';
import { getFeaturedPartsQueryOptions } from '../features/home/api/get-featured-parts';
import { getPartQueryOptions } from '../features/part-detail/api/get-part';
import { ApiError } from '../lib/api-client';
import { listingHead, partHead, staticHead, type PageHead } from './seo';

/** The routes (ids in router.tsx) rendered on the server; the others get the SPA shell. */
export const SERVER_RENDERED_ROUTES = new Set([
  'home',
  'catalog',
  'category',
  'manufacturer',
  'manufacturers',
  'part',
  'support',
  'contact',
  'privacy',
  'terms',
  'cookies',
  'not-found',
]);

/** Each server-rendered route's page module (keys of Vite's build manifest), preloaded with the HTML. */
export const ROUTE_MODULES: Record<string, string> = {
  home: 'src/features/home/home-page.tsx',
  catalog: 'src/features/catalog/catalog-page.tsx',
  category: 'src/features/catalog/catalog-page.tsx',
  manufacturer: 'src/features/catalog/catalog-page.tsx',
  manufacturers: 'src/features/manufacturers/manufacturers-page.tsx',
  part: 'src/features/part-detail/part-detail-page.tsx',
  support: 'src/features/support/support-page.tsx',
  contact: 'src/features/content/contact-page.tsx',
  privacy: 'src/features/content/privacy-page.tsx',
  terms: 'src/features/content/terms-page.tsx',
  cookies: 'src/features/content/cookies-page.tsx',
  'not-found': 'src/components/layout/not-found-page.tsx',
};

export interface PrefetchResult {
  status: number;
  head: PageHead;
}

/**
 * What prefetchRoute uses of a query client. The browser's prefetches and the server renderer hand it clients of their
 * own (page-prefetch.ts, server-prefetch.ts): objects with these methods, not objects made from the client with
 * Object.create, whose inherited methods cannot reach the client's private fields (#queryCache) and throw.
 */
export type PrefetchClient = Pick<QueryClient, 'prefetchQuery' | 'fetchQuery' | 'getQueryState'>;

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Fills the query cache with exactly what the route's components ask for (same query keys), so the
 * server renders the finished page and the browser hydrates it without fetching again.
 * A missing part, category or manufacturer answers 404 (the page shows its "not found" state).
 */
export async function prefetchRoute(
  routeId: string,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  queryClient: PrefetchClient,
  origin: string,
): Promise<PrefetchResult> {
  switch (routeId) {
    case 'home':
      await Promise.all([
        queryClient.prefetchQuery(getCategoriesQueryOptions()),
        queryClient.prefetchQuery(getManufacturersQueryOptions()),
        queryClient.prefetchQuery(getFeaturedPartsQueryOptions()),
      ]);
      return { status: 200, head: staticHead('home', origin) };

    case 'part': {
      const options = getPartQueryOptions(params.partSlug);
      await queryClient.prefetchQuery(options);
      const { data: part, error } = queryClient.getQueryState(options.queryKey) ?? {};
      if (!part) return { status: isNotFound(error) ? 404 : 503, head: { ...staticHead('not-found', origin), title: 'Part Details' } };
      return { status: 200, head: partHead(part, origin) };
    }

    case 'catalog':
    case 'category':
    case 'manufacturer': {
      const { categorySlug, manufacturerSlug } = params;
      const categoryOptions = getCategoryQueryOptions(categorySlug);
      const manufacturerOptions = getManufacturerQueryOptions(manufacturerSlug);
      await Promise.all([
        categorySlug ? queryClient.prefetchQuery(categoryOptions) : undefined,
        manufacturerSlug ? queryClient.prefetchQuery(manufacturerOptions) : undefined,
        // The filter panel lists every category and manufacturer.
        queryClient.prefetchQuery(getCategoriesQueryOptions()),
        queryClient.prefetchQuery(getManufacturersQueryOptions()),
      ]);
      const categoryState = categorySlug ? queryClient.getQueryState(categoryOptions.queryKey) : undefined;
      const manufacturerState = manufacturerSlug ? queryClient.getQueryState(manufacturerOptions.queryKey) : undefined;
      const missing = categoryState?.error ?? manufacturerState?.error;
      // The title the page itself sets when its category or manufacturer is missing.
      if (missing) return { status: isNotFound(missing) ? 404 : 503, head: { ...staticHead('not-found', origin), title: `Catalog | ${SITE_NAME}` } };
      const category = categoryState?.data;
      const manufacturer = manufacturerState?.data;
      // The same list parameters as CatalogPage builds from the URL.
      const filters = readFilters(search);
      const rawPage = Number(search.get('page'));
      const page = Number.isInteger(rawPage) && rawPage >= FIRST_PAGE ? rawPage : FIRST_PAGE;
      const listParams = {
        ...filters,
        categoryIds: categorySlug ? (category ? [category.id] : []) : filters.categoryIds,
        manufacturerIds: manufacturerSlug ? (manufacturer ? [manufacturer.id] : []) : filters.manufacturerIds,
        page,
      };
      let total: number | undefined;
      if (specRangeIssues(filters.specifications).length === 0) {
        const list = await queryClient.fetchQuery(getPartsQueryOptions(listParams)).catch(() => undefined);
        total = list?.total;
      }
      const filtered = [...search.keys()].some((key) => key !== 'page');
      return {
        status: 200,
        head: listingHead(
          { ...(category ? { category } : {}), ...(manufacturer ? { manufacturer } : {}), page, filtered, ...(total !== undefined ? { total } : {}) },
          origin,
        ),
      };
    }

    case 'manufacturers':
      await queryClient.prefetchQuery(getManufacturersQueryOptions());
      return { status: 200, head: staticHead('manufacturers', origin) };

    case 'not-found':
      return { status: 404, head: staticHead('not-found', origin) };

    default:
      return { status: 200, head: staticHead(routeId, origin) };
  }
}
