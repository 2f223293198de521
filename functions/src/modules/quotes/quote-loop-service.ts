import type { QuoteRequest } from '@parts/shared/schemas';
import {
  MAX_OFFER_VALIDITY_DAYS,
  MAX_OFFER_VERSIONS,
  addDays,
  formatCents,
  type DeclineOfferInput,
  type ExtendOfferInput,
  type Offer,
  type OfferInput,
  type OfferWithPrevious,
  type QuoteRequestDetail,
  type RevisionRequestInput,
} from '@parts/shared/quote-offers';
import { effectiveOfferState } from '@parts/shared/quote-transitions';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import type { QuoteEventWrite } from './ports/quote-repository';
import { buildOffer } from './offer-builder';
import { createOfferAcceptance } from './offer-acceptance';
import { createOrderService } from './order-service';
import { allowedMove, assertMayAct } from './offer-moves';
import { quoteMails } from './quote-notifications';
import { createQuoteService } from './quote-service';
import { clip, createLoopCore, rolesOf, type Actor, type QuoteLoopDeps } from './quote-loop-core';
import { createQuoteMessages } from './quote-messages';
import { offerSentData } from './quote-webhooks';

export type { Actor, QuoteLoopDeps } from './quote-loop-core';

/**
 * The quote loop (docs/quote-loop.md): the reseller sends priced offer versions, the buyer accepts
 * them whole or line by line, declines or asks for a revision (each move checked against the transition
 * table), and both write messages (quote-messages.ts). Every step is one conditional transaction with its
 * history entry and its mails; the mails go out afterwards.
 */
export function createQuoteLoopService(deps: QuoteLoopDeps) {
  const core = createLoopCore(deps);
  const { now, today, site, event, statusMove, commit, readable, answerable, webhooks } = core;
  const requests = createQuoteService(deps);
  const orders = createOrderService(core);

  return {
    readable,

    async detail(user: Actor, id: number): Promise<QuoteRequestDetail> {
      const quote = await readable(user, id);
      const [summaries, linked] = await Promise.all([deps.quotes.listOfferSummaries(id), requests.withDownloadLinks(quote)]);
      // The latest version reads as the request's summary does (expired once its last valid day is over).
      const offers = summaries.map((o) => (o.version === quote.offer?.version ? { ...o, state: quote.offer.state } : o));
      const order = quote.offer?.state === 'accepted' ? await orders.orderOf(quote) : undefined;
      return { ...linked, offers, ...(order ? { order } : {}), poNumber: site.poNumber };
    },

    async offer(user: Actor, id: number, version: number): Promise<OfferWithPrevious> {
      const quote = await readable(user, id);
      const [offer, previous] = await Promise.all([
        deps.quotes.getOffer(id, version),
        version > 1 ? deps.quotes.getOffer(id, version - 1) : Promise.resolve(undefined),
      ]);
      if (!offer) throw new NotFoundError('Offer not found');
      const state = version === quote.offer?.version ? effectiveOfferState(offer, today()) : offer.state;
      return { offer: { ...offer, state }, ...(previous ? { previous } : {}) };
    },

    async sendOffer(admin: Actor, id: number, input: OfferInput): Promise<{ quote: QuoteRequest; offer: Offer }> {
      const quote = await readable(admin, id);
      assertMayAct('send', rolesOf(quote, admin));
      const latest = quote.offer?.version ?? 0;
      allowedMove('send', quote);
      if (input.basedOnVersion !== latest) {
        throw new ConflictError(`Version ${latest} was sent in the meantime; reload the quote request and revise that version`);
      }
      if (latest >= MAX_OFFER_VERSIONS) throw new ValidationError(`A quote request can have at most ${MAX_OFFER_VERSIONS} offer versions`);
      if (quote.items.length === 0) throw new ValidationError('This quote request has no lines to offer');
      const offer = await buildOffer(deps.catalog, quote, input, { version: latest + 1, by: admin.username, at: now(), today: today() });
      const write: QuoteEventWrite = {
        event: event(admin.username, 'offer_sent', { version: offer.version, note: `${formatCents(offer.totalCents)}, valid until ${offer.validUntil}` }),
        waitingFor: 'buyer',
        mails: quoteMails.offerSent(site, quote, offer),
        webhooks: await webhooks.deliveriesFor('offer.sent', offerSentData(offer)),
        ...statusMove(quote, 'send', admin.username),
      };
      const updated = await commit(id, write, () => deps.quotes.sendOffer(quote, offer, write));
      return { quote: updated, offer };
    },

    async decline(buyer: Actor, id: number, version: number, input: DeclineOfferInput): Promise<QuoteRequest> {
      const { quote, offer } = await answerable(buyer, id, version, 'decline');
      const response = { kind: 'declined' as const, at: now().toISOString(), by: buyer.username, text: input.reason };
      const write: QuoteEventWrite = {
        event: event(buyer.username, 'offer_declined', { version, note: clip(input.reason) }),
        waitingFor: null,
        mails: quoteMails.offerDeclined(site, quote, offer, input.reason),
        ...statusMove(quote, 'decline', buyer.username),
      };
      return commit(id, write, () => deps.quotes.transitionOffer(quote, { event: 'decline', response }, write));
    },

    /** Allowed while the offer is open, after it expired or after a decline (the table): the reseller then sends version N+1. */
    async requestRevision(buyer: Actor, id: number, version: number, input: RevisionRequestInput): Promise<QuoteRequest> {
      const { quote, offer } = await answerable(buyer, id, version, 'request_revision');
      const response = { kind: 'revision_requested' as const, at: now().toISOString(), by: buyer.username, text: input.message };
      const write: QuoteEventWrite = {
        event: event(buyer.username, 'revision_requested', { version, note: clip(input.message) }),
        waitingFor: 'reseller',
        mails: quoteMails.revisionRequested(site, quote, offer, input.message),
        ...statusMove(quote, 'request_revision', buyer.username),
      };
      return commit(id, write, () => deps.quotes.transitionOffer(quote, { event: 'request_revision', response }, write));
    },

    /** The reseller moves the latest version's validity date without a new version (an expired one opens again). */
    async extendOffer(admin: Actor, id: number, version: number, input: ExtendOfferInput): Promise<QuoteRequest> {
      const quote = await readable(admin, id);
      assertMayAct('extend', rolesOf(quote, admin));
      const offer = await deps.quotes.getOffer(id, version);
      if (!offer || !quote.offer) throw new NotFoundError('Offer not found');
      if (quote.offer.version !== version) throw new ConflictError(`Version ${quote.offer.version} replaces version ${version}; extend the latest version`);
      allowedMove('extend', quote);
      const { validUntil } = input;
      if (validUntil <= offer.validUntil) throw new ValidationError(`Choose a day after the current validity date, ${offer.validUntil}`);
      if (validUntil < today()) throw new ValidationError('The offer must be valid until today or later');
      if (validUntil > addDays(today(), MAX_OFFER_VALIDITY_DAYS))
        throw new ValidationError(`The offer can be valid for at most ${MAX_OFFER_VALIDITY_DAYS} days`);
      const write: QuoteEventWrite = {
        event: event(admin.username, 'offer_extended', { version, note: `Valid until ${validUntil} (was ${offer.validUntil})` }),
        waitingFor: 'buyer',
        mails: quoteMails.offerExtended(site, quote, offer, validUntil),
      };
      return commit(id, write, () => deps.quotes.extendOffer(quote, validUntil, write));
    },

    site,
    ...createQuoteMessages(core),
    ...createOfferAcceptance(core),
  };
}
export type QuoteLoopService = ReturnType<typeof createQuoteLoopService>;
