import { randomUUID } from 'node:crypto';
import { DOWNLOAD_URL_TTL_SECONDS } from '@parts/shared/constants';
import type { Attachment, QuoteEventEntry, QuoteRequest, WaitingFor } from '@parts/shared/schemas';
import {
  MAX_OFFER_VALIDITY_DAYS,
  MAX_OFFER_VERSIONS,
  MAX_QUOTE_MESSAGES,
  MESSAGES_PAGE_SIZE,
  acceptedTotal,
  addDays,
  effectiveOfferState,
  formatCents,
  lineIdentity,
  unitPriceFor,
  utcDay,
  type AcceptOfferInput,
  type DeclineOfferInput,
  type MessageInput,
  type MessagePage,
  type Offer,
  type OfferInput,
  type OfferLine,
  type OfferWithPrevious,
  type QuoteMessage,
  type QuoteRequestDetail,
  type RevisionRequestInput,
} from '@parts/shared/quote-offers';
import { lineTotalCents } from '@parts/shared/numbers/money';
import type { SiteSettings } from '@parts/shared/site-settings';
import type { Env } from '../../config/env';
import { siteSettings } from '../../config/site-settings';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type ErrorIssue } from '../../domain/errors';
import type { Logger } from '../../lib/logger';
import type { BlobStore } from '../../ports/blob-store';
import type { CatalogRepository } from '../catalog';
import type { MailQueue, OutboxMail } from '../mail';
import type { QuoteRepository } from './ports/quote-repository';
import type { QuoteEventWrite, QuoteThreadRepository } from './ports/quote-thread-repository';
import { createAttachmentIntake, quoteAttachmentPrefix, type IncomingFile } from './attachments';
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
  quotes: QuoteRepository;
  quoteThreads: QuoteThreadRepository;
  blobs: BlobStore;
  mailQueue?: MailQueue;
  now?: () => Date;
}

/** Who acts for the reseller when the system records something on its own (an offer running out). */
export const SYSTEM_ACTOR = 'system';

const NOT_FOUND = 'Quote request not found';
/** Built on first use: an Intl formatter with a time zone costs ~15 ms to build, at every cold start (ADR 083). */
let longDate: Intl.DateTimeFormat | undefined;
export const formatDay = (day: string) =>
  (longDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));
export const expiredMessage = (validUntil: string) =>
  `This offer expired on ${formatDay(validUntil)} and can no longer be accepted. Ask for a revision to get a new offer.`;

const isOwner = (quote: QuoteRequest, user: Actor) => quote.submittedBy !== undefined && quote.submittedBy.toLowerCase() === user.username.toLowerCase();
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

  function event(by: string, kind: QuoteEventEntry['event'], extra: Omit<QuoteEventEntry, 'at' | 'by' | 'event'> = {}): QuoteEventEntry {
    return { at: now().toISOString(), by, event: kind, ...extra };
  }

  /** Mails are stored with the data; this only asks for them to go out now. */
  function sendSoon(mails: OutboxMail[]) {
    if (mails.length === 0 || !deps.mailQueue) return;
    try {
      deps.mailQueue.kick(mails.map((m) => m.id));
    } catch (err) {
      deps.logger.warn('mail.kick_failed', { error: String(err) });
    }
  }

  /** Stores one step, logs it, asks for its mails to go out, and answers the request as it now is. */
  async function commit(quoteId: number, write: QuoteEventWrite, action: () => Promise<void>): Promise<QuoteRequest> {
    await action();
    deps.logger.info('quote.event', { quoteId, event: write.event.event, by: write.event.by, version: write.event.version });
    sendSoon(write.mails);
    const quote = await deps.quotes.getQuoteRequest(quoteId);
    if (!quote) throw new NotFoundError(NOT_FOUND);
    return quote;
  }

  /** A request the user may see: the admin any, a buyer only their own; anything else is "not found". */
  async function readable(user: Actor, id: number): Promise<QuoteRequest> {
    const quote = await deps.quotes.getQuoteRequest(id);
    if (!quote || !(user.isAdmin || isOwner(quote, user))) throw new NotFoundError(NOT_FOUND);
    return expireIfDue(quote);
  }

  /** Only the buyer who asked answers an offer (the reseller sees it, but cannot accept for them). */
  async function answerable(user: Actor, id: number, version: number): Promise<{ quote: QuoteRequest; offer: Offer }> {
    const quote = await readable(user, id);
    if (!isOwner(quote, user)) throw new ForbiddenError('Only the buyer who asked for this quote can answer its offers');
    const offer = await deps.quoteThreads.getOffer(id, version);
    if (!offer || !quote.offer) throw new NotFoundError('Offer not found');
    if (quote.offer.version !== version) {
      throw new ConflictError(`Version ${quote.offer.version} of this offer replaces version ${version}; answer the latest version`);
    }
    return { quote, offer };
  }

  /** Records that the latest offer ran out, once, the first time anyone looks after its last valid day. */
  async function expireIfDue(quote: QuoteRequest): Promise<QuoteRequest> {
    if (!quote.offer || quote.offer.state !== 'open' || effectiveOfferState(quote.offer, today()) !== 'expired') return quote;
    const write: QuoteEventWrite = {
      event: event(SYSTEM_ACTOR, 'offer_expired', { version: quote.offer.version, note: `Valid until ${quote.offer.validUntil}` }),
      waitingFor: 'reseller',
      mails: [],
    };
    try {
      return await commit(quote.id, write, () => deps.quoteThreads.transitionOffer(quote.id, quote.offer!.version, { from: ['open'], to: 'expired' }, write));
    } catch (err) {
      // Someone else recorded it (or answered) a moment ago: their state is the truth.
      if (!(err instanceof ConflictError)) throw err;
      return (await deps.quotes.getQuoteRequest(quote.id)) ?? quote;
    }
  }

  async function withLinks(attachments: Attachment[]): Promise<Attachment[]> {
    return Promise.all(attachments.map(async (a) => ({ ...a, url: await deps.blobs.presignGet('attachments', a.key, DOWNLOAD_URL_TTL_SECONDS, a.fileName) })));
  }

  /** Builds the frozen version from the reseller's input: every line checked, every total computed here. */
  async function buildOffer(quote: QuoteRequest, input: OfferInput, version: number, by: string): Promise<Offer> {
    const issues: ErrorIssue[] = [];
    const fail = (path: string, message: string) => issues.push({ path, message });
    const day = today();
    if (input.validUntil < day) fail('validUntil', 'The offer must be valid until today or later');
    else if (input.validUntil > addDays(day, MAX_OFFER_VALIDITY_DAYS)) fail('validUntil', `The offer can be valid for at most ${MAX_OFFER_VALIDITY_DAYS} days`);

    const items = new Map(quote.items.map((i) => [i.id, i]));
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

    const altIds = [...new Set(input.lines.flatMap((l) => (l.status === 'offered' && l.alternative ? [l.alternative.partId] : [])))];
    const alternatives = new Map((altIds.length ? await deps.catalog.getParts(altIds) : []).map((p) => [p.id, p]));
    input.lines.forEach((line, i) => {
      if (line.status !== 'offered' || !line.alternative) return;
      if (!alternatives.has(line.alternative.partId)) fail(`lines.${i}.alternative.partId`, `Part ${line.alternative.partId} not found`);
      else if (items.get(line.itemId)?.part?.id === line.alternative.partId)
        fail(`lines.${i}.alternative.partId`, 'Choose a different part as the alternative');
    });
    if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);

    let total = 0n;
    const lines: OfferLine[] = input.lines.map((line) => {
      const item = items.get(line.itemId)!;
      const base = { itemId: item.id, ...lineIdentity(item), requestedQuantity: item.quantity };
      if (line.status === 'cannot_supply') return { ...base, status: 'cannot_supply', reason: line.reason };
      const applied = unitPriceFor(line.unitPriceMicros, line.priceBreaks, line.quantity);
      const lineTotal = lineTotalCents(applied, line.quantity);
      total += lineTotal;
      const alt = line.alternative ? alternatives.get(line.alternative.partId)! : undefined;
      return {
        ...base,
        status: 'offered',
        quantity: line.quantity,
        unitPriceMicros: line.unitPriceMicros,
        priceBreaks: line.priceBreaks,
        appliedUnitPriceMicros: applied,
        lineTotalCents: Number(lineTotal),
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
                lineTotalCents: Number(lineTotalCents(line.alternative.unitPriceMicros, line.quantity)),
                ...(line.alternative.note ? { note: line.alternative.note } : {}),
              },
            }
          : {}),
        ...(line.note ? { note: line.note } : {}),
      };
    });
    // Whole cents stay exact in a double up to 2^53; past that (≈ $90 trillion) nothing is stored.
    if (total > BigInt(Number.MAX_SAFE_INTEGER)) throw new ValidationError('The offer total is too large');
    return {
      quoteId: quote.id,
      version,
      sentAt: now().toISOString(),
      sentBy: by,
      validUntil: input.validUntil,
      ...(input.message ? { message: input.message } : {}),
      lines,
      totalCents: Number(total),
      state: 'open',
    };
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
        const updated = await commit(quote.id, write, () => deps.quoteThreads.addMessage(message, write));
        return { quote: updated, message: { ...message, attachments: await withLinks(message.attachments) } };
      } catch (err) {
        // Someone else wrote at the same moment: take the next number.
        if (!(err instanceof ConflictError) || attempt >= 5) throw err;
        quote = (await deps.quotes.getQuoteRequest(quote.id)) ?? quote;
      }
    }
  }

  return {
    readable,

    async detail(user: Actor, id: number): Promise<QuoteRequestDetail> {
      const quote = await readable(user, id);
      const [offers, linked] = await Promise.all([deps.quoteThreads.listOfferSummaries(id), requests.withDownloadLinks(quote)]);
      return { ...linked, offers };
    },

    async offer(user: Actor, id: number, version: number): Promise<OfferWithPrevious> {
      await readable(user, id);
      const [offer, previous] = await Promise.all([
        deps.quoteThreads.getOffer(id, version),
        version > 1 ? deps.quoteThreads.getOffer(id, version - 1) : Promise.resolve(undefined),
      ]);
      if (!offer) throw new NotFoundError('Offer not found');
      return { offer, ...(previous ? { previous } : {}) };
    },

    async sendOffer(admin: Actor, id: number, input: OfferInput): Promise<{ quote: QuoteRequest; offer: Offer }> {
      const quote = await readable(admin, id);
      const latest = quote.offer?.version ?? 0;
      if (quote.offer?.state === 'accepted') throw new ConflictError(`The buyer accepted version ${latest}; it can no longer be revised`);
      if (input.basedOnVersion !== latest) {
        throw new ConflictError(`Version ${latest} was sent in the meantime; reload the quote request and revise that version`);
      }
      if (latest >= MAX_OFFER_VERSIONS) throw new ValidationError(`A quote request can have at most ${MAX_OFFER_VERSIONS} offer versions`);
      if (quote.items.length === 0) throw new ValidationError('This quote request has no lines to offer');
      const offer = await buildOffer(quote, input, latest + 1, admin.username);
      const write: QuoteEventWrite = {
        event: event(admin.username, 'offer_sent', { version: offer.version, note: `${formatCents(offer.totalCents)}, valid until ${offer.validUntil}` }),
        waitingFor: 'buyer',
        mails: quoteMails.offerSent(site, quote, offer),
      };
      const updated = await commit(id, write, () => deps.quoteThreads.sendOffer(offer, write));
      return { quote: updated, offer };
    },

    async accept(buyer: Actor, id: number, version: number, input: AcceptOfferInput): Promise<{ quote: QuoteRequest; offer: Offer }> {
      const { quote, offer } = await answerable(buyer, id, version);
      if (effectiveOfferState(quote.offer!, today()) === 'expired') throw new ConflictError(expiredMessage(offer.validUntil));
      if (quote.offer!.state !== 'open') throw new ConflictError(`This offer was already ${quote.offer!.state.replace('_', ' ')}`);

      const lines = new Map(offer.lines.map((l) => [l.itemId, l]));
      const choices = new Map<number, AcceptOfferInput['lines'][number]['choice']>();
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
      const accepted = answers.filter((a) => a.choice !== 'declined');
      if (accepted.length === 0) throw new ValidationError('Accept at least one line, or decline the offer');

      const total = acceptedTotal(offer, answers);
      const offeredCount = offer.lines.filter((l) => l.status === 'offered').length;
      const summary = `${accepted.length} of ${offeredCount} ${offeredCount === 1 ? 'line' : 'lines'}, ${formatCents(total)}`;
      const response = { kind: 'accepted' as const, at: now().toISOString(), by: buyer.username, lines: answers, acceptedTotalCents: total };
      const write: QuoteEventWrite = {
        event: event(buyer.username, 'offer_accepted', { version, note: summary }),
        waitingFor: 'reseller',
        mails: quoteMails.offerAccepted(site, quote, offer, summary),
      };
      const updated = await commit(id, write, () =>
        deps.quoteThreads.transitionOffer(id, version, { from: ['open'], to: 'accepted', response, acceptedTotalCents: total }, write),
      );
      return { quote: updated, offer: { ...offer, state: 'accepted', response } };
    },

    async decline(buyer: Actor, id: number, version: number, input: DeclineOfferInput): Promise<QuoteRequest> {
      const { quote, offer } = await answerable(buyer, id, version);
      if (effectiveOfferState(quote.offer!, today()) === 'expired') throw new ConflictError(expiredMessage(offer.validUntil));
      if (quote.offer!.state !== 'open') throw new ConflictError(`This offer was already ${quote.offer!.state.replace('_', ' ')}`);
      const response = { kind: 'declined' as const, at: now().toISOString(), by: buyer.username, text: input.reason };
      const write: QuoteEventWrite = {
        event: event(buyer.username, 'offer_declined', { version, note: clip(input.reason) }),
        waitingFor: null,
        mails: quoteMails.offerDeclined(site, quote, offer, input.reason),
      };
      return commit(id, write, () => deps.quoteThreads.transitionOffer(id, version, { from: ['open'], to: 'declined', response }, write));
    },

    /** Allowed while the offer is open, after it expired or after a decline: the reseller then sends version N+1. */
    async requestRevision(buyer: Actor, id: number, version: number, input: RevisionRequestInput): Promise<QuoteRequest> {
      const { quote, offer } = await answerable(buyer, id, version);
      if (!['open', 'expired', 'declined'].includes(quote.offer!.state)) {
        throw new ConflictError(`This offer was already ${quote.offer!.state.replace('_', ' ')}`);
      }
      const response = { kind: 'revision_requested' as const, at: now().toISOString(), by: buyer.username, text: input.message };
      const write: QuoteEventWrite = {
        event: event(buyer.username, 'revision_requested', { version, note: clip(input.message) }),
        waitingFor: 'reseller',
        mails: quoteMails.revisionRequested(site, quote, offer, input.message),
      };
      return commit(id, write, () =>
        deps.quoteThreads.transitionOffer(id, version, { from: ['open', 'expired', 'declined'], to: 'revision_requested', response }, write),
      );
    },

    async messages(user: Actor, id: number, cursor: string | undefined): Promise<MessagePage> {
      await readable(user, id);
      const page = await deps.quoteThreads.listMessages(id, { limit: MESSAGES_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
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
