import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  type DataRouteObject,
  type DataRouter,
  type RouteObject,
} from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { PageSpinner } from '../components/page-spinner';

type PageModule = { default: ComponentType };

/**
 * Every page is its own chunk; the admin area never loads on a public route. The loaded page is kept: a
 * prefetch (ADR 132) and the router's own call at the click share one promise, so a click on a prefetched link
 * finds its page already resolved and renders without waiting for another dynamic import (ADR 143). A failed
 * load is forgotten, so the next attempt asks again.
 */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  let loaded: Promise<{ Component: ComponentType }> | undefined;
  const lazy = () => {
    loaded ??= load().then(
      (module) => ({ Component: module.default }),
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    );
    return loaded;
  };
  return { lazy };
}

export const routes: RouteObject[] = [
  {
    id: 'public',
    element: <PublicLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { id: 'home', index: true, ...page(() => import('../features/home/home-page')) },
      { id: 'catalog', path: 'catalog', ...page(() => import('../features/catalog/catalog-page')) },
      { id: 'category', path: 'catalog/:categorySlug', ...page(() => import('../features/catalog/catalog-page')) },
      { id: 'manufacturer', path: 'manufacturer/:manufacturerSlug', ...page(() => import('../features/catalog/catalog-page')) },
      { id: 'manufacturers', path: 'manufacturers', ...page(() => import('../features/manufacturers/manufacturers-page')) },
      { id: 'part', path: 'part/:partSlug', ...page(() => import('../features/part-detail/part-detail-page')) },
      { path: 'quote-request', ...page(() => import('../features/quote-request/quote-request-page')) },
      { path: 'account/quotes', ...page(() => import('../features/quote-request/my-quotes-page')) },
      { path: 'account/quotes/:quoteId', ...page(() => import('../features/quote-request/my-quote-page')) },
      { path: 'account/verify-email', ...page(() => import('../features/auth/verify-email-page')) },
      { id: 'support', path: 'support', ...page(() => import('../features/support/support-page')) },
      { path: 'auth', ...page(() => import('../features/auth/auth-page')) },
      { id: 'contact', path: 'contact', ...page(() => import('../features/content/contact-page')) },
      { id: 'privacy', path: 'privacy', ...page(() => import('../features/content/privacy-page')) },
      { id: 'terms', path: 'terms', ...page(() => import('../features/content/terms-page')) },
      { id: 'cookies', path: 'cookies', ...page(() => import('../features/content/cookies-page')) },
      { id: 'not-found', path: '*', ...page(() => import('../components/layout/not-found-page')) },
    ],
  },
  {
    path: 'admin/login',
    hydrateFallbackElement: <PageSpinner />,
    ...page(() => import('../features/admin/admin-login-page')),
  },
  {
    path: 'admin',
    hydrateFallbackElement: <PageSpinner />,
    ...page(() => import('../features/admin/admin-dashboard-page')),
  },
];

/** The browser's router (one per page load): a prefetched page is handed to it (preloadRoute). */
let appRouter: DataRouter | undefined;

export function createAppRouter(options?: Parameters<typeof createBrowserRouter>[1]): DataRouter {
  appRouter = createBrowserRouter(routes, options);
  return appRouter;
}

function findRoute(list: DataRouteObject[], id: string): DataRouteObject | undefined {
  for (const route of list) {
    const found = route.id === id ? route : route.children && findRoute(route.children, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Loads a route's page ahead (a prefetch, ADR 132) and hands it to the router's own copy of the route, as the router
 * does when it loads a lazy route itself. A click on a link to it then has nothing left to load: the router commits
 * the new page at once (in the click's task, with the link's flushSync) instead of loading the route first and
 * drawing the page as a transition, in slices between frames (ADR 143).
 */
export async function preloadRoute(route: RouteObject): Promise<void> {
  if (typeof route.lazy !== 'function') return;
  const loaded = await route.lazy();
  const own = route.id && appRouter ? findRoute(appRouter.routes, route.id) : undefined;
  if (!own || typeof own.lazy !== 'function') return;
  Object.assign(own, loaded);
  Object.assign(own, { ...mapRouteProperties(own), lazy: undefined });
}
