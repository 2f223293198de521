// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { Link, StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PrefetchLink } from './prefetch-link';

/** As the server renderer runs it (no document): the anchor alone, with the same href and attributes (issue 34). */
describe('PrefetchLink on the server', () => {
  const html = (element: React.ReactNode) => renderToString(<StaticRouter location="/catalog/pumps">{element}</StaticRouter>);

  it('is an <a> with its href and attributes and none of a Link’s own props', () => {
    const link = (
      <PrefetchLink
        to="/part/cr-600"
        className="card"
        aria-label="Part CR-600"
        reloadDocument={false}
        replace
        state={{ from: 'list' }}
        preventScrollReset
        viewTransition
        defaultShouldRevalidate={false}
        discover="none"
        prefetch="intent"
        onClick={() => undefined}
        onPointerEnter={() => undefined}
      >
        CR-600
      </PrefetchLink>
    );
    expect(html(link)).toBe('<a href="/part/cr-600" class="card" aria-label="Part CR-600">CR-600</a>');
  });

  it.each(['/catalog?q=m8%20bolt&page=2', '/a/../b', 'b', '../c', '?page=2'])('of %s has the href a router Link gives', (to) => {
    const href = (markup: string) => /href="([^"]*)"/.exec(markup)?.[1];
    expect(href(html(<PrefetchLink to={to}>x</PrefetchLink>))).toBe(href(html(<Link to={to}>x</Link>)));
  });
});
