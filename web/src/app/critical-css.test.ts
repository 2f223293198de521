import { describe, expect, it, vi } from 'vitest';
import { createCriticalCss } from './critical-css';

const LINK = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
const BEFORE = `<!doctype html><html><head><script type="module" src="/assets/index.js"></script>\n    ${LINK}\n  </head><body>`;
const AFTER = '</body></html>';
const CSS = '.shown{color:red}.elsewhere{color:blue}@media (min-width:64rem){.shown{display:block}}';
const page = (body: string) => () => `${BEFORE}<div id="root">${body}</div>${AFTER}`;

describe('critical CSS per route (issue 34, ADR 136)', () => {
  it('inlines the rules the page uses and loads the full stylesheet from the end of <body>', async () => {
    const template = createCriticalCss({ '/assets/index-1.css': CSS });
    const { head, tail } = await template('part 200', BEFORE, AFTER, page('<p class="shown">Valve</p>'));
    expect(head).not.toContain('<link rel="stylesheet"');
    const inlined = /<style>([\s\S]*)<\/style>/.exec(head)?.[1] ?? '';
    expect(inlined).toContain('.shown{color:red}');
    expect(inlined).toContain('@media (min-width:64rem){.shown{display:block}}');
    expect(inlined).not.toContain('.elsewhere');
    expect(head).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(tail).toBe(`  ${LINK}\n  </body></html>`);
  });

  it('works out each route once: later pages of that route reuse it without building their HTML', async () => {
    const template = createCriticalCss({ '/assets/index-1.css': CSS });
    const first = await template('part 200', BEFORE, AFTER, page('<p class="shown">Valve</p>'));
    const later = vi.fn(page('<p class="elsewhere">Pump</p>'));
    expect(await template('part 200', BEFORE, AFTER, later)).toBe(first);
    expect(later).not.toHaveBeenCalled();
    const other = await template('catalog 200', BEFORE, AFTER, page('<p class="elsewhere">Pump</p>'));
    expect(other.head).toContain('.elsewhere{color:blue}');
  });

  it('leaves the template as it is without the stylesheet', async () => {
    const template = createCriticalCss({});
    expect(await template('part 200', BEFORE, AFTER, page('<p class="shown">Valve</p>'))).toEqual({ head: BEFORE, tail: AFTER });
  });
});
