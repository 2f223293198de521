import { randomUUID } from 'node:crypto';
import { DOWNLOAD_URL_TTL_SECONDS } from '@parts/shared/constants';
import type { Attachment, QuoteEventEntry, QuoteRequest, WaitingFor } from '@parts/shared/schemas';
import {
  MAX_OFFER_VERSIONS,
  MAX_QUOTE_MESSAGES,
  MESSAGES_PAGE_SIZE,
  formatCents,
  utcDay,
  type AcceptOfferInput,
  type DeclineOfferInput,
  type MessageInput,
  type MessagePage,
  type Offer,
  type OfferInput,
  type OfferWithPrevious,
  type QuoteMessage,
  type QuoteRequestDetail,
  type RevisionRequestInput,
} from '@parts/shared/quote-offers';
import { acceptedTotal } from '@parts/shared/offer-pricing';
import { asOfToday, effectiveOfferState, type OfferActor, type OfferEvent } from '@parts/shared/quote-transitions';
import type { SiteSettings } from '@parts/shared/site-settings';
import type { Env } from '../../config/env';
import { siteSettings } from '../../config/site-settings';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import type { Logger } from '../../lib/logger';
import type { BlobStore } from '../../ports/blob-store';
import type { CatalogRepository } from '../catalog';
import type { MailQueue, OutboxMail } from '../mail';
import type { QuoteEventWrite, QuoteRepository } from './ports/quote-repository';
import { createAttachmentIntake, quoteAttachmentPrefix, type IncomingFile } from './attachments';
import { acceptedChoices, buildOffer } from './offer-builder';
import { allowedMove, assertMayAct, eventEntry } from './offer-moves';
import { quoteMails } from './quote-notifications';
import { createQuoteService } from './quote-service';

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
  now?: () => Date;
}

const NOT_FOUND = 'Quote request not found';

const isOwner = (quote: QuoteRequest, user: Actor) => quote.submittedBy !== undefined && quote.submittedBy.toLowerCase() === user.username.toLowerCase();
/** What the user is on this request, in the transition table's words. */
const rolesOf = (quote: QuoteRequest, user: Actor): OfferActor[] => [...(isOwner(quote, user) ? ['buyer' as const] : []), ...(user.isAdmin ? ['admin' as const] : [])];
const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The quote loop (docs/quote-loop.md): the reseller sends priced offer versions, the buyer accepts
 * them whole or line by line, declines or asks for a revision, and both write messages. Every step is
 * one conditional transaction with its history entry and its mails; the mails go out afterwards.
 */
export function createQuoteLoopService(deps: QuoteLoopDeps) {
  const now = deps.now ?? (() => new Date());
  const today = () => utcDay(now());
  const site: SiteSettings = siteSettings(deps.env);
  const intake = createAttachmentIntake(deps);
  const requests = createQuoteService(deps);

  const event = (by: string, kind: QuoteEventEntry['event'], extra: Omit<QuoteEventEntry, 'at' | 'by' | 'event'> = {}) => eventEntry(now(), by, kind, extra);

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

  async function withLinks(attachments: Attachment[]): Promise<Attachment[]> {
    return Promise.all(attachments.map(async (a) => ({ ...a, url: await deps.blobs.presignGet('attachments', a.key, DOWNLOAD_URL_TTL_SECONDS, a.fileName) })));
  }

  async function storeMessage(
    user: Actor,
    read: QuoteRequest,
    body: string,
    attachments: Attachment[],
  ): Promise<{ quote: QuoteRequest; message: QuoteMessage }> {
    const from = user.isAdmin ? 'reseller' : 'buyer';
    let quote = read;
    for (let attempt = 1; ; attempt++) {
      if ((quote.messageCount ?? 0) >= MAX_QUOTE_MESSAGES) throw new ConflictError(`This conversation already holds ${MAX_QUOTE_MESSAGES} messages`);
      const message: QuoteMessage = {
        id: randomUUID(),
        quoteId: quote.id,
        seq: (quote.messageCount ?? 0) + 1,
        at: now().toISOString(),
        by: user.username,
        from,
        body,
        attachments,
      };
      // A message passes the turn to the other side; after an accepted offer the reseller's notes wait for nobody.
      const waitingFor: WaitingFor | null = from === 'buyer' ? 'reseller' : quote.offer?.state === 'accepted' ? null : 'buyer';
      const write: QuoteEventWrite = {
        event: event(user.username, 'message', { note: clip(body) }),
        waitingFor,
        mails: quoteMails.newMessage(site, quote, message),
      };
      try {
        const updated = await commit(quote.id, write, () => deps.quotes.addMessage(quote, message, write));
        return { quote: updated, message: { ...message, attachments: await withLinks(message.attachments) } };
      } catch (err) {
        // Someone else wrote at the same moment: take the next number.
        if (!(err instanceof ConflictError) || attempt >= 5) throw err;
        quote = asOfToday((await deps.quotes.getQuoteRequest(quote.id)) ?? quote, today());
      }
    }
  }

  return {
    readable,

    async detail(user: Actor, id: number): Promise<QuoteRequestDetail> {
      const quote = await readable(user, id);
      const [summaries, linked] = await Promise.all([deps.quotes.listOfferSummaries(id), requests.withDownloadLinks(quote)]);
      // The latest version reads as the request's summary does (expired once its last valid day is over).
      const offers = summaries.map((o) => (o.version === quote.offer?.version ? { ...o, state: quote.offer.state } : o));
      return { ...linked, offers };
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
      };
      const updated = await commit(id, write, () => deps.quotes.sendOffer(quote, offer, write));
      return { quote: updated, offer };
    },

    async accept(buyer: Actor, id: number, version: number, input: AcceptOfferInput): Promise<{ quote: QuoteRequest; offer: Offer }> {
      const { quote, offer } = await answerable(buyer, id, version, 'accept');
      const answers = acceptedChoices(offer, input);
      const accepted = answers.filter((a) => a.choice !== 'declined');
      const total = acceptedTotal(offer, answers);
      const offeredCount = offer.lines.filter((l) => l.status === 'offered').length;
      const summary = `${accepted.length} of ${offeredCount} ${offeredCount === 1 ? 'line' : 'lines'}, ${formatCents(total)}`;
      const response = { kind: 'accepted' as const, at: now().toISOString(), by: buyer.username, lines: answers, acceptedTotalCents: total };
      const write: QuoteEventWrite = {
        event: event(buyer.username, 'offer_accepted', { version, note: summary }),
        waitingFor: 'reseller',
        mails: quoteMails.offerAccepted(site, quote, offer, summary),
      };
      const updated = await commit(id, write, () => deps.quotes.transitionOffer(quote, { event: 'accept', response, acceptedTotalCents: total }, write));
      return { quote: updated, offer: { ...offer, state: 'accepted', response } };
    },

    async decline(buyer: Actor, id: number, version: number, input: DeclineOfferInput): Promise<QuoteRequest> {
      const { quote, offer } = await answerable(buyer, id, version, 'decline');
      const response = { kind: 'declined' as const, at: now().toISOString(), by: buyer.username, text: input.reason };
      const write: QuoteEventWrite = {
        event: event(buyer.username, 'offer_declined', { version, note: clip(input.reason) }),
        waitingFor: null,
        mails: quoteMails.offerDeclined(site, quote, offer, input.reason),
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
      };
      return commit(id, write, () => deps.quotes.transitionOffer(quote, { event: 'request_revision', response }, write));
    },

    async messages(user: Actor, id: number, cursor: string | undefined): Promise<MessagePage> {
      await readable(user, id);
      const page = await deps.quotes.listMessages(id, { limit: MESSAGES_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
      const data = await Promise.all(page.data.map(async (m) => ({ ...m, attachments: await withLinks(m.attachments) })));
      return { data, nextCursor: page.nextCursor };
    },

    /** Multipart: every file is checked before the first byte is written; written files go if the message is not stored. */
    async addMessageWithFiles(user: Actor, id: number, body: string, files: IncomingFile[]) {
      const checked = intake.checkFiles(files);
      const quote = await readable(user, id);
      const written: string[] = [];
      try {
        const attachments = await intake.storeFiles(`${quoteAttachmentPrefix(id)}messages/`, checked, files, written);
        return await storeMessage(user, quote, body, attachments);
      } catch (err) {
        await intake.removeWritten(written);
        throw err;
      }
    },

    /** JSON: presigned uploads are checked and moved under the request, as for the request itself. */
    async addMessage(user: Actor, id: number, input: MessageInput) {
      const quote = await readable(user, id);
      const uploaded = await intake.checkUploadedKeys(user, input.attachmentKeys);
      const written: string[] = [];
      let result;
      try {
        const attachments = await intake.claimUploads(user, `${quoteAttachmentPrefix(id)}messages/`, uploaded, written);
        result = await storeMessage(user, quote, input.body, attachments);
      } catch (err) {
        await intake.removeWritten(written);
        throw err;
      }
      await intake.releaseUploads(uploaded);
      return result;
    },

    site,
  };
}
export type QuoteLoopService = ReturnType<typeof createQuoteLoopService>;
