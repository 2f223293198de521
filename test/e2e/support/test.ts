import { expect, test as base, type Page } from '@playwright/test';

/**
 * Public pages arrive server-rendered and React takes them over a moment later; a click before that
 * is lost, as a person's would be on a slow phone. Waits for the takeover (a page the SPA renders by
 * itself, such as the admin area, has nothing to wait for).
 */
async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('ssr-state') || document.documentElement.dataset.hydrated === 'true');
}

/** Holds the page's scripts (a slow connection: the HTML is there, the script not yet); call the result to let them load. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Playwright's `test` whose `page.goto`, `page.reload`, `page.goBack` and `page.goForward` return once the page can be
 * used (unless told to return at 'commit'). A reload too: its scripts come from the cache and its first paint is quick,
 * and a click right after it came before the app had taken over (CI, stop 44: the parts-list spec's second dialog).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = (async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await untilInteractive(page);
      return response;
    }) as Page['goto'];
    for (const name of ['reload', 'goBack', 'goForward'] as const) {
      const navigate = page[name].bind(page);
      page[name] = (async (options?: Parameters<Page['reload']>[0]) => {
        const response = await navigate(options);
        if (options?.waitUntil !== 'commit') await untilInteractive(page);
        return response;
      }) as Page[typeof name];
    }
    await use(page);
  },
});

export { expect };
