import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptOutlet } from './kept-outlet';

let listingMounts = 0;

/** A listing that counts its mounts, shows the search it reads, and holds a typed value of its own. */
function Listing() {
  const [mount] = useState(() => ++listingMounts);
  const { pathname, search } = useLocation();
  const [typed, setTyped] = useState('');
  return (
    <section data-testid="listing" data-mount={mount}>
      <h1>Listing {pathname}</h1>
      <p data-testid="read">{search}</p>
      <input aria-label="Search within results" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <Link to="/part/a">Part A</Link>
      <Link to="/catalog/valves">Valves</Link>
    </section>
  );
}

function setup() {
  listingMounts = 0;
  const router = createMemoryRouter(
    [
      {
        id: 'public',
        element: <KeptOutlet />,
        children: [
          { id: 'catalog', path: 'catalog', element: <Listing /> },
          { id: 'category', path: 'catalog/:categorySlug', element: <Listing /> },
          { id: 'part', path: 'part/:partSlug', element: <h1>The part</h1> },
        ],
      },
    ],
    { initialEntries: ['/catalog?q=bolt'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const listing = () => screen.getByTestId('listing', { hidden: true } as never);

describe('KeptOutlet: the last listing is kept, hidden, for the way back (issue 34, ADR 148)', () => {
  afterEach(cleanup);

  it('going back to the listing shows the same listing again: not mounted anew, its state kept', async () => {
    const router = setup();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search within results' }), { target: { value: 'typed' } });
    fireEvent.click(screen.getByRole('link', { name: 'Part A' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The part');

    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Listing /catalog');
    expect(listing().dataset.mount).toBe('1');
    expect(listingMounts).toBe(1);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search within results' }).value).toBe('typed');
  });

  it('while another page is on screen the listing is hidden after it, and reads the location it was left at', () => {
    setup();
    fireEvent.click(screen.getByRole('link', { name: 'Part A' }));
    const headings = document.querySelectorAll('h1');
    expect([...headings].map((h) => h.textContent)).toEqual(['The part', 'Listing /catalog']);
    // Activity hides it (display: none): out of the accessibility tree, the page on screen is the only heading.
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['The part']);
    expect(screen.getByTestId('read').textContent).toBe('?q=bolt');
  });

  it('a listing of another path is drawn anew and replaces the kept one', async () => {
    const router = setup();
    fireEvent.click(screen.getByRole('link', { name: 'Valves' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Listing /catalog/valves');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: 'Part A' }));
    await act(() => router.navigate(-1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Listing /catalog/valves');
    expect(listingMounts).toBe(2);
  });
});
