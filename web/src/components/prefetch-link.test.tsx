import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
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
