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

/** One line of the basket: a catalogue part or free text. */
export type BasketLine = BasketItem | FreeBasketLine;

export const isFreeLine = (line: BasketLine): line is FreeBasketLine => 'freeText' in line;

/** How a line is named in the basket's calls: a catalogue part by its id, a free-text line by its key. */
export type LineId = number | string;
export const lineId = (line: BasketLine): LineId => (isFreeLine(line) ? line.key : line.part.id);
const isLine = (line: BasketLine, id: LineId) => lineId(line) === id;

/** A line of an uploaded list, ready for the basket: a catalogue part or free text. */
export type IncomingLine =
  { part: BasketItem['part']; quantity: number; details?: LineDetails } | { freeText: FreeBasketLine['freeText']; quantity: number; details?: LineDetails };

/**
 * Where the basket was kept before it became one ordered list (issue 25): catalogue lines under the
 * product's old quote key and free-text lines beside them. A basket found there is taken over once
 * (catalogue lines first, as they were shown) and the old keys removed (ADR 109).
 */
export const LEGACY_QUOTE_STORAGE_KEY = 'industrial-parts-hub:quote';
const LEGACY_FREE_LINES_STORAGE_KEY = `${LEGACY_QUOTE_STORAGE_KEY}-free-lines`;
const LEGACY_KEYS = [LEGACY_QUOTE_STORAGE_KEY, LEGACY_FREE_LINES_STORAGE_KEY];

export interface QuoteBasket {
  /** Every line in the order it was added (a parts list keeps its own order, free-text lines included). */
  lines: BasketLine[];
  itemCount: number;
  /** Adds many lines at once (a parts list), in their order, merging catalogue parts already in the basket; one toast. */
  addMany: (lines: IncomingLine[]) => void;
  setDetails: (line: LineId, details: LineDetails) => void;
  isOpen: boolean;
  /** Adds `quantity` (default 1) of a part, on top of what the basket already holds of it. */
  add: (part: BasketItem['part'], quantity?: number) => void;
  remove: (line: LineId) => void;
  setQuantity: (line: LineId, quantity: unknown) => void;
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

function isStoredFreeLine(value: unknown): value is FreeBasketLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Partial<FreeBasketLine>;
  return typeof line.key === 'string' && typeof line.quantity === 'number' && !!line.freeText && typeof line.freeText === 'object';
}

/** The lines saved under `key` that pass `isValid`; an unreadable value is discarded, removed and logged (spec). */
function readStored<T extends BasketLine>(storage: Storage, key: string, isValid: (value: unknown) => value is T): T[] {
  const raw = storage.getItem(key);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every(isValid)) return parsed.map((line) => ({ ...line, quantity: normaliseQuantity(line.quantity) }));
    throw new Error('not a list of quote lines');
  } catch (error) {
    console.error('Discarding unreadable quote basket', error);
    storage.removeItem(key);
    return [];
  }
}

const isStoredLine = (value: unknown): value is BasketLine => isBasketItem(value) || isStoredFreeLine(value);

const slimPart = (part: BasketItem['part']): BasketItem['part'] => ({
  id: part.id,
  name: part.name,
  slug: part.slug,
  partNumber: part.partNumber,
  manufacturer: part.manufacturer ? { name: part.manufacturer.name, slug: part.manufacturer.slug } : null,
});

/** Details of two lines for one part: the first line's, filled in by the second's where the first has none. */
const mergeDetails = (a: LineDetails | undefined, b: LineDetails | undefined): LineDetails | undefined => (a || b ? { ...b, ...a } : undefined);

/** `lines` with `incoming` appended in order; a catalogue part already there gets the quantity added, in its place. */
function appendLines(lines: readonly BasketLine[], incoming: readonly BasketLine[]): BasketLine[] {
  const next = [...lines];
  for (const line of incoming) {
    const at = next.findIndex((l) => isLine(l, lineId(line)));
    if (at < 0) {
      next.push(line);
      continue;
    }
    if (isFreeLine(line)) continue; // the same free-text line (same key) is already there
    const old = next[at]!;
    const details = mergeDetails(old.details, line.details);
    next[at] = { ...old, quantity: normaliseQuantity(old.quantity + line.quantity), ...(details ? { details } : {}) };
  }
  return next;
}

/**
 * The saved basket. A basket an earlier version left under the old keys (a tab that loaded before the
 * change, or a buyer's first visit since) is added to it and the old keys removed, so nothing is lost.
 */
export function loadBasket(storage: Storage): BasketLine[] {
  const lines = readStored(storage, QUOTE_STORAGE_KEY, isStoredLine);
  const legacy = [...readStored(storage, LEGACY_QUOTE_STORAGE_KEY, isBasketItem), ...readStored(storage, LEGACY_FREE_LINES_STORAGE_KEY, isStoredFreeLine)];
  const present = LEGACY_KEYS.filter((key) => storage.getItem(key) !== null);
  if (present.length === 0) return lines;
  const merged = appendLines(lines, legacy);
  try {
    storage.setItem(QUOTE_STORAGE_KEY, JSON.stringify(merged));
    for (const key of present) storage.removeItem(key);
  } catch (error) {
    // Not written: the old keys stay, and the next load tries again.
    console.error('Could not move the saved quote basket to its new place', error);
  }
  return merged;
}

const QuoteBasketContext = createContext<QuoteBasket | null>(null);

/**
 * `deferLoad`: the page was rendered on the server (with an empty basket), so the first render must
 * match that HTML; the saved basket is read right after hydration, before the browser paints.
 */
export function QuoteBasketProvider({ children, storage: givenStorage, deferLoad = false }: { children: ReactNode; storage?: Storage; deferLoad?: boolean }) {
  const storage = givenStorage ?? (typeof window === 'undefined' ? undefined : window.localStorage);
  const [lines, setLines] = useState<BasketLine[]>(() => (storage && !deferLoad ? loadBasket(storage) : []));
  const [isOpen, setOpen] = useState(false);
  // Until the saved basket is read, the empty one must not overwrite it.
  const [loaded, setLoaded] = useState(!deferLoad);

  useLayoutEffect(() => {
    if (loaded || !storage) return;
    // The one render after hydration that picks up the saved basket (the server could not know it).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLines(loadBasket(storage));
    setLoaded(true);
  }, [loaded, storage]);

  useEffect(() => {
    if (loaded) storage?.setItem(QUOTE_STORAGE_KEY, JSON.stringify(lines));
  }, [lines, loaded, storage]);

  // Another tab changed the basket: follow it. A tab still running the earlier version writes the old
  // keys; what it added is taken over (an old key it empties or removes is left alone: no ping-pong).
  useEffect(() => {
    if (!storage) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === QUOTE_STORAGE_KEY) setLines(loadBasket(storage));
      else if (event.key !== null && LEGACY_KEYS.includes(event.key) && storage.getItem(event.key) !== null && storage.getItem(event.key) !== '[]')
        setLines(loadBasket(storage));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storage]);

  const add = useCallback((part: BasketItem['part'], quantity: number = MIN_QUOTE_QUANTITY) => {
    setLines((current) => appendLines(current, [{ part: slimPart(part), quantity: normaliseQuantity(quantity) }]));
    toast({ title: 'Added to Quote', description: `${part.name} has been added to your quote request.` });
  }, []);

  const remove = useCallback((id: LineId) => setLines((current) => current.filter((l) => !isLine(l, id))), []);
  const setQuantity = useCallback(
    (id: LineId, quantity: unknown) => setLines((current) => current.map((l) => (isLine(l, id) ? { ...l, quantity: normaliseQuantity(quantity) } : l))),
    [],
  );
  const addMany = useCallback((incoming: IncomingLine[]) => {
    const lines = incoming.map((l): BasketLine =>
      'part' in l
        ? { part: slimPart(l.part), quantity: normaliseQuantity(l.quantity), ...(l.details ? { details: l.details } : {}) }
        : { key: crypto.randomUUID(), freeText: l.freeText, quantity: normaliseQuantity(l.quantity), ...(l.details ? { details: l.details } : {}) },
    );
    setLines((current) => appendLines(current, lines));
    toast({ title: 'Parts list added', description: `${incoming.length} ${incoming.length === 1 ? 'line was' : 'lines were'} added to your quote request.` });
  }, []);
  const setDetails = useCallback((id: LineId, details: LineDetails) => setLines((current) => current.map((l) => (isLine(l, id) ? { ...l, details } : l))), []);
  const clear = useCallback(() => setLines([]), []);
  const toggle = useCallback(() => setOpen((open) => !open), []);

  const value = useMemo<QuoteBasket>(
    () => ({ lines, itemCount: lines.length, isOpen, add, addMany, setDetails, remove, setQuantity, clear, toggle, setOpen }),
    [lines, isOpen, add, addMany, setDetails, remove, setQuantity, clear, toggle],
  );
  return <QuoteBasketContext.Provider value={value}>{children}</QuoteBasketContext.Provider>;
}

export function useQuoteBasket(): QuoteBasket {
  const basket = useContext(QuoteBasketContext);
  if (!basket) throw new Error('useQuoteBasket needs a QuoteBasketProvider');
  return basket;
}
