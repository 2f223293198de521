import { renderToString } from 'react-dom/server';
import { NOT_FOUND_LIFETIME, PAGE_LIFETIME, publicCacheControl } from '@parts/shared/http-cache';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate } from '@tanstack/react-query';
import { createCriticalCss } from './app/critical-css';
import { FOOTER_CLASS } from './components/layout/footer';
import { HEADER_CLASS } from './components/layout/header';
import { HydrationMark } from './app/hydration-mark';
import { AppProviders } from './app/providers';
import { PAGE_MODULES_ID } from './app/boot';
import { prefetchRoute, ROUTE_MODULES, SERVER_RENDERED_ROUTES } from './app/prefetch';
import { forServerRender } from './app/server-prefetch';
import { routes } from './app/router';
import { headTags, scriptJson } from './app/seo';
import { prepareForTransfer, SSR_STATE_ID, type SsrPayload } from './app/ssr-state';
import { ApiError, setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { createChromeCache, ServerChromeContext } from './lib/server-chrome';

/**
 * The server renderer: the public pages as complete HTML from the same React components the SPA
 * runs (which then hydrates them). Data comes from the API in-process (no network hop), as an
 * anonymous visitor: the HTML is the same for everyone and may be cached by CloudFront.
 */
export interface RendererOptions {
  /** The built index.html (web/dist/index.html): its <head> links the CSS and the SPA's entry. */
  template: string;
  /** Answers an API request (the Hono app's fetch). */
  api: (request: Request) => Response | Promise<Response>;
  /** Origin of canonical URLs (SITE_URL); the request's own origin when absent. */
  siteUrl?: string;
  /** Vite's build manifest (web/dist/.vite/manifest.json): the app's chunk preloaded, the page's listed for the boot script (ADR 154). */
  manifest?: Record<string, ManifestChunk>;
  /**
   * The template's stylesheets, by href (`/assets/index-….css` → its CSS): each route's critical CSS is inlined and
   * the stylesheet loaded from the end of <body> (ADR 136). Without them the stylesheet stays in <head>.
   */
  stylesheets?: Record<string, string>;
  /**
   * The header's and footer's HTML kept from an earlier page of the same variant and put into the next pages without
   * rendering them again (ADR 150; default true). False renders them with React on every page.
   */
  chromeCache?: boolean;
}

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The hrefs of the chunks `keys` name in Vite's manifest and all they import, except what the template already loads. */
function chunkHrefs(manifest: Record<string, ManifestChunk>, keys: readonly string[], template: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...files].filter((file) => !template.includes(`/${file}`)).map((file) => `/${file}`);
}

/**
 * The page module's chunks as the JSON list the boot script asks for beside the app once the page has painted
 * (ADR 154): hydration then waits on no second round trip. Not <link rel="modulepreload"> in the head: the browser
 * would fetch and compile them during the first paint.
 */
function pageModules(
  manifest: Record<string, ManifestChunk> | undefined,
  moduleKey: string | undefined,
  template: string,
  preloaded: ReadonlySet<string>,
): string {
  // The app's chunks are in the head's preloads already (appPreloadHrefs): the list names the route's own.
  const hrefs = manifest && moduleKey ? chunkHrefs(manifest, [moduleKey], template).filter((href) => !preloaded.has(href)) : [];
  return hrefs.length === 0 ? '' : `\n    <script type="application/json" id="${PAGE_MODULES_ID}">${scriptJson(hrefs)}</script>`;
}

/**
 * The chunks the template's boot script imports (the app, ADR 154), for <link rel="preload" as="script"> in the head:
 * downloaded with the HTML, not compiled, so the app is there when the boot runs it after the first paint. The route's
 * own chunks are not preloaded in the head (pageModules lists them): on the mobile profile a dozen requests beside the
 * HTML's last bytes held its first paint back.
 */
function appPreloadHrefs(manifest: Record<string, ManifestChunk> | undefined, template: string): string[] {
  return manifest ? chunkHrefs(manifest, manifest['index.html']?.dynamicImports ?? [], template) : [];
}

/** Server-rendered pages: browsers revalidate, CloudFront keeps them a while and serves stale while it refreshes (ADR 134). */
const PAGE_CACHE_CONTROL = publicCacheControl(PAGE_LIFETIME);
const NOT_FOUND_CACHE_CONTROL = publicCacheControl(NOT_FOUND_LIFETIME);

const ROOT = '<div id="root"></div>';
const utf8 = new TextEncoder();

interface EncodedHalves {
  /** The template's head up to its `</head>`, as UTF-8. */
  start: Uint8Array;
  /** From `</head>` (excluded) to the root, as UTF-8: the page's own head tags go before it. */
  afterHead: Uint8Array;
  tail: Uint8Array;
}

function encodeHalves({ head, tail }: { head: string; tail: string }): EncodedHalves {
  const end = head.indexOf('</head>');
  return { start: utf8.encode(head.slice(0, end)), afterHead: utf8.encode(head.slice(end + '</head>'.length)), tail: utf8.encode(tail) };
}

function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

type DataRoutes = ReturnType<typeof createStaticHandler>['dataRoutes'];

/**
 * The routes of the page's own branch (its layout and its page), as the tree the static router renders: it renders
 * only the matched branch anyway, and it copies and matches again every route it is given, on every render (with the
 * whole table, 36 µs a part page against 17, bench:render, issue 34). The routes are the handler's own objects, so a
 * lazy page loaded once stays loaded.
 */
function matchedBranch(routes: DataRoutes, matches: readonly { route: DataRoutes[number] }[]): DataRoutes {
  const [first, ...rest] = matches;
  if (!first || !routes.includes(first.route)) return routes;
  const route = first.route;
  if (rest.length === 0) return [route];
  // An index route has no children: nothing below it to narrow.
  if (route.index) return routes;
  return [{ ...route, children: matchedBranch(route.children ?? [], rest) }];
}

export function createRenderer(options: RendererOptions): (request: Request) => Promise<Response | null> {
  if (!options.template.includes(ROOT)) throw new Error(`The page template has no ${ROOT}`);
  setApiTransport(async (path, init) => {
    // Only what an anonymous visitor sees: no cookies reach the API from here. Nor the query's abort signal: a render
    // is never cancelled, and a Request made with one makes a signal of its own that follows it (Node's AbortSignals
    // are costly to make: ~20 µs a request, bench:render, issue 34).
    const { credentials: _credentials, signal: _signal, ...rest } = init;
    return options.api(new Request(new URL(path, 'http://renderer.internal'), rest));
  });
  // The template's own title and description give way to the page's.
  const template = options.template.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta name="description"[^>]*>\s*/i, '');
  const [beforeRoot = '', afterRoot = ''] = template.split(ROOT);
  const handler = createStaticHandler(routes);
  const criticalTemplate = createCriticalCss(options.stylesheets ?? {});
  // The same for every page of a route: worked out on its first page.
  const routeModules = new Map<string, string>();
  const appChunks = appPreloadHrefs(options.manifest, template);
  const appPreloads = appChunks.map((href) => `<link rel="preload" as="script" crossorigin href="${href}">`).join('\n    ');
  const preloaded = new Set(appChunks);
  const encodedTemplates = new WeakMap<object, EncodedHalves>();
  const chromeCache =
    options.chromeCache === false ? undefined : createChromeCache({ header: `<header class="${HEADER_CLASS}">`, footer: `<footer class="${FOOTER_CLASS}">` });

  /** The page as HTML, or null when the route is not server-rendered (the caller serves the SPA shell). */
  return async function render(request: Request): Promise<Response | null> {
    const context = await handler.query(request);
    if (context instanceof Response) return context;
    const leaf = context.matches.at(-1);
    const routeId = leaf?.route.id;
    if (!leaf || !routeId || !SERVER_RENDERED_ROUTES.has(routeId)) return null;

    const url = new URL(request.url);
    const origin = (options.siteUrl ?? url.origin).replace(/\/$/, '');
    const queryClient = createQueryClient({ server: true });
    const { status, head } = await prefetchRoute(routeId, leaf.params, url.searchParams, forServerRender(queryClient), origin);

    const router = createStaticRouter(matchedBranch(handler.dataRoutes, context.matches), context);
    const chrome = chromeCache?.forRender();
    // The context adds no branch to the tree: useId gives the ids the browser's tree (without it) gives.
    const body = renderToString(
      <ServerChromeContext value={chrome?.chrome ?? null}>
        <AppProviders queryClient={queryClient} serverRendered>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <HydrationMark />
        </AppProviders>
      </ServerChromeContext>,
    );
    chrome?.keep(body);
    const queries = prepareForTransfer(
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.state.status === 'success' || (query.state.status === 'error' && query.state.error instanceof ApiError),
      }),
    );
    queryClient.clear();
    const payload: SsrPayload = { queries, router: { loaderData: context.loaderData, actionData: context.actionData } };
    let modules = routeModules.get(routeId);
    if (modules === undefined) routeModules.set(routeId, (modules = pageModules(options.manifest, ROUTE_MODULES[routeId], template, preloaded)));
    const headEnd = `    ${appPreloads}\n    ${headTags(head, origin)}\n  </head>`;
    const root = `<div id="root">${body}</div>\n    <script type="application/json" id="${SSR_STATE_ID}">${scriptJson(payload)}</script>${modules}`;
    const page = (before: string, after: string) => before.replace('</head>', headEnd) + root + after;
    // The critical CSS of this route's first page, inlined (computed once per route and status, ADR 136).
    const inlined = await criticalTemplate(`${routeId} ${status}`, beforeRoot, afterRoot, () => page(beforeRoot, afterRoot));
    let halves = encodedTemplates.get(inlined);
    if (!halves) encodedTemplates.set(inlined, (halves = encodeHalves(inlined)));
    // As UTF-8 bytes: a string body is checked for lone surrogates by undici's Response (toUSVString), which on
    // the page's rope of concatenated pieces cost about a tenth of /catalog's render CPU (issue 34, bench:render).
    // The template's halves (the inlined CSS most of them) are encoded once per route: only this page's part here.
    // The head's tags and the body apart: one character beyond Latin-1 in the head (a description's '…') would
    // otherwise make the whole page a two-byte string, slower to join and to encode.
    return new Response(concatBytes(halves.start, utf8.encode(headEnd), halves.afterHead, utf8.encode(root), halves.tail), {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': status === 200 ? PAGE_CACHE_CONTROL : status === 404 ? NOT_FOUND_CACHE_CONTROL : 'no-store',
      },
    });
  };
}
