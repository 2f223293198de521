import * as z from 'zod';
import { MAX_PRICE_BREAKS } from './quote-offers';
import { MAX_QUOTE_ITEMS } from './constants';

/**
 * The offer editor's draft kept on the server (issue 29, ADR 126): the fields as typed (text, so a half-typed
 * price survives), per request line, with the validity date and the message. Nothing here reaches the buyer;
 * sending the offer checks every line again (`offerInputSchema`).
 */

const typed = (max: number) => z.string().max(max);

const draftLineSchema = z.object({
  itemId: z.number().int().positive(),
  supply: z.boolean(),
  quantity: typed(20),
  price: typed(40),
  breaks: z.array(z.object({ minQuantity: typed(20), price: typed(40) })).max(MAX_PRICE_BREAKS),
  inStock: z.boolean(),
  leadDays: typed(20),
  moq: typed(20),
  note: typed(500),
  reason: typed(300),
  alternative: z.object({ partId: z.number().int().positive(), label: typed(400), price: typed(40), note: typed(300) }).nullable(),
});
export type OfferDraftLine = z.infer<typeof draftLineSchema>;

export const offerDraftInputSchema = z.object({
  /** The version the draft revises (0 for the first offer): a draft of an older version is not offered again. */
  basedOnVersion: z.number().int().min(0),
  validUntil: typed(10),
  message: typed(2000),
  lines: z.array(draftLineSchema).min(1).max(MAX_QUOTE_ITEMS),
});
export type OfferDraftInput = z.infer<typeof offerDraftInputSchema>;

/** A stored draft: what was typed, who saved it last and when. */
export interface OfferDraft extends OfferDraftInput {
  savedBy: string;
  savedAt: string;
}
