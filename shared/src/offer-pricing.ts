import { formatMicros, lineTotalCents } from './numbers/money';
import type { LineChoice, Offer, PriceBreak } from './quote-offers';

/**
 * What an offer line costs: the one place the server (the frozen version's totals, which the PDF and every
 * screen show) and the web's preview in the offer editor compute it. Money (ADR 090): unit prices are integer
 * micros, totals integer cents, each line total rounded once (`lineTotalCents`), an offer total the sum of
 * its rounded line totals. No float ever holds an amount.
 */

export interface PricedOfferLine {
  /** The unit price that applies to the quantity: the best price break reached, else the base price. */
  appliedUnitPriceMicros: number;
  lineTotalCents: number;
  /** The alternative part's total at the same quantity (no breaks), when the line has one. */
  alternativeLineTotalCents?: number;
}

/** The unit price that applies to a quantity: the highest price break reached, else the base price. */
export function unitPriceFor(unitPriceMicros: number, priceBreaks: readonly PriceBreak[], quantity: number): number {
  let price = unitPriceMicros;
  for (const b of priceBreaks) if (quantity >= b.minQuantity) price = b.unitPriceMicros;
  return price;
}

/** One offered line's price: applied unit price, line total, and its alternative's total. */
export function priceOfferLine(line: {
  quantity: number;
  unitPriceMicros: number;
  priceBreaks: readonly PriceBreak[];
  alternative?: { unitPriceMicros: number } | undefined;
}): PricedOfferLine {
  const applied = unitPriceFor(line.unitPriceMicros, line.priceBreaks, line.quantity);
  return {
    appliedUnitPriceMicros: applied,
    lineTotalCents: Number(lineTotalCents(applied, line.quantity)),
    ...(line.alternative ? { alternativeLineTotalCents: Number(lineTotalCents(line.alternative.unitPriceMicros, line.quantity)) } : {}),
  };
}

/** The sum of line totals in cents, exact (bigint): the caller decides what is too large to store. */
export function sumCents(totals: readonly number[]): bigint {
  return totals.reduce((sum, cents) => sum + BigInt(cents), 0n);
}

/** Prices must not rise with quantity: each break (in increasing quantity) at most the price before it. */
export function priceBreakProblem(unitPriceMicros: number, priceBreaks: readonly PriceBreak[]): { index: number; message: string } | undefined {
  let before = unitPriceMicros;
  for (const [index, b] of priceBreaks.entries()) {
    if (b.unitPriceMicros > before) {
      return {
        index,
        message: `The price break from ${b.minQuantity} pieces (${formatMicros(b.unitPriceMicros)}) is higher than the price before it (${formatMicros(before)}); prices must not rise with quantity`,
      };
    }
    before = b.unitPriceMicros;
  }
  return undefined;
}

/** The total the buyer accepts: each chosen line at the offered or the alternative price. */
export function acceptedTotal(offer: Pick<Offer, 'lines'>, choices: readonly { itemId: number; choice: LineChoice }[]): number {
  const lines = new Map(offer.lines.map((l) => [l.itemId, l]));
  let total = 0n;
  for (const c of choices) {
    const line = lines.get(c.itemId);
    if (!line || line.status !== 'offered' || c.choice === 'declined') continue;
    total += BigInt(c.choice === 'alternative' && line.alternative ? line.alternative.lineTotalCents : line.lineTotalCents);
  }
  return Number(total);
}
