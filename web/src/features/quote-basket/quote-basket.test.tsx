import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import {
  LEGACY_QUOTE_STORAGE_KEY,
  loadBasket,
  normaliseQuantity,
  QuoteBasketProvider,
  useQuoteBasket,
  type BasketLine,
  type FreeBasketLine,
} from './quote-basket';

const part = { id: 7, name: 'Hydraulic Cylinder', slug: 'hydraulic-cylinder', partNumber: 'HC-7', manufacturer: { name: 'Acme', slug: 'acme' } };

function storage(initial?: string): Storage {
  const s = window.localStorage;
  s.clear();
  if (initial !== undefined) s.setItem(QUOTE_STORAGE_KEY, initial);
  return s;
}

// Each test's provider listens to the one window's storage events: unmounted after each test.
afterEach(cleanup);

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
    expect(result.current.lines).toEqual([{ part, quantity: 2 }]);
    expect(JSON.parse(s.getItem(QUOTE_STORAGE_KEY)!)).toEqual([{ part, quantity: 2 }]);
    act(() => result.current.setQuantity(7, 'x'));
    expect(result.current.lines[0]!.quantity).toBe(1);
    act(() => result.current.toggle());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.remove(7));
    expect(result.current.itemCount).toBe(0);
  });
});

describe('quote basket: one ordered list (issue 25)', () => {
  const valve = { id: 9, name: 'Ball Valve', slug: 'ball-valve', partNumber: 'BV-9', manufacturer: null };
  const bracket = { partNumber: 'ZZ-1', description: 'Custom mounting bracket' };
  const legacyFreeKey = `${LEGACY_QUOTE_STORAGE_KEY}-free-lines`;

  function render(s: Storage) {
    const wrapper = ({ children }: { children: ReactNode }) => <QuoteBasketProvider storage={s}>{children}</QuoteBasketProvider>;
    return renderHook(() => useQuoteBasket(), { wrapper }).result;
  }
  /** What the basket shows, in order: a part number or a free-text line's part number. */
  const order = (lines: readonly BasketLine[]) => lines.map((l) => ('freeText' in l ? `free:${l.freeText.partNumber}` : l.part.partNumber));

  it("keeps a parts list's order, free-text lines between catalogue lines, in the basket and in what it saves", () => {
    const s = storage();
    const result = render(s);
    act(() =>
      result.current.addMany([
        { part, quantity: 2 },
        { freeText: bracket, quantity: 4 },
        { part: valve, quantity: 1 },
        { part, quantity: 3 },
      ]),
    );
    expect(order(result.current.lines)).toEqual(['HC-7', 'free:ZZ-1', 'BV-9']);
    expect(result.current.lines.map((l) => l.quantity)).toEqual([5, 4, 1]);
    expect(result.current.itemCount).toBe(3);
    expect(order(JSON.parse(s.getItem(QUOTE_STORAGE_KEY)!) as BasketLine[])).toEqual(['HC-7', 'free:ZZ-1', 'BV-9']);
    // A reload reads the same order back.
    expect(order(loadBasket(s))).toEqual(['HC-7', 'free:ZZ-1', 'BV-9']);
  });

  it('removes, sets the quantity and the details of a free-text line by its key, and of a part by its id', () => {
    const s = storage();
    const result = render(s);
    act(() =>
      result.current.addMany([
        { freeText: bracket, quantity: 4 },
        { part, quantity: 1 },
      ]),
    );
    const free = result.current.lines[0] as FreeBasketLine;
    act(() => result.current.setQuantity(free.key, '7'));
    act(() => result.current.setDetails(free.key, { reference: 'R4' }));
    act(() => result.current.setQuantity(7, 3));
    expect(result.current.lines).toEqual([
      { ...free, quantity: 7, details: { reference: 'R4' } },
      { part, quantity: 3 },
    ]);
    act(() => result.current.remove(free.key));
    expect(order(result.current.lines)).toEqual(['HC-7']);
  });

  it('takes over a basket saved by the earlier version (catalogue lines and free-text lines apart) and removes the old keys', () => {
    const s = storage();
    const oldFree = { key: 'k1', freeText: bracket, quantity: 4, details: { reference: 'R4' } };
    s.setItem(
      LEGACY_QUOTE_STORAGE_KEY,
      JSON.stringify([
        { part, quantity: 2 },
        { part: valve, quantity: 1 },
      ]),
    );
    s.setItem(legacyFreeKey, JSON.stringify([oldFree]));
    const result = render(s);
    expect(result.current.lines).toEqual([{ part, quantity: 2 }, { part: valve, quantity: 1 }, oldFree]);
    expect(JSON.parse(s.getItem(QUOTE_STORAGE_KEY)!)).toEqual([{ part, quantity: 2 }, { part: valve, quantity: 1 }, oldFree]);
    expect(s.getItem(LEGACY_QUOTE_STORAGE_KEY)).toBeNull();
    expect(s.getItem(legacyFreeKey)).toBeNull();
  });

  it('keeps the readable half of an old basket when the other half is unreadable', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = storage();
    s.setItem(LEGACY_QUOTE_STORAGE_KEY, '{not json');
    s.setItem(legacyFreeKey, JSON.stringify([{ key: 'k1', freeText: bracket, quantity: 4 }]));
    expect(order(loadBasket(s))).toEqual(['free:ZZ-1']);
    expect(s.getItem(LEGACY_QUOTE_STORAGE_KEY)).toBeNull();
    errors.mockRestore();
  });

  it('a part added in a tab still running the earlier version joins the basket instead of being lost', () => {
    const s = storage();
    const result = render(s);
    act(() => result.current.add(part));
    // The old tab writes its own (old-shape) keys; this tab picks the lines up.
    s.setItem(LEGACY_QUOTE_STORAGE_KEY, JSON.stringify([{ part: valve, quantity: 2 }]));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LEGACY_QUOTE_STORAGE_KEY }));
    });
    expect(order(result.current.lines)).toEqual(['HC-7', 'BV-9']);
    expect(s.getItem(LEGACY_QUOTE_STORAGE_KEY)).toBeNull();
  });
});
