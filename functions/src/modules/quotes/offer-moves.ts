import type { QuoteEventEntry, QuoteRequest } from '@parts/shared/schemas';
import { OFFER_TRANSITIONS, offerTransition, type OfferActor, type OfferEvent, type OfferTransition } from '@parts/shared/quote-transitions';
import { ConflictError, ForbiddenError } from '../../domain/errors';

/** Who acts for the reseller when the system records something on its own (an offer running out). */
export const SYSTEM_ACTOR = 'system';

/** Built on first use: an Intl formatter with a time zone costs ~15 ms to build, at every cold start (ADR 083). */
let longDate: Intl.DateTimeFormat | undefined;
export const formatDay = (day: string) =>
  (longDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));
export const expiredMessage = (validUntil: string) =>
  `This offer expired on ${formatDay(validUntil)} and can no longer be accepted. Ask for a revision to get a new offer.`;

const WHO_MAY: Record<OfferActor, string> = {
  buyer: 'Only the buyer who asked for this quote can answer its offers',
  admin: 'Only the reseller can send offers',
  system: 'Only the scheduled expiry job records that an offer ran out',
};

/** 403 unless one of `roles` is who the table lets make `event` (one actor per event). */
export function assertMayAct(event: OfferEvent, roles: OfferActor[]): void {
  const who = OFFER_TRANSITIONS.find((x) => x.event === event)!.who;
  if (!roles.includes(who)) throw new ForbiddenError(WHO_MAY[who]);
}

/**
 * The transition `event` makes from the request's latest offer as it reads today (`asOfToday`), from the
 * table (`@parts/shared/quote-transitions`); 409 with the reason when the table has no such move.
 */
export function allowedMove(event: OfferEvent, quote: Pick<QuoteRequest, 'offer'>): OfferTransition {
  const offer = quote.offer;
  const from = offer?.state ?? 'none';
  const move = offerTransition(event, from);
  if (move) return move;
  if (from === 'expired' && (event === 'accept' || event === 'decline')) throw new ConflictError(expiredMessage(offer!.validUntil));
  if (from === 'accepted' && event === 'send') throw new ConflictError(`The buyer accepted version ${offer!.version}; it can no longer be revised`);
  if (from === 'none') throw new ConflictError('This quote request has no offer yet');
  throw new ConflictError(`This offer was already ${from.replace('_', ' ')}`);
}

export function eventEntry(at: Date, by: string, kind: QuoteEventEntry['event'], extra: Omit<QuoteEventEntry, 'at' | 'by' | 'event'> = {}): QuoteEventEntry {
  return { at: at.toISOString(), by, event: kind, ...extra };
}
