import type { QuoteStatus } from './constants';
import type { OfferState, OfferSummary, QuoteRequest, WaitingFor } from './schemas';

/**
 * The offer's states and what moves it between them (docs/quote-loop.md, "States"): the one table the
 * server's checks, the repository's conditions and the web's buttons all read. An event not listed from
 * a state is refused (409 on the API).
 */

export type OfferEvent = 'send' | 'accept' | 'decline' | 'request_revision' | 'expire' | 'extend';
/** buyer: the account that submitted the request; admin: the reseller; system: the scheduled expiry job. */
export type OfferActor = 'buyer' | 'admin' | 'system';
/** The latest version's state; 'none' before the first offer is sent. */
export type OfferFrom = OfferState | 'none';

export interface OfferTransition {
  from: OfferFrom;
  event: OfferEvent;
  to: OfferState;
  who: OfferActor;
  status?: QuoteStatus;
}

/** The request status each event sets (ADR 114): one per event, whatever state it starts from. */
const STATUS_AFTER: Partial<Record<OfferEvent, QuoteStatus>> = {
  send: 'processing',
  accept: 'approved',
  decline: 'rejected',
  request_revision: 'processing',
};

const t = (from: OfferFrom, event: OfferEvent, to: OfferState, who: OfferActor): OfferTransition => ({
  from,
  event,
  to,
  who,
  ...(STATUS_AFTER[event] ? { status: STATUS_AFTER[event] } : {}),
});

/** Sending makes a new version N+1 (open); every other event moves the latest version N (extend: its validity date). */
export const OFFER_TRANSITIONS: readonly OfferTransition[] = [
  t('none', 'send', 'open', 'admin'),
  t('open', 'send', 'open', 'admin'),
  t('declined', 'send', 'open', 'admin'),
  t('revision_requested', 'send', 'open', 'admin'),
  t('expired', 'send', 'open', 'admin'),
  t('open', 'accept', 'accepted', 'buyer'),
  t('open', 'decline', 'declined', 'buyer'),
  t('open', 'request_revision', 'revision_requested', 'buyer'),
  t('expired', 'request_revision', 'revision_requested', 'buyer'),
  t('declined', 'request_revision', 'revision_requested', 'buyer'),
  t('open', 'expire', 'expired', 'system'),
  // The reseller moves the validity date of the latest version, without a new version; an expired one opens again.
  t('open', 'extend', 'open', 'admin'),
  t('expired', 'extend', 'open', 'admin'),
];

/** The transition `event` makes from `from`, or undefined when the table has none (the event is refused). */
export function offerTransition(event: OfferEvent, from: OfferFrom): OfferTransition | undefined {
  return OFFER_TRANSITIONS.find((x) => x.event === event && x.from === from);
}

/** The stored states `event` may start from (the repository's write condition). */
export function offerEventFrom(event: OfferEvent): OfferFrom[] {
  return OFFER_TRANSITIONS.filter((x) => x.event === event).map((x) => x.from);
}

/** The state `event` leads to (the same from every state it is allowed from). */
export function offerEventTo(event: OfferEvent): OfferState {
  return OFFER_TRANSITIONS.find((x) => x.event === event)!.to;
}

/** The request status `event` sets by default (ADR 114), or undefined when it leaves the status alone. */
export function statusAfter(event: OfferEvent): QuoteStatus | undefined {
  return OFFER_TRANSITIONS.find((x) => x.event === event)?.status;
}

/** Whether `who` may make `event` from `from`. */
export function mayMove(event: OfferEvent, from: OfferFrom, who: OfferActor): boolean {
  return offerTransition(event, from)?.who === who;
}

/** An open offer whose last valid day is over has expired, whether or not the scheduled job recorded it yet. */
export function effectiveOfferState(offer: Pick<OfferSummary, 'state' | 'validUntil'>, today: string): OfferState {
  return offer.state === 'open' && offer.validUntil < today ? 'expired' : offer.state;
}

/**
 * A request as it stands today: an open latest offer past its validity shows as expired and waits for the
 * reseller, computed on read. The scheduled job records it later (history entry, stored state); no read writes.
 */
export function asOfToday<Q extends Pick<QuoteRequest, 'offer' | 'waitingFor'>>(quote: Q, today: string): Q {
  if (!quote.offer || effectiveOfferState(quote.offer, today) === quote.offer.state) return quote;
  return { ...quote, offer: { ...quote.offer, state: 'expired' }, waitingFor: 'reseller' };
}

/** Whose move it is on a request; a rejected or completed request waits for nobody. */
export function waitingOn(quote: Pick<QuoteRequest, 'status' | 'waitingFor' | 'offer'>, today: string): WaitingFor | null {
  if (quote.status === 'rejected' || quote.status === 'completed') return null;
  if (quote.offer && effectiveOfferState(quote.offer, today) === 'expired') return 'reseller';
  if (quote.waitingFor) return quote.waitingFor;
  // Requests stored before the quote loop: a new one waits for the reseller.
  return quote.offer ? null : 'reseller';
}
