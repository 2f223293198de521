import type { Attachment, FreeTextPart, OfferSummary, QuoteEventEntry, QuoteRequest, QuoteStatus, StatusChange, WaitingFor } from '@parts/shared/schemas';
import type { NewWebhookDelivery } from '../../webhooks';
import type { Offer, OfferResponse, QuoteMessage } from '@parts/shared/quote-offers';
import type { OfferEvent } from '@parts/shared/quote-transitions';
import type { Order } from '@parts/shared/orders';
import type { OutboxMail } from '../../mail';
import type { QuoteOrderStore } from './order-repository';
import type { OfferDraft } from '@parts/shared/offer-drafts';

/**
 * A catalogue line (partId, with part number and name copied in as they are when the request is made)
 * or a free-text line (freeText: what the buyer's list said), plus the optional richer fields.
 */
export interface NewQuoteLine {
  partId?: number;
  partNumber?: string;
  name?: string;
  slug?: string;
  freeText?: FreeTextPart;
  quantity: number;
  reference?: string;
  targetPrice?: number;
  neededBy?: string;
  note?: string;
  attachments?: Attachment[];
}

export interface NewQuoteRequest {
  /** An id taken earlier with reserveQuoteId (so files can be stored under it first); a fresh one otherwise. */
  id?: number;
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  customerCompany?: string;
  status: QuoteStatus;
  notes?: string;
  message?: string;
  submittedBy?: string;
  items: NewQuoteLine[];
  attachments: Attachment[];
  /** Who created it (username), recorded as the first history entry. */
  createdBy: string;
}

export interface QuoteListOptions {
  status?: QuoteStatus;
  /** Part of the customer's name, e-mail or company (case-insensitive). */
  search?: string;
  /** One customer's requests only (username). */
  submittedBy?: string;
  /** From a previous page's nextCursor. */
  cursor?: string;
  /** Page size, at most 50. */
  limit: number;
}

export interface QuoteListPage {
  data: QuoteRequest[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** What every quote-loop write does to the request besides its own item: an event, whose move it is, mails. */
export interface QuoteEventWrite {
  event: QuoteEventEntry;
  /** null: nobody's move. */
  waitingFor: WaitingFor | null;
  /** Stored in the same transaction as the data they report. */
  mails: OutboxMail[];
  /** Webhook deliveries of the event (ADR 123), in the same transaction too. */
  webhooks?: NewWebhookDelivery[];
  /** The request status the event sets (ADR 114), recorded after the event in the history; absent: unchanged. */
  status?: StatusChange;
}

/** An offer version waiting to run out: open, with its last valid day. */
export interface OfferDue {
  quoteId: number;
  version: number;
  validUntil: string;
}

/**
 * The quote aggregate: the request (with its line pages), its offer versions (long ones in line pages)
 * and its messages, all in the request's partition. Every quote-loop write is one transaction with the
 * request's history entry and its outbox mails, conditional on the state the service read (the offer
 * transitions of `@parts/shared/quote-transitions`), so a concurrent change fails it with a
 * ConflictError instead of interleaving. Writes answer the request as written: no re-read.
 */
export interface QuoteRepository extends QuoteOrderStore {
  /** Takes the next quote id without storing anything; an unused reserved id is simply skipped. */
  reserveQuoteId(): Promise<number>;
  /** ConflictError when a request with the given id already exists. */
  createQuoteRequest(input: NewQuoteRequest): Promise<QuoteRequest>;
  getQuoteRequest(id: number): Promise<QuoteRequest | undefined>;
  /** One page, newest first; a malformed cursor is a ValidationError. */
  listQuoteRequestPage(options: QuoteListOptions): Promise<QuoteListPage>;
  /** Newest first. */
  listQuoteRequests(options?: { status?: QuoteStatus; limit?: number }): Promise<QuoteRequest[]>;
  /** Quote requests submitted by one customer, newest first. */
  listQuoteRequestsBySubmitter(username: string): Promise<QuoteRequest[]>;
  /** Appends {at, by, from, to} to the history; 404 for an unknown id. */
  updateQuoteStatus(id: number, status: QuoteStatus, by: string): Promise<QuoteRequest>;
  countQuoteRequests(status?: QuoteStatus): Promise<number>;

  /** Summaries of every version, newest first. */
  listOfferSummaries(quoteId: number): Promise<OfferSummary[]>;
  getOffer(quoteId: number, version: number): Promise<Offer | undefined>;
  /**
   * Stores version `offer.version` of `quote` (as read); ConflictError unless the request's latest version
   * is still `offer.version - 1` in a state the table lets the reseller send from.
   */
  sendOffer(quote: QuoteRequest, offer: Offer, write: QuoteEventWrite): Promise<QuoteRequest>;
  /**
   * Moves the latest version of `quote` (as read) by `event` (the transition table's from and to states),
   * with the buyer's response; ConflictError when it is no longer the latest or no longer in a from state.
   * `order`: the order an acceptance places (ADR 121), stored in the same transaction.
   */
  transitionOffer(
    quote: QuoteRequest,
    change: { event: Exclude<OfferEvent, 'send'>; response?: OfferResponse; acceptedTotalCents?: number; acceptedLines?: number; order?: Order },
    write: QuoteEventWrite,
  ): Promise<QuoteRequest>;
  /**
   * Adds message number `message.seq`; ConflictError when another message took that number first
   * (read the request again and retry) or the thread is full.
   */
  addMessage(quote: QuoteRequest, message: QuoteMessage, write: QuoteEventWrite): Promise<QuoteRequest>;
  /** Newest first, by cursor. */
  listMessages(quoteId: number, options: { cursor?: string; limit: number }): Promise<{ data: QuoteMessage[]; nextCursor: string | null }>;
  /** Open offer versions whose last valid day is before `today`, earliest first (the scheduled expiry job's queue). */
  listOffersDue(today: string, options: { cursor?: string; limit: number }): Promise<{ data: OfferDue[]; nextCursor: string | null }>;
  /** Open offer versions whose last valid day is from `today` through `lastDay` and that were not reminded of yet (the reminder's queue). */
  listOffersToRemind(today: string, lastDay: string, options: { cursor?: string; limit: number }): Promise<{ data: OfferDue[]; nextCursor: string | null }>;
  /** Records the reminder with its mails; ConflictError when the version was reminded of already or is no longer open. */
  markReminded(due: OfferDue, at: string, mails: OutboxMail[]): Promise<void>;
  /**
   * Moves the latest version's validity date to `validUntil` (the `extend` transition: open, or expired and open
   * again), back in the expiry queue with no reminder sent yet; ConflictError when it changed meanwhile.
   */
  extendOffer(quote: QuoteRequest, validUntil: string, write: QuoteEventWrite): Promise<QuoteRequest>;
  /** The editor's draft of the next offer version (ADR 126), or undefined. */
  getOfferDraft(quoteId: number): Promise<OfferDraft | undefined>;
  /** Replaces the draft (its pages written in one transaction); ValidationError when it is too large to keep. */
  putOfferDraft(quoteId: number, draft: OfferDraft): Promise<void>;
  deleteOfferDraft(quoteId: number): Promise<void>;
}
