import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { MAX_QUOTE_QUANTITY, MIN_QUOTE_QUANTITY, QUOTE_STORAGE_KEY } from '@parts/shared/constants';
import type { PartView } from '@parts/shared/schemas';
import { toast } from '../../hooks/use-toast';

/** What a buyer adds to any line: their own reference, a target unit price (USD), a needed-by date, a note. */
export interface LineDetails {
  reference?: string;
  targetPrice?: number;
  /** A target price as typed that the money reader could not take (e.g. an ambiguous "1,234"): sent as text, so the server refuses it in the reader's words. */
  targetPriceText?: string;
  neededBy?: string;
  note?: string;
}

export interface BasketItem {
  part: Pick<PartView, 'id' | 'name' | 'slug' | 'partNumber'> & { manufacturer: { name: string; slug: string } | null };
  quantity: number;
  details?: LineDetails;
}

/** A line the catalogue does not have (from a parts list): kept as the list gave it, for the reseller to source. */
export interface FreeBasketLine {
  key: string;
  freeText: { partNumber?: string; manufacturer?: string; description?: string };
  quantity: number;
  details?: LineDetails;
}

/** A line of an uploaded list, ready for the basket: a catalogue part or free text. */
export type IncomingLine =
  { part: BasketItem['part']; quantity: number; details?: LineDetails } | { freeText: FreeBasketLine['freeText']; quantity: number; details?: LineDetails };

/** Free-text lines live beside the catalogue lines, under their own key, so the spec's basket shape stays as it is. */
export const FREE_LINES_STORAGE_KEY = `${QUOTE_STORAGE_KEY}-free-lines`;

export interface QuoteBasket {
  items: BasketItem[];
  freeLines: FreeBasketLine[];
  /** Catalogue lines and free-text lines. */
  itemCount: number;
  /** Adds many lines at once (a parts list), merging catalogue parts already in the basket; one toast. */
  addMany: (lines: IncomingLine[]) => void;
  /** A catalogue line by part id, or a free-text line by key. */
  setDetails: (target: number | string, details: LineDetails) => void;
  removeFree: (key: string) => void;
  setFreeQuantity: (key: string, quantity: unknown) => void;
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

function isFreeLine(value: unknown): value is FreeBasketLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Partial<FreeBasketLine>;
  return typeof line.key === 'string' && typeof line.quantity === 'number' && !!line.freeText && typeof line.freeText === 'object';
}

export function loadFreeLines(storage: Storage): FreeBasketLine[] {
  const raw = storage.getItem(FREE_LINES_STORAGE_KEY);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every(isFreeLine)) return parsed.map((l) => ({ ...l, quantity: normaliseQuantity(l.quantity) }));
    throw new Error('not a list of free-text lines');
  } catch (error) {
    console.error('Discarding unreadable free-text quote lines', error);
    storage.removeItem(FREE_LINES_STORAGE_KEY);
    return [];
  }
}

const slimPart = (part: BasketItem['part']): BasketItem['part'] => ({
  id: part.id,
  name: part.name,
  slug: part.slug,
  partNumber: part.partNumber,
  manufacturer: part.manufacturer ? { name: part.manufacturer.name, slug: part.manufacturer.slug } : null,
});

/** Details of two lines for one part: the first line's, filled in by the second's where the first has none. */
const mergeDetails = (a: LineDetails | undefined, b: LineDetails | undefined): LineDetails | undefined => (a || b ? { ...b, ...a } : undefined);

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
export function QuoteBasketProvider({ children, storage: givenStorage, deferLoad = false }: { children: ReactNode; storage?: Storage; deferLoad?: boolean }) {
  const storage = givenStorage ?? (typeof window === 'undefined' ? undefined : window.localStorage);
  const [items, setItems] = useState<BasketItem[]>(() => (storage && !deferLoad ? loadBasket(storage) : []));
  const [freeLines, setFreeLines] = useState<FreeBasketLine[]>(() => (storage && !deferLoad ? loadFreeLines(storage) : []));
  const [isOpen, setOpen] = useState(false);
  // Until the saved basket is read, the empty one must not overwrite it.
  const [loaded, setLoaded] = useState(!deferLoad);

  useLayoutEffect(() => {
    if (loaded || !storage) return;
    // The one render after hydration that picks up the saved basket (the server could not know it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setItems(loadBasket(storage));
    setFreeLines(loadFreeLines(storage));
    setLoaded(true);
  }, [loaded, storage]);

  useEffect(() => {
    if (loaded) storage?.setItem(QUOTE_STORAGE_KEY, JSON.stringify(items));
  }, [items, loaded, storage]);
  useEffect(() => {
    if (!loaded || !storage) return;
    if (freeLines.length === 0) storage.removeItem(FREE_LINES_STORAGE_KEY);
    else storage.setItem(FREE_LINES_STORAGE_KEY, JSON.stringify(freeLines));
  }, [freeLines, loaded, storage]);

  // Another tab changed the basket: follow it.
  useEffect(() => {
    if (!storage) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === QUOTE_STORAGE_KEY) setItems(loadBasket(storage));
      if (event.key === FREE_LINES_STORAGE_KEY) setFreeLines(loadFreeLines(storage));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storage]);

  const add = useCallback((part: BasketItem['part'], quantity: number = MIN_QUOTE_QUANTITY) => {
    const amount = normaliseQuantity(quantity);
    const slim = slimPart(part);
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
  const addMany = useCallback((lines: IncomingLine[]) => {
    setItems((current) => {
      const next = [...current];
      for (const line of lines) {
        if (!('part' in line)) continue;
        const at = next.findIndex((i) => i.part.id === line.part.id);
        if (at >= 0) {
          const old = next[at]!;
          next[at] = {
            ...old,
            quantity: normaliseQuantity(old.quantity + line.quantity),
            ...(mergeDetails(old.details, line.details) ? { details: mergeDetails(old.details, line.details)! } : {}),
          };
        } else next.push({ part: slimPart(line.part), quantity: normaliseQuantity(line.quantity), ...(line.details ? { details: line.details } : {}) });
      }
      return next;
    });
    const free = lines.flatMap((l) =>
      'freeText' in l
        ? [{ key: crypto.randomUUID(), freeText: l.freeText, quantity: normaliseQuantity(l.quantity), ...(l.details ? { details: l.details } : {}) }]
        : [],
    );
    if (free.length > 0) setFreeLines((current) => [...current, ...free]);
    toast({ title: 'Parts list added', description: `${lines.length} ${lines.length === 1 ? 'line was' : 'lines were'} added to your quote request.` });
  }, []);
  const setDetails = useCallback((target: number | string, details: LineDetails) => {
    if (typeof target === 'number') setItems((current) => current.map((i) => (i.part.id === target ? { ...i, details } : i)));
    else setFreeLines((current) => current.map((l) => (l.key === target ? { ...l, details } : l)));
  }, []);
  const removeFree = useCallback((key: string) => setFreeLines((current) => current.filter((l) => l.key !== key)), []);
  const setFreeQuantity = useCallback(
    (key: string, quantity: unknown) => setFreeLines((current) => current.map((l) => (l.key === key ? { ...l, quantity: normaliseQuantity(quantity) } : l))),
    [],
  );
  const clear = useCallback(() => {
    setItems([]);
    setFreeLines([]);
  }, []);
  const toggle = useCallback(() => setOpen((open) => !open), []);

  const value = useMemo<QuoteBasket>(
    () => ({
      items,
      freeLines,
      itemCount: items.length + freeLines.length,
      isOpen,
      add,
      addMany,
      setDetails,
      remove,
      removeFree,
      setQuantity,
      setFreeQuantity,
      clear,
      toggle,
      setOpen,
    }),
    [items, freeLines, isOpen, add, addMany, setDetails, remove, removeFree, setQuantity, setFreeQuantity, clear, toggle],
  );
  return <QuoteBasketContext.Provider value={value}>{children}</QuoteBasketContext.Provider>;
}

export function useQuoteBasket(): QuoteBasket {
  const basket = useContext(QuoteBasketContext);
  if (!basket) throw new Error('useQuoteBasket needs a QuoteBasketProvider');
  return basket;
}
