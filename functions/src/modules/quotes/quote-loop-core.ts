import type { QuoteEventEntry, QuoteRequest, StatusChange } from '@parts/shared/schemas';
import { utcDay, type Offer } from '@parts/shared/quote-offers';
import { asOfToday, statusAfter, type OfferActor, type OfferEvent } from '@parts/shared/quote-transitions';
import type { SiteSettings } from '@parts/shared/site-settings';
import type { Env } from '../../config/env';
import { siteSettings } from '../../config/site-settings';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { Logger } from '../../lib/logger';
import type { BlobStore } from '../../ports/blob-store';
import type { CatalogRepository } from '../catalog';
import type { MailQueue, OutboxMail } from '../mail';
import { createWebhookEvents, type WebhookQueue, type WebhookRepository } from '../webhooks';
import type { QuoteEventWrite, QuoteRepository } from './ports/quote-repository';
import { allowedMove, assertMayAct, eventEntry } from './offer-moves';

export interface Actor {
  id: number;
  username: string;
  isAdmin: boolean;
}

export interface QuoteLoopDeps {
  env: Env;
  logger: Logger;
  catalog: CatalogRepository;
  /** The quote aggregate: one repository for the request, its offer versions and messages. */
  quotes: QuoteRepository;
  blobs: BlobStore;
  mailQueue?: MailQueue;
  /** Where the steps' webhook deliveries are stored and sent from (ADR 123); without it no webhooks. */
  webhooks?: WebhookRepository;
  webhookQueue?: WebhookQueue;
  now?: () => Date;
}

const NOT_FOUND = 'Quote request not found';

export const isOwner = (quote: QuoteRequest, user: Actor) => quote.submittedBy !== undefined && quote.submittedBy.toLowerCase() === user.username.toLowerCase();
/** What the user is on this request, in the transition table's words. */
export const rolesOf = (quote: QuoteRequest, user: Actor): OfferActor[] => [
  ...(isOwner(quote, user) ? ['buyer' as const] : []),
  ...(user.isAdmin ? ['admin' as const] : []),
];
export const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What every quote-loop step shares: the clock, the site, reading a request as the user may see it, and storing a step. */
export function createLoopCore(deps: QuoteLoopDeps) {
  const now = deps.now ?? (() => new Date());
  const today = () => utcDay(now());
  const site: SiteSettings = siteSettings(deps.env);
  const webhooks = createWebhookEvents(deps);

  const event = (by: string, kind: QuoteEventEntry['event'], extra: Omit<QuoteEventEntry, 'at' | 'by' | 'event'> = {}) => eventEntry(now(), by, kind, extra);

  /** The status change `move` makes on `quote` by default (ADR 114), for the write; none when it leaves the status as it is. */
  const statusMove = (quote: QuoteRequest, move: OfferEvent, by: string): { status?: StatusChange } => {
    const to = statusAfter(move);
    return to && to !== quote.status ? { status: { at: now().toISOString(), by, from: quote.status, to } } : {};
  };

  /** Mails are stored with the data; this only asks for them to go out now. */
  function sendSoon(mails: OutboxMail[]) {
    if (mails.length === 0 || !deps.mailQueue) return;
    try {
      deps.mailQueue.kick(mails.map((m) => m.id));
    } catch (err) {
      deps.logger.warn('mail.kick_failed', { error: String(err) });
    }
  }

  /** Stores one step (the repository answers the request as written), logs it and asks for its mails to go out. */
  async function commit(quoteId: number, write: QuoteEventWrite, action: () => Promise<QuoteRequest>): Promise<QuoteRequest> {
    const updated = await action();
    deps.logger.info('quote.event', { quoteId, event: write.event.event, by: write.event.by, version: write.event.version });
    sendSoon(write.mails);
    webhooks.sendSoon(write.webhooks ?? []);
    return asOfToday(updated, today());
  }

  /**
   * A request the user may see, as it reads today (an offer past its validity shows as expired, computed:
   * the scheduled job records it, ADR 113): the admin any, a buyer only their own; anything else is "not found".
   */
  async function readable(user: Actor, id: number): Promise<QuoteRequest> {
    const quote = await deps.quotes.getQuoteRequest(id);
    if (!quote || !(user.isAdmin || isOwner(quote, user))) throw new NotFoundError(NOT_FOUND);
    return asOfToday(quote, today());
  }

  /** The latest version, answered by the buyer who asked (the reseller sees it, but cannot answer for them): the table's checks. */
  async function answerable(user: Actor, id: number, version: number, answer: OfferEvent): Promise<{ quote: QuoteRequest; offer: Offer }> {
    const quote = await readable(user, id);
    assertMayAct(answer, rolesOf(quote, user));
    const offer = await deps.quotes.getOffer(id, version);
    if (!offer || !quote.offer) throw new NotFoundError('Offer not found');
    if (quote.offer.version !== version) {
      throw new ConflictError(`Version ${quote.offer.version} of this offer replaces version ${version}; answer the latest version`);
    }
    allowedMove(answer, quote);
    return { quote, offer };
  }

  return { deps, now, today, site, event, statusMove, commit, readable, answerable, webhooks };
}
export type LoopCore = ReturnType<typeof createLoopCore>;
