import type { QuoteItem } from '@parts/shared/schemas';
import type { Offer } from '@parts/shared/quote-offers';
import { useStoredDraft, type StoredDraft } from '../../hooks/use-stored-draft';

/** A 2,000-line draft is about 1 MB of JSON: written after a pause in typing, not on every keystroke. */
const STORE_AFTER_MS = 400;

export interface OfferDraft<L> {
  lines: L[];
  validUntil: string;
  message: string;
}

/**
 * The offer editor's state, kept in local storage per request and version until sent or discarded, so
 * a reload does not lose a half-typed offer. A draft whose lines no longer match the request's items is
 * not restored; restored lines take the items as the server has them now.
 */
export function useOfferDraft<L extends { item: QuoteItem }>(
  quoteId: number,
  items: QuoteItem[],
  previous: Offer | undefined,
  initial: () => OfferDraft<L>,
  /** The server's draft came first (ADR 126): the browser's copy is not restored over it. */
  fromServer = false,
): StoredDraft<OfferDraft<L>> {
  const version = (previous?.version ?? 0) + 1;
  return useStoredDraft(
    `offer-draft:${quoteId}:v${version}`,
    initial,
    (stored) => {
      if (fromServer) return undefined;
      if (stored.lines.length !== items.length || stored.lines.some((l, i) => l.item.id !== items[i]!.id)) return undefined;
      return { ...stored, lines: stored.lines.map((l, i) => ({ ...l, item: items[i]! })) };
    },
    STORE_AFTER_MS,
  );
}
