import { createContext, useContext } from 'react';
import { PREFETCH_MARK } from '@parts/shared/constants';

/** How long a pointer rests on a link before its page is prefetched (hover intent, ADR 132). */
export const HOVER_INTENT_MS = 65;
/** At most this many idle (in-view) prefetches run at once; a hover or touch never waits for them. */
export const MAX_IDLE_IN_FLIGHT = 4;

/**
 * Loads what the page at a same-origin path (pathname + search) needs: its code chunk and its queries; `priority`
 * 'low' for links in view prefetched on idle (their API requests go out at low fetch priority).
 */
export type PagePrefetch = (path: string, options?: { priority?: 'low' }) => Promise<void>;

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/** The user asked the browser to save data: nothing is fetched before a click. */
function savesData(): boolean {
  return connection()?.saveData === true;
}

/** Links in view are prefetched only when the connection is neither metered nor slow. */
function idleAllowed(): boolean {
  const info = connection();
  return !info?.saveData && info?.effectiveType !== '2g' && info?.effectiveType !== 'slow-2g';
}

const whenIdle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else window.setTimeout(run, 1);
};

export interface PrefetchScheduler {
  /** A hover, touch or focus: prefetch now (once per path). */
  intent(href: string): void;
  /** Prefetch `href` at low priority once `element` scrolls into view; returns the clean-up. */
  observe(element: Element, href: string): () => void;
}

/**
 * Each path is prefetched once. Intent starts at once; links in view queue up and run on idle with at most
 * MAX_IDLE_IN_FLIGHT at a time. Only same-origin paths are prefetched.
 */
export function createPrefetchScheduler(prefetch: PagePrefetch): PrefetchScheduler {
  const started = new Set<string>();
  const queue: string[] = [];
  const watched = new Map<Element, string>();
  let idleInFlight = 0;
  let observer: IntersectionObserver | undefined;

  const pathOf = (href: string): string | undefined => {
    const url = new URL(href, window.location.href);
    return url.origin === window.location.origin ? url.pathname + url.search : undefined;
  };

  const start = (path: string, idle: boolean) => {
    started.add(path);
    if (idle) idleInFlight += 1;
    void prefetch(path, idle ? { priority: 'low' } : {})
      .catch(() => undefined)
      .finally(() => {
        // A click from now on has nothing left to load: said in the page's User Timing for tests and bench:web.
        performance.mark(PREFETCH_MARK, { detail: path });
        if (!idle) return;
        idleInFlight -= 1;
        pump();
      });
  };

  function pump() {
    whenIdle(() => {
      while (idleInFlight < MAX_IDLE_IN_FLIGHT && queue.length > 0) {
        const path = queue.shift()!;
        if (!started.has(path)) start(path, true);
      }
    });
  }

  const onView: IntersectionObserverCallback = (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const path = watched.get(entry.target);
      observer?.unobserve(entry.target);
      watched.delete(entry.target);
      if (path === undefined || started.has(path) || queue.includes(path) || !idleAllowed()) continue;
      queue.push(path);
    }
    pump();
  };

  return {
    intent(href) {
      const path = pathOf(href);
      if (path === undefined || started.has(path) || savesData()) return;
      start(path, false);
    },
    observe(element, href) {
      const path = pathOf(href);
      if (path === undefined || started.has(path) || typeof IntersectionObserver === 'undefined' || !idleAllowed()) return () => undefined;
      observer ??= new IntersectionObserver(onView);
      watched.set(element, path);
      observer.observe(element);
      return () => {
        watched.delete(element);
        observer?.unobserve(element);
      };
    },
  };
}

/** The app's scheduler (AppProviders); null where there is none (unit tests, the server renderer). */
export const PrefetchContext = createContext<PrefetchScheduler | null>(null);

export function usePrefetchScheduler(): PrefetchScheduler | null {
  return useContext(PrefetchContext);
}
