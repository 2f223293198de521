import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { MAX_QUOTE_QUANTITY, MIN_QUOTE_QUANTITY, QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import type { PartView } from '@parts/shared/schemas';
import { toast } from '../hooks/use-toast';

export interface BasketItem {
  part: Pick<PartView, 'id' | 'name' | 'slug' | 'partNumber'> & { manufacturer: { name: string; slug: string } | null };
  quantity: number;
}

export interface QuoteBasket {
  items: BasketItem[];
  itemCount: number;
  isOpen: boolean;
  /** Adds `quantity` (default 1) of a part, on top of what the basket already holds of it. */
  add: (part: BasketItem['part'], quantity?: number) => void;
  remove: (partId: number) => void;
  setQuantity: (partId: number, quantity: unknown) => void;
  clear: () => void;
  toggle: () => void;
  setOpen: (open: boolean) => void;
}

/** Minimum 1; anything non-numeric becomes 1 (spec sections 2 and 5); never above what the server accepts. */
export function normaliseQuantity(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(n)) return MIN_QUOTE_QUANTITY;
  return Math.min(MAX_QUOTE_QUANTITY, Math.max(MIN_QUOTE_QUANTITY, Math.floor(n)));
}

function isBasketItem(value: unknown): value is BasketItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Partial<BasketItem>;
  return (
    typeof item.quantity === 'number' &&
    !!item.part &&
    typeof item.part.id === 'number' &&
    typeof item.part.name === 'string' &&
    typeof item.part.slug === 'string'
  );
}

export function loadBasket(storage: Storage): BasketItem[] {
  const raw = storage.getItem(QUOTE_STORAGE_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every(isBasketItem)) {
      return parsed.map((item) => ({ ...item, quantity: normaliseQuantity(item.quantity) }));
    }
    throw new Error('not a list of basket items');
  } catch (error) {
    // Spec: an unreadable saved basket is discarded and removed, only logged.
    console.error('Discarding unreadable quote basket', error);
    storage.removeItem(QUOTE_STORAGE_KEY);
    return [];
  }
}

const QuoteBasketContext = createContext<QuoteBasket | null>(null);

/**
 * `deferLoad`: the page was rendered on the server (with an empty basket), so the first render must
 * match that HTML; the saved basket is read right after hydration, before the browser paints.
 */
export function QuoteBasketProvider({
  children,
  storage: givenStorage,
  deferLoad = false,
}: {
  children: ReactNode;
  storage?: Storage;
  deferLoad?: boolean;
}) {
  const storage = givenStorage ?? (typeof window === 'undefined' ? undefined : window.localStorage);
  const [items, setItems] = useState<BasketItem[]>(() => (storage && !deferLoad ? loadBasket(storage) : []));
  const [isOpen, setOpen] = useState(false);
  // Until the saved basket is read, the empty one must not overwrite it.
  const [loaded, setLoaded] = useState(!deferLoad);

  useLayoutEffect(() => {
    if (loaded || !storage) return;
    // The one render after hydration that picks up the saved basket (the server could not know it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setItems(loadBasket(storage));
    setLoaded(true);
  }, [loaded, storage]);

  useEffect(() => {
    if (loaded) storage?.setItem(QUOTE_STORAGE_KEY, JSON.stringify(items));
  }, [items, loaded, storage]);

  // Another tab changed the basket: follow it.
  useEffect(() => {
    if (!storage) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === QUOTE_STORAGE_KEY) setItems(loadBasket(storage));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storage]);

  const add = useCallback((part: BasketItem['part'], quantity: number = MIN_QUOTE_QUANTITY) => {
    const amount = normaliseQuantity(quantity);
    const slim: BasketItem['part'] = {
      id: part.id,
      name: part.name,
      slug: part.slug,
      partNumber: part.partNumber,
      manufacturer: part.manufacturer ? { name: part.manufacturer.name, slug: part.manufacturer.slug } : null,
    };
    setItems((current) =>
      current.some((i) => i.part.id === part.id)
        ? current.map((i) => (i.part.id === part.id ? { ...i, quantity: normaliseQuantity(i.quantity + amount) } : i))
        : [...current, { part: slim, quantity: amount }],
    );
    toast({ title: 'Added to Quote', description: `${part.name} has been added to your quote request.` });
  }, []);

  const remove = useCallback((partId: number) => setItems((current) => current.filter((i) => i.part.id !== partId)), []);
  const setQuantity = useCallback(
    (partId: number, quantity: unknown) =>
      setItems((current) => current.map((i) => (i.part.id === partId ? { ...i, quantity: normaliseQuantity(quantity) } : i))),
    [],
  );
  const clear = useCallback(() => setItems([]), []);
  const toggle = useCallback(() => setOpen((open) => !open), []);

  const value = useMemo<QuoteBasket>(
    () => ({ items, itemCount: items.length, isOpen, add, remove, setQuantity, clear, toggle, setOpen }),
    [items, isOpen, add, remove, setQuantity, clear, toggle],
  );
  return <QuoteBasketContext.Provider value={value}>{children}</QuoteBasketContext.Provider>;
}

export function useQuoteBasket(): QuoteBasket {
  const basket = useContext(QuoteBasketContext);
  if (!basket) throw new Error('useQuoteBasket needs a QuoteBasketProvider');
  return basket;
}
