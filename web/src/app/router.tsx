import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PublicLayout } from '../components/layout/public-layout';
import { PageSpinner } from '../components/page-spinner';

type PageModule = { default: ComponentType };

/** Every page is its own chunk; the admin area never loads on a public route. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
