import Beasties from 'beasties';

/** The page template's stylesheet links: `<link rel="stylesheet" … href="/assets/index-….css">`. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>\s*/g;

/** A page template with its critical CSS inlined and the full stylesheets moved to the end of <body>. */
interface InlinedTemplate {
  head: string;
  tail: string;
}

/**
 * Critical CSS per route (ADR 136): the first page of each route, as the template would give it (the stylesheet
 * in <head>), goes through beasties once, which keeps the rules that page's elements match. Every page of that route
 * then inlines them in a <style> and loads the full stylesheet from the end of <body>, so the first paint waits for
 * no stylesheet request. The CSP already allows inline styles (`style-src 'unsafe-inline'`,
 * which Radix needs); `onload` swaps need an inline script it forbids, hence the link at the end of <body>.
 * Per request this costs two string joins; the beasties run (tens of ms) happens once per route and process.
 */
export function createCriticalCss(stylesheets: Record<string, string>) {
  const beasties = new (class extends Beasties {
    override getCssAsset(href: string): string | undefined {
      return stylesheets[href];
    }
  })({ preload: 'body', pruneSource: false, reduceInlineStyles: false, mergeStylesheets: true, logLevel: 'silent' });
  const byPage = new Map<string, Promise<InlinedTemplate>>();

  async function inline(before: string, after: string, page: string): Promise<InlinedTemplate> {
    const processed = await beasties.process(page);
    const css = /<style>([\s\S]*?)<\/style>/.exec(processed.slice(0, processed.indexOf('</head>')))?.[1];
    if (!css?.trim()) return { head: before, tail: after };
    const links = [...before.matchAll(STYLESHEET_LINK)].map((match) => match[0].trim());
    return {
      head: before.replace(STYLESHEET_LINK, '').replace('</head>', () => `  <style>${css}</style>\n  </head>`),
      tail: after.replace('</body>', () => `  ${links.join('\n    ')}\n  </body>`),
    };
  }

  /**
   * The template halves (before and after the root) for a kind of page (`key`: its route and status), with the
   * critical CSS of its first page inlined; `page` (that first page's complete HTML) is built only on the first call.
   * Without stylesheets, or should beasties fail, the template as it is.
   */
  return function template(key: string, before: string, after: string, page: () => string): Promise<InlinedTemplate> {
    if (Object.keys(stylesheets).length === 0) return Promise.resolve({ head: before, tail: after });
    let halves = byPage.get(key);
    if (!halves) {
      halves = inline(before, after, page()).catch(() => ({ head: before, tail: after }));
      byPage.set(key, halves);
    }
    return halves;
  };
}
