import type { OfferSummary, QuoteEventEntry, WaitingFor } from '@parts/shared/schemas';
import type { Offer, OfferResponse, QuoteMessage } from '@parts/shared/quote-offers';
import type { OutboxMail } from '../../mail';

/** What every quote-loop write does to the request besides its own item: an event, whose move it is, mails. */
export interface QuoteEventWrite {
  event: QuoteEventEntry;
  /** null: nobody's move. */
  waitingFor: WaitingFor | null;
  /** Stored in the same transaction as the data they report. */
  mails: OutboxMail[];
}

/**
 * The quote loop's items beside a request (same partition): offer versions (long ones in line pages)
 * and messages. Each write
 * is one transaction with the request's history entry and its outbox mails, conditional on the state
 * the service read, so a concurrent change makes it fail with a ConflictError instead of interleaving.
 */
export interface QuoteThreadRepository {
  /** Summaries of every version, newest first. */
  listOfferSummaries(quoteId: number): Promise<OfferSummary[]>;
  getOffer(quoteId: number, version: number): Promise<Offer | undefined>;
  /** Stores version `offer.version`; ConflictError unless the request's latest version is still `offer.version - 1`. */
  sendOffer(offer: Offer, write: QuoteEventWrite): Promise<void>;
  /**
   * Moves the latest version from `from` to `to` (accepted, declined, revision requested, expired),
   * with the buyer's response; ConflictError when it is no longer the latest or no longer in `from`.
   */
  transitionOffer(
    quoteId: number,
    version: number,
    change: { from: Offer['state'][]; to: Offer['state']; response?: OfferResponse; acceptedTotalCents?: number },
    write: QuoteEventWrite,
  ): Promise<void>;
  /**
   * Adds message number `message.seq`; ConflictError when another message took that number first
   * (read the request again and retry) or the thread is full.
   */
  addMessage(message: QuoteMessage, write: QuoteEventWrite): Promise<void>;
  /** Newest first, by cursor. */
  listMessages(quoteId: number, options: { cursor?: string; limit: number }): Promise<{ data: QuoteMessage[]; nextCursor: string | null }>;
}
