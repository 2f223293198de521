import type { Offer, OfferLine } from './quote-offers';

/**
 * What the buyer's acceptance did to each line of a version, in the words every side reads (web, PDF,
 * mails): a line the reseller could not supply is "Cannot supply", never "Declined" (the buyer declined
 * nothing; the stored choice for it is `declined` only because it cannot be taken).
 */
export type LineAnswer = 'accepted' | 'alternative' | 'declined' | 'cannot_supply';

export const LINE_ANSWER_TEXT: Record<LineAnswer, string> = {
  accepted: 'Accepted',
  alternative: 'Accepted the alternative',
  declined: 'Declined',
  cannot_supply: 'Cannot supply',
};

/** Each line with its answer, in the offer's order; undefined unless the version was accepted. */
export function lineAnswers(offer: Pick<Offer, 'lines' | 'response'>): { line: OfferLine; answer: LineAnswer }[] | undefined {
  if (offer.response?.kind !== 'accepted' || !offer.response.lines) return undefined;
  const choices = new Map(offer.response.lines.map((c) => [c.itemId, c.choice]));
  return offer.lines.map((line) => {
    if (line.status === 'cannot_supply') return { line, answer: 'cannot_supply' as const };
    const choice = choices.get(line.itemId) ?? 'declined';
    return { line, answer: choice === 'offered' ? ('accepted' as const) : choice };
  });
}
