/**
 * What the page's boot script (main.tsx) does before the app runs (issue 34, ADR 154). It imports nothing: Vite keeps
 * it in the entry chunk, the one script a page runs before its first paint.
 */

/** The <script type="application/json"> of a server-rendered page listing its route's chunks (entry-server.tsx). */
export const PAGE_MODULES_ID = 'page-modules';

/**
 * How long a server-rendered page waits for its first contentful paint to be reported before running the app all
 * the same: a safety net for a paint that never comes (a hidden page is handled apart), not a path taken.
 */
export const FIRST_PAINT_WAIT_MS = 3000;

/** What afterFirstPaint reads of the window (a test gives its own). */
type BootWindow = Pick<Window & typeof globalThis, 'document' | 'performance' | 'PerformanceObserver' | 'setTimeout' | 'clearTimeout'>;

/**
 * Runs `load` once a server-rendered page has shown its first contentful paint. Compiling and running the app (React,
 * the router, the page's chunk) while the browser does its first style and layout made them several times as slow on
 * two cores (issue 34: the part page's LCP ~240 ms against ~165 ms without them); the HTML is complete and styled
 * without it, and the app's chunk is already downloading (the server's `<link rel="preload">`). A page with nothing
 * server-rendered to paint (the SPA shell), a hidden or prerendering one, and a browser without paint timing load at
 * once.
 */
export function afterFirstPaint(load: () => void, env: BootWindow = window): void {
  const { document, performance, PerformanceObserver: Observer } = env;
  const serverRendered = Boolean(document.getElementById('root')?.firstElementChild);
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const prerendering = (document as Document & { prerendering?: boolean }).prerendering === true;
  if (!serverRendered || document.visibilityState !== 'visible' || prerendering || !Observer?.supportedEntryTypes?.includes('paint') || painted()) {
    load();
    return;
  }
  let loaded = false;
  const once = () => {
    if (loaded) return;
    loaded = true;
    observer.disconnect();
    env.clearTimeout(timer);
    document.removeEventListener('visibilitychange', once);
    load();
  };
  const observer = new Observer((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = env.setTimeout(once, FIRST_PAINT_WAIT_MS);
  // Hidden before it painted: a background tab paints nothing until it is shown, and the app should be ready then.
  document.addEventListener('visibilitychange', once);
}

/** The route's chunks the server listed, asked for beside the app's own so hydration waits on no second round trip. */
export function preloadPageModules(doc: Document = document): void {
  const listed = doc.getElementById(PAGE_MODULES_ID)?.textContent;
  if (!listed) return;
  for (const href of JSON.parse(listed) as string[]) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * Keeps a tap on a server-rendered button made before the app has taken the page over, and does it once it has. Until
 * React attaches its handlers such a button does nothing (a button of type "button", or one in no form, has no action
 * of its own), and the moment between seeing the page and its hydration is over a second on a phone (ADR 154 starts
 * the app after the first paint): the buyer's Add to Quote Request was lost. Only the last such tap is done (two taps
 * on Add add once, as a person who tapped again because nothing happened meant); links and a form's submit buttons
 * work without the app and are left to the browser. A tap is held from React too, so it is not done twice when it
 * comes while React hydrates.
 */
export function keepEarlyTaps(doc: Document = document): void {
  if (!doc.getElementById('root')?.firstElementChild) return;
  const html = doc.documentElement;
  let tapped: HTMLButtonElement | null = null;
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest('button');
    if (!button || button.disabled || (button.form && button.type !== 'button') || button.closest('a[href]')) return;
    tapped = button;
    event.stopPropagation();
  };
  doc.addEventListener('click', hold, true);
  const observer = new MutationObserver(() => {
    if (html.dataset.hydrated !== 'true') return;
    observer.disconnect();
    doc.removeEventListener('click', hold, true);
    if (tapped?.isConnected && !tapped.disabled) tapped.click();
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-hydrated'] });
}
