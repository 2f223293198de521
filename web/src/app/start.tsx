import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { hydrate } from '@tanstack/react-query';
import { APP_START_MARK } from '@parts/shared/constants';
import { App } from './app';
import { HydrationMark } from './hydration-mark';
import { AppProviders } from './providers';
import { createAppRouter, routes } from './router';
import { reviveTransferred, SSR_STATE_ID, type SsrPayload } from './ssr-state';
import { createQueryClient } from '../lib/query-client';

/**
 * The server rendered this page: load the matched pages' code first (the same lazy modules the
 * server used), fill the query cache with the server's data, then hydrate the HTML in place.
 */
async function hydrateServerPage(container: HTMLElement, payload: SsrPayload) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const queryClient = createQueryClient();
  hydrate(queryClient, reviveTransferred(payload.queries));
  const router = createAppRouter({ hydrationData: payload.router });
  hydrateRoot(
    container,
    <StrictMode>
      <AppProviders queryClient={queryClient} serverRendered>
        <RouterProvider router={router} />
        <HydrationMark />
      </AppProviders>
    </StrictMode>,
  );
}

/** The app (the boot script, main.tsx, runs this module once the page has painted): hydrates a server-rendered page or renders the SPA. */
export function start(): void {
  performance.mark(APP_START_MARK);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const serverState = document.getElementById(SSR_STATE_ID)?.textContent;
  if (serverState && root.firstElementChild) {
    void hydrateServerPage(root, JSON.parse(serverState) as SsrPayload);
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}
