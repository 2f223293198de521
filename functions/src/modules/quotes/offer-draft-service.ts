import type { OfferDraft, OfferDraftInput } from '@parts/shared/offer-drafts';
import { NotFoundError, ValidationError } from '../../domain/errors';
import type { QuoteRepository } from './ports/quote-repository';

export const DRAFT_LINES_MISMATCH = "The draft's lines are not the request's lines; reload the request and try again";

export interface OfferDraftDeps {
  quotes: Pick<QuoteRepository, 'getQuoteRequest' | 'getOfferDraft' | 'putOfferDraft' | 'deleteOfferDraft'>;
  now?: () => Date;
}

/**
 * The offer editor's draft on the server (issue 29, ADR 126), admin only: one per request, replaced on every
 * save, so a half-priced offer survives a reload, another device and another admin's look. Sending the offer
 * does not read it; the editor deletes it once the offer is sent or discarded.
 */
export function createOfferDraftService(deps: OfferDraftDeps) {
  const now = deps.now ?? (() => new Date());
  async function requestLines(id: number): Promise<number[]> {
    const quote = await deps.quotes.getQuoteRequest(id);
    if (!quote) throw new NotFoundError('Quote request not found');
    return quote.items.map((i) => i.id);
  }
  return {
    async get(id: number): Promise<OfferDraft | null> {
      await requestLines(id);
      return (await deps.quotes.getOfferDraft(id)) ?? null;
    },
    async save(id: number, by: string, input: OfferDraftInput): Promise<OfferDraft> {
      const lines = await requestLines(id);
      if (input.lines.length !== lines.length || input.lines.some((l, i) => l.itemId !== lines[i])) throw new ValidationError(DRAFT_LINES_MISMATCH);
      const draft: OfferDraft = { ...input, savedBy: by, savedAt: now().toISOString() };
      await deps.quotes.putOfferDraft(id, draft);
      return draft;
    },
    async discard(id: number): Promise<void> {
      await requestLines(id);
      await deps.quotes.deleteOfferDraft(id);
    },
  };
}
