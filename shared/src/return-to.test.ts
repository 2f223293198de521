import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-to';

/** Issue 26: `returnTo` accepts only same-origin paths, judged after the URL is normalised. */
describe('safeReturnPath', () => {
  it.each([
    ['/quote-request', '/quote-request'],
    ['/catalog?q=valve&page=2', '/catalog?q=valve&page=2'],
    ['/part/x#specs', '/part/x#specs'],
    ['/admin?tab=parts', '/admin?tab=parts'],
    ['/./catalog', '/catalog'],
    ['/a/../catalog', '/catalog'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/part/enerpac-25x160_cr~600.v2/', '/part/enerpac-25x160_cr~600.v2/'],
    ['/catalog?q=cr-600&sortBy=name+asc', '/catalog?q=cr-600&sortBy=name+asc'],
    ['/catalog?', '/catalog'],
    ['/a/..', '/'],
    ['/authors', '/authors'],
  ])('accepts %j as %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    // Hostile cases: each is another host, a script, a header injection or a login page.
    ['empty', ''],
    ['null', null],
    ['relative', 'quote-request'],
    ['absolute URL', 'https://evil.example/'],
    ['scheme-relative', '//evil.example/x'],
    ['triple slash', '///evil.example'],
    ['dot segment then //', '/.//evil.example'],
    ['dot-dot segment then //', '/x/..//evil.example'],
    ['encoded dots then //', '/%2e//evil.example'],
    ['encoded dot-dot then //', '/a/%2e%2e//evil.example'],
    ['dots only then //', '/..//evil.example'],
    ['backslash host', '/\\evil.example'],
    ['backslash slash', '/\\/evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['encoded backslash', '/%5cevil.example'],
    ['tab inside //', '/\t/evil.example'],
    ['newline inside //', '/\n/evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,x'],
    ['CRLF injection', '/%0d%0aSet-Cookie:x'],
    ['leading space', ' /quote-request'],
    ['login page', '/auth?returnTo=/x'],
    ['admin login page', '/admin/login'],
    ['login page via dots', '/x/../auth'],
    ['login page with a query', '/auth?x=1'],
    ['admin login page with a query', '/admin/login?returnTo=admin'],
  ])('refuses %s (%j)', (_, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
