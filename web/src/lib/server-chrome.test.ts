import { describe, expect, test } from 'vitest';
import { createChromeCache, escapeAttribute } from './server-chrome';

const roots = { header: '<header class="h">', footer: '<footer class="f">' };
const page = (login: string) =>
  `<div><header class="h"><a href="${escapeAttribute(login)}">Login</a><b>x</b></header><main>m</main><footer class="f"><p>f</p></footer></div>`;

describe('the header and footer kept by the server renderer (ADR 150)', () => {
  test('a part is rendered on its variant first page, then given from the kept HTML with its holes filled and escaped', () => {
    const cache = createChromeCache(roots);
    const first = cache.forRender();
    expect(first.chrome.html('header', '/catalog', ['/auth?returnTo=%2Fa'])).toBeUndefined();
    expect(first.chrome.html('footer', '2026')).toBeUndefined();
    first.keep(page('/auth?returnTo=%2Fa'));

    const next = cache.forRender().chrome;
    expect(next.html('header', '/catalog', [`/auth?x="<&'>`])).toBe('<a href="/auth?x=&quot;&lt;&amp;&#x27;&gt;">Login</a><b>x</b>');
    expect(next.html('footer', '2026')).toBe('<p>f</p>');
    // Another variant is not the same HTML: rendered.
    expect(next.html('header', '', ['/auth'])).toBeUndefined();
    expect(next.html('footer', '2027')).toBeUndefined();
  });

  test('HTML it cannot cut safely is not kept: a hole found twice or not at all, a nested or repeated root', () => {
    const cases = [
      '<header class="h"><a href="/auth">Login</a><a href="/auth">Again</a></header>',
      '<header class="h"><a href="/elsewhere">Login</a></header>',
      '<header class="h"><header>inner</header><a href="/auth">Login</a></header>',
      '<header class="h"><a href="/auth">Login</a></header><header class="h"></header>',
      '<div>no header</div>',
    ];
    for (const body of cases) {
      const cache = createChromeCache(roots);
      const render = cache.forRender();
      render.chrome.html('header', '', ['/auth']);
      render.keep(body);
      expect(cache.forRender().chrome.html('header', '', ['/auth']), body).toBeUndefined();
    }
  });
});
