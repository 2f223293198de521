import type { QuoteRequest } from '@parts/shared/schemas';
import {
  MAX_OFFER_VALIDITY_DAYS,
  addDays,
  lineIdentity,
  type AcceptOfferInput,
  type LineChoice,
  type Offer,
  type OfferInput,
  type OfferLine,
} from '@parts/shared/quote-offers';
import { priceOfferLine, sumCents } from '@parts/shared/offer-pricing';
import type { CatalogRepository, StoredPart } from '../catalog';
import { ValidationError, type ErrorIssue } from '../../domain/errors';

/** Every problem of the reseller's offer input, by field: the validity, unknown or doubled lines, the MOQ, missing lines. */
function offerIssues(quote: QuoteRequest, input: OfferInput, today: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const fail = (path: string, message: string) => issues.push({ path, message });
  if (input.validUntil < today) fail('validUntil', 'The offer must be valid until today or later');
  else if (input.validUntil > addDays(today, MAX_OFFER_VALIDITY_DAYS)) fail('validUntil', `The offer can be valid for at most ${MAX_OFFER_VALIDITY_DAYS} days`);
  const items = new Set(quote.items.map((i) => i.id));
  const seen = new Set<number>();
  input.lines.forEach((line, i) => {
    if (!items.has(line.itemId)) fail(`lines.${i}.itemId`, `Line ${line.itemId} is not part of this quote request`);
    else if (seen.has(line.itemId)) fail(`lines.${i}.itemId`, `Line ${line.itemId} is offered twice`);
    seen.add(line.itemId);
    if (line.status === 'offered' && line.quantity < line.minimumOrderQuantity) {
      fail(`lines.${i}.quantity`, `The quantity must be at least the minimum order quantity (${line.minimumOrderQuantity})`);
    }
  });
  for (const item of quote.items)
    if (!seen.has(item.id))
      fail('lines', `Line ${item.id} (${lineIdentity(item).partNumber || lineIdentity(item).name}) needs a price or a reason why it cannot be supplied`);
  return issues;
}

/** The alternative parts the lines name, from the catalogue; a missing one or the line's own part is an issue. */
async function alternativesOf(catalog: CatalogRepository, quote: QuoteRequest, input: OfferInput, issues: ErrorIssue[]): Promise<Map<number, StoredPart>> {
  const altIds = [...new Set(input.lines.flatMap((l) => (l.status === 'offered' && l.alternative ? [l.alternative.partId] : [])))];
  const alternatives = new Map((altIds.length ? await catalog.getParts(altIds) : []).map((p) => [p.id, p]));
  const items = new Map(quote.items.map((i) => [i.id, i]));
  input.lines.forEach((line, i) => {
    if (line.status !== 'offered' || !line.alternative) return;
    const path = `lines.${i}.alternative.partId`;
    if (!alternatives.has(line.alternative.partId)) issues.push({ path, message: `Part ${line.alternative.partId} not found` });
    else if (items.get(line.itemId)?.part?.id === line.alternative.partId) issues.push({ path, message: 'Choose a different part as the alternative' });
  });
  return alternatives;
}

/**
 * Builds the frozen version from the reseller's input: every line checked, every price from
 * `priceOfferLine` (the rule the web's preview uses too), the total the exact sum of the line totals.
 */
export async function buildOffer(
  catalog: CatalogRepository,
  quote: QuoteRequest,
  input: OfferInput,
  meta: { version: number; by: string; at: Date; today: string },
): Promise<Offer> {
  const issues = offerIssues(quote, input, meta.today);
  const alternatives = await alternativesOf(catalog, quote, input, issues);
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);

  const items = new Map(quote.items.map((i) => [i.id, i]));
  const lines: OfferLine[] = input.lines.map((line) => {
    const item = items.get(line.itemId)!;
    const base = { itemId: item.id, ...lineIdentity(item), requestedQuantity: item.quantity };
    if (line.status === 'cannot_supply') return { ...base, status: 'cannot_supply', reason: line.reason };
    const priced = priceOfferLine(line);
    const alt = line.alternative ? alternatives.get(line.alternative.partId)! : undefined;
    return {
      ...base,
      status: 'offered',
      quantity: line.quantity,
      unitPriceMicros: line.unitPriceMicros,
      priceBreaks: line.priceBreaks,
      appliedUnitPriceMicros: priced.appliedUnitPriceMicros,
      lineTotalCents: priced.lineTotalCents,
      leadTime: line.leadTime,
      minimumOrderQuantity: line.minimumOrderQuantity,
      ...(line.alternative && alt
        ? {
            alternative: {
              partId: alt.id,
              partNumber: alt.partNumber,
              name: alt.name,
              slug: alt.slug,
              unitPriceMicros: line.alternative.unitPriceMicros,
              lineTotalCents: priced.alternativeLineTotalCents!,
              ...(line.alternative.note ? { note: line.alternative.note } : {}),
            },
          }
        : {}),
      ...(line.note ? { note: line.note } : {}),
    };
  });
  const total = sumCents(lines.map((l) => (l.status === 'offered' ? l.lineTotalCents : 0)));
  // Whole cents stay exact in a double up to 2^53; past that (≈ $90 trillion) nothing is stored.
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new ValidationError('The offer total is too large');
  return {
    quoteId: quote.id,
    version: meta.version,
    sentAt: meta.at.toISOString(),
    sentBy: meta.by,
    validUntil: input.validUntil,
    ...(input.message ? { message: input.message } : {}),
    lines,
    totalCents: Number(total),
    state: 'open',
  };
}

/** The buyer's choice for every line of the offer (a line left out is declined), or a 400 naming the first problem. */
export function acceptedChoices(offer: Offer, input: AcceptOfferInput): { itemId: number; choice: LineChoice }[] {
  const lines = new Map(offer.lines.map((l) => [l.itemId, l]));
  const choices = new Map<number, LineChoice>();
  const issues: ErrorIssue[] = [];
  input.lines.forEach((c, i) => {
    const line = lines.get(c.itemId);
    if (!line) issues.push({ path: `lines.${i}.itemId`, message: `Line ${c.itemId} is not part of this offer` });
    else if (choices.has(c.itemId)) issues.push({ path: `lines.${i}.itemId`, message: `Line ${c.itemId} is answered twice` });
    else if (line.status === 'cannot_supply' && c.choice !== 'declined')
      issues.push({ path: `lines.${i}.choice`, message: `Line ${c.itemId} cannot be supplied` });
    else if (c.choice === 'alternative' && !(line.status === 'offered' && line.alternative)) {
      issues.push({ path: `lines.${i}.choice`, message: `Line ${c.itemId} has no alternative to choose` });
    }
    choices.set(c.itemId, c.choice);
  });
  for (const line of offer.lines) {
    if (line.status === 'offered' && !choices.has(line.itemId))
      issues.push({ path: 'lines', message: `Choose whether to accept line ${line.itemId} (${line.partNumber})` });
  }
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);
  const answers = offer.lines.map((l) => ({ itemId: l.itemId, choice: choices.get(l.itemId) ?? ('declined' as const) }));
  if (answers.every((a) => a.choice === 'declined')) throw new ValidationError('Accept at least one line, or decline the offer');
  return answers;
}
