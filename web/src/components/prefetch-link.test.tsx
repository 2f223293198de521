import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PrefetchLink } from './prefetch-link';

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <PrefetchLink to="/part/a">Part A</PrefetchLink> },
      {
        path: '/part/a',
        element: (
          <>
            <h1>The part</h1>
            <PrefetchLink to="/part/a">Again</PrefetchLink>
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/**
 * PrefetchLink handles its own click (to navigate with flushSync, ADR 143) with Link's rules. That the page is then
 * in the next frame needs a real browser (React Testing Library's act() flushes transitions too):
 * test/e2e/instant-navigation.spec.ts.
 */
describe('PrefetchLink navigation (ADR 143)', () => {
  afterEach(cleanup);

  it('navigates to its page as a new history entry', () => {
    const router = setup();
    fireEvent.click(screen.getByRole('link', { name: 'Part A' }));
    expect(screen.getByRole('heading', { name: 'The part' })).toBeTruthy();
    expect([router.state.location.pathname, router.state.historyAction]).toEqual(['/part/a', 'PUSH']);
  });

  it('replaces the entry for a link to the page on screen, and leaves modified clicks to the browser', () => {
    const router = setup();
    fireEvent.click(screen.getByRole('link', { name: 'Part A' }));
    fireEvent.click(screen.getByRole('link', { name: 'Again' }));
    expect(router.state.historyAction).toBe('REPLACE');
    const modified = fireEvent.click(screen.getByRole('link', { name: 'Again' }), { ctrlKey: true });
    expect(modified).toBe(true); // not prevented: the browser opens it in a new tab
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('PrefetchLink href', () => {
  afterEach(cleanup);

  // Absolute paths skip the router's resolving (issue 34): each must get the href a router Link gives it. (Links to
  // other sites, `//host` included, are plain anchors: a prefetch is for the site's own pages.)
  const targets = [
    '/catalog',
    '/catalog/hydraulics/',
    '/catalog?q=m8%20bolt&page=2',
    '/part/a#specs',
    '/catalog?',
    '/catalog#',
    '/a/../b',
    '/a/./b',
    '/.well-known/x',
    '/',
    '/catalog//x',
    'b',
    '../c',
    '.',
    '?page=2',
  ];

  it.each(targets)('of %s is the one a router Link gives', (to) => {
    const router = createMemoryRouter(
      [
        {
          path: '/catalog/:slug',
          element: (
            <>
              <Link to={to}>router</Link>
              <PrefetchLink to={to}>prefetch</PrefetchLink>
            </>
          ),
        },
      ],
      { initialEntries: ['/catalog/pumps'] },
    );
    render(<RouterProvider router={router} />);
    const expected = screen.getByRole('link', { name: 'router' }).getAttribute('href');
    expect(screen.getByRole('link', { name: 'prefetch' }).getAttribute('href')).toBe(expected);
  });
});
