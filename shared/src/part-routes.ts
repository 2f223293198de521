/**
 * The fixed paths under /api/parts that are not part slugs. A part's page, /part/<slug>, reads
 * /api/parts/<slug>; with one of these words as its slug it would reach another route instead (a 400 or
 * 401 that the page showed as a 500 or 503, issue 26). The pages treat them as the unknown parts they
 * are; `functions/test/api/server-rendered-pages.test.ts` checks the list against the router.
 */
export const PART_ROUTE_WORDS: readonly string[] = ['autocomplete', 'csv-template', 'import-csv'];

export const isPartRouteWord = (slug: string): boolean => PART_ROUTE_WORDS.includes(slug);
