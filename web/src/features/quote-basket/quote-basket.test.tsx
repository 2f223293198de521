import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import { loadBasket, normaliseQuantity, QuoteBasketProvider, useQuoteBasket } from './quote-basket';

const part = { id: 7, name: 'Hydraulic Cylinder', slug: 'hydraulic-cylinder', partNumber: 'HC-7', manufacturer: { name: 'Acme', slug: 'acme' } };

function storage(initial?: string): Storage {
  const s = window.localStorage;
  s.clear();
  if (initial !== undefined) s.setItem(QUOTE_STORAGE_KEY, initial);
  return s;
}

describe('quote basket', () => {
  it('normalises quantities: minimum 1, non-numeric becomes 1', () => {
    expect(normaliseQuantity('5')).toBe(5);
    expect(normaliseQuantity(0)).toBe(1);
    expect(normaliseQuantity(-3)).toBe(1);
    expect(normaliseQuantity('abc')).toBe(1);
    expect(normaliseQuantity('')).toBe(1);
  });

  it('discards and removes an unreadable saved value', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = storage('{not json');
    expect(loadBasket(s)).toEqual([]);
    expect(s.getItem(QUOTE_STORAGE_KEY)).toBeNull();
    storage('[{"part":1}]');
    expect(loadBasket(window.localStorage)).toEqual([]);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('adds, raises the quantity on a second add, sets, removes and saves', () => {
    const s = storage();
    const wrapper = ({ children }: { children: ReactNode }) => <QuoteBasketProvider storage={s}>{children}</QuoteBasketProvider>;
    const { result } = renderHook(() => useQuoteBasket(), { wrapper });
    act(() => result.current.add(part));
    act(() => result.current.add(part));
    expect(result.current.items).toEqual([{ part, quantity: 2 }]);
    expect(JSON.parse(s.getItem(QUOTE_STORAGE_KEY)!)).toEqual([{ part, quantity: 2 }]);
    act(() => result.current.setQuantity(7, 'x'));
    expect(result.current.items[0]!.quantity).toBe(1);
    act(() => result.current.toggle());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.remove(7));
    expect(result.current.itemCount).toBe(0);
  });
});
