import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import { useQuoteBasket, type BasketItem } from '../../features/quote-basket/quote-basket';
import { renderWithProviders } from '../../test/render-with-providers';
import { QuoteDrawer } from './quote-drawer';

const longName = 'Double-acting hydraulic cylinder with cushioned end positions and magnetic piston for proximity sensing';
const cylinder: BasketItem['part'] = { id: 1, name: longName, slug: 'cylinder', partNumber: 'HC-1', manufacturer: { name: 'Acme', slug: 'acme' } };
const valve: BasketItem['part'] = { id: 2, name: 'Ball Valve', slug: 'ball-valve', partNumber: 'BV-2', manufacturer: null };

/** The header's basket button and a listing's Add to quote, as the app wires them to the basket. */
function Shop() {
  const { add, toggle, itemCount } = useQuoteBasket();
  return (
    <>
      <button type="button" onClick={() => add(cylinder)}>
        Add cylinder
      </button>
      <button type="button" onClick={() => add(valve, 3)}>
        Add valve
      </button>
      <button type="button" onClick={toggle}>{`Quote request, ${itemCount} items`}</button>
      <QuoteDrawer />
    </>
  );
}

const saved = () => JSON.parse(window.localStorage.getItem(QUOTE_STORAGE_KEY) ?? 'null') as { part: { id: number }; quantity: number }[];

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('quote basket drawer (with the basket provider, router and toaster)', { timeout: 60_000 }, () => {
  it('is empty at first, with Request Quote disabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Shop />);
    await user.click(screen.getByRole('button', { name: 'Quote request, 0 items' }));
    const drawer = screen.getByRole('dialog', { name: 'Quote Request' });
    expect(within(drawer).getByText('Your quote request is empty. Add some parts to get started.')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Request Quote' })).toHaveProperty('disabled', true);
  });

  it('lists what was added, keeps quantities editable, removes items and saves every change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Shop />);
    await user.click(screen.getByRole('button', { name: 'Add cylinder' }));
    await user.click(screen.getByRole('button', { name: 'Add cylinder' }));
    await user.click(screen.getByRole('button', { name: 'Add valve' }));
    expect(screen.getAllByText('Added to Quote').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Quote request, 2 items' }));

    const drawer = screen.getByRole('dialog', { name: 'Quote Request' });
    expect(within(drawer).getByText(longName)).toBeTruthy();
    expect(within(drawer).getByText('Unknown Manufacturer')).toBeTruthy();
    const cylinderQuantity = within(drawer).getByRole('spinbutton', { name: `Quantity for ${longName}` });
    expect(cylinderQuantity).toHaveProperty('value', '2');
    expect(within(drawer).getByRole('spinbutton', { name: 'Quantity for Ball Valve' })).toHaveProperty('value', '3');

    // Cleared and retyped: nothing is stored until the field is left.
    await user.clear(cylinderQuantity);
    await user.type(cylinderQuantity, '25');
    expect(saved().find((i) => i.part.id === 1)?.quantity).toBe(2);
    await user.tab();
    expect(saved().find((i) => i.part.id === 1)?.quantity).toBe(25);

    await user.click(within(drawer).getByRole('button', { name: 'Remove Ball Valve' }));
    expect(within(drawer).queryByText('Ball Valve')).toBeNull();
    expect(saved().map((i) => i.part.id)).toEqual([1]);
  });

  it("shows each line's part number, so parts that share a name can be told apart", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Shop />);
    await user.click(screen.getByRole('button', { name: 'Add cylinder' }));
    await user.click(screen.getByRole('button', { name: 'Add valve' }));
    await user.click(screen.getByRole('button', { name: 'Quote request, 2 items' }));
    const drawer = screen.getByRole('dialog', { name: 'Quote Request' });
    const lines = within(drawer).getAllByTestId('basket-line');
    expect(lines.map((l) => within(l).getByTestId('basket-part-number').textContent)).toEqual(['HC-1', 'BV-2']);
  });

  it('Request Quote goes to /quote-request and closes the drawer; the basket stays', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Shop />, { path: '/parts' });
    await user.click(screen.getByRole('button', { name: 'Add valve' }));
    await user.click(screen.getByRole('button', { name: 'Quote request, 1 items' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Quote Request' })).getByRole('link', { name: 'Request Quote' }));
    expect(screen.getByTestId('location').textContent).toBe('/quote-request');
    expect(screen.queryByRole('dialog', { name: 'Quote Request' })).toBeNull();
    expect(saved()).toHaveLength(1);
  });

  it('closing gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Shop />);
    const opener = screen.getByRole('button', { name: 'Quote request, 0 items' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close quote request' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
