import type { Attachment, FreeTextPart, QuoteRequest, QuoteStatus } from '@parts/shared/schemas';

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

export interface QuoteRepository {
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
}
