import type { QuoteItem } from '@parts/shared/schemas';
import type { OfferDraft, OfferDraftInput } from '@parts/shared/offer-drafts';
import type { LineDraft } from './offer-line-draft';

/** The editor's state as the server keeps it (ADR 126): each line's typed fields by item id, without the item. */
export function toServerDraft(value: { lines: LineDraft[]; validUntil: string; message: string }, basedOnVersion: number): OfferDraftInput {
  return {
    basedOnVersion,
    validUntil: value.validUntil,
    message: value.message,
    lines: value.lines.map(({ item, ...typed }) => ({ itemId: item.id, ...typed })),
  };
}

/** The server's draft as the editor's lines, or undefined when its lines are not the request's (the request changed). */
export function fromServerDraft(draft: OfferDraft, items: QuoteItem[]): LineDraft[] | undefined {
  if (draft.lines.length !== items.length || draft.lines.some((l, i) => l.itemId !== items[i]!.id)) return undefined;
  return draft.lines.map(({ itemId: _, ...typed }, i) => ({ ...typed, item: items[i]! }));
}
