import type { QuoteItem } from '@parts/shared/schemas';
import { dollarsToMicros, microsToInput, readMoney } from '@parts/shared/numbers/money';
import { lineIdentity, type Offer, type OfferLineInput } from '@parts/shared/quote-offers';
import { priceBreakProblem, priceOfferLine } from '@parts/shared/offer-pricing';

/**
 * The offer editor's line as typed (text fields), and how it becomes the API's input: a line the server
 * takes, or the first thing wrong with it in words the reseller can act on.
 */

interface BreakDraft {
  minQuantity: string;
  price: string;
}
export interface LineDraft {
  item: QuoteItem;
  supply: boolean;
  quantity: string;
  price: string;
  breaks: BreakDraft[];
  inStock: boolean;
  leadDays: string;
  moq: string;
  note: string;
  reason: string;
  alternative: { partId: number; label: string; price: string; note: string } | null;
}

export const DEFAULT_VALIDITY_DAYS = 30;

export function draftFor(item: QuoteItem, previous: Offer | undefined): LineDraft {
  const old = previous?.lines.find((l) => l.itemId === item.id);
  const base: LineDraft = {
    item,
    supply: true,
    quantity: String(item.quantity),
    price: item.targetPrice !== undefined ? microsToInput(dollarsToMicros(item.targetPrice)) : '',
    breaks: [],
    inStock: false,
    leadDays: '',
    moq: '1',
    note: '',
    reason: '',
    alternative: null,
  };
  if (!old) return base;
  if (old.status === 'cannot_supply') return { ...base, supply: false, reason: old.reason };
  return {
    ...base,
    quantity: String(old.quantity),
    price: microsToInput(old.unitPriceMicros),
    breaks: old.priceBreaks.map((b) => ({ minQuantity: String(b.minQuantity), price: microsToInput(b.unitPriceMicros) })),
    inStock: old.leadTime === 'in_stock',
    leadDays: old.leadTime === 'in_stock' ? '' : String(old.leadTime),
    moq: String(old.minimumOrderQuantity),
    note: old.note ?? '',
    alternative: old.alternative
      ? {
          partId: old.alternative.partId,
          label: `${old.alternative.partNumber} ${old.alternative.name}`,
          price: microsToInput(old.alternative.unitPriceMicros),
          note: old.alternative.note ?? '',
        }
      : null,
  };
}

const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : undefined);
/** A price as the shared reader understood it, or undefined (the field itself says why). */
const micros = (text: string) => {
  const r = readMoney(text);
  return r.ok ? r.micros : undefined;
};
/** Why a price field cannot be sent, in the reader's words ("“1,234” could be $1,234.00 or $1.234: …"). */
const priceProblem = (text: string, what: string) => {
  const r = readMoney(text);
  if (r.ok) return undefined;
  return text.trim() === '' ? `enter ${what} like 12.50` : `${what}: ${r.message}`;
};

/** The line as the API takes it, or the first thing wrong with it in words the reseller can act on. */
export function toInput(d: LineDraft): OfferLineInput | string {
  const label = lineIdentity(d.item).partNumber || lineIdentity(d.item).name;
  if (!d.supply) {
    if (!d.reason.trim()) return `${label}: give a reason why it cannot be supplied`;
    return { itemId: d.item.id, status: 'cannot_supply', reason: d.reason.trim() };
  }
  const quantity = whole(d.quantity);
  const unitPriceMicros = micros(d.price);
  const moq = whole(d.moq || '1');
  if (quantity === undefined || quantity < 1) return `${label}: enter a quantity of 1 or more`;
  if (unitPriceMicros === undefined) return `${label}: ${priceProblem(d.price, 'a unit price')}`;
  if (moq === undefined || moq < 1) return `${label}: enter a minimum order quantity of 1 or more`;
  const leadDays = whole(d.leadDays);
  if (!d.inStock && (leadDays === undefined || leadDays < 1)) return `${label}: enter a lead time in days, or tick In stock`;
  const priceBreaks = [];
  for (const b of d.breaks) {
    const minQuantity = whole(b.minQuantity);
    const price = micros(b.price);
    if (minQuantity === undefined || minQuantity < 2) return `${label}: each price break needs a quantity of 2 or more and a price`;
    if (price === undefined) return `${label}: ${priceProblem(b.price, `the price from ${minQuantity}`)}`;
    priceBreaks.push({ minQuantity, unitPriceMicros: price });
  }
  const rising = priceBreakProblem(unitPriceMicros, priceBreaks);
  if (rising) return `${label}: ${rising.message}`;
  let alternative: { partId: number; unitPriceMicros: number; note?: string } | undefined;
  if (d.alternative) {
    const price = micros(d.alternative.price);
    if (price === undefined) return `${label}: ${priceProblem(d.alternative.price, "the alternative's unit price")}`;
    alternative = { partId: d.alternative.partId, unitPriceMicros: price, ...(d.alternative.note.trim() ? { note: d.alternative.note.trim() } : {}) };
  }
  return {
    itemId: d.item.id,
    status: 'offered',
    quantity,
    unitPriceMicros,
    priceBreaks,
    leadTime: d.inStock ? 'in_stock' : leadDays!,
    minimumOrderQuantity: moq,
    ...(alternative ? { alternative } : {}),
    ...(d.note.trim() ? { note: d.note.trim() } : {}),
  };
}

/** The price breaks whose fields read so far (the others are left out of the preview). */
function readBreaks(draft: LineDraft): { minQuantity: number; unitPriceMicros: number }[] {
  return draft.breaks.flatMap((b) => {
    const q = whole(b.minQuantity);
    const m = micros(b.price);
    return q !== undefined && m !== undefined ? [{ minQuantity: q, unitPriceMicros: m }] : [];
  });
}

/** The line total the editor previews: the server's own rule (`priceOfferLine`), from whatever the fields read so far. */
export function previewLineTotal(draft: LineDraft): number | undefined {
  const quantity = whole(draft.quantity);
  const unitPriceMicros = micros(draft.price);
  if (quantity === undefined || unitPriceMicros === undefined) return undefined;
  const priceBreaks = readBreaks(draft);
  return priceOfferLine({ quantity, unitPriceMicros, priceBreaks }).lineTotalCents;
}

/** The first price break that rises above the price before it, as far as the fields read. */
export function risingBreak(draft: LineDraft): { index: number; message: string } | undefined {
  const unitPriceMicros = micros(draft.price);
  if (unitPriceMicros === undefined) return undefined;
  const priceBreaks = readBreaks(draft);
  return priceBreakProblem(unitPriceMicros, priceBreaks);
}
