/** A mail to send once the data it reports on is stored (the outbox pattern, docs/decisions/081). */
export interface OutboxMail {
  /** Chosen by the writer, so it can ask for exactly these mails to be sent at once. */
  id: string;
  to: string[];
  subject: string;
  text: string;
  /** What the mail reports, for logs: 'quote.offer_sent', … */
  kind: string;
  quoteId?: number;
}

export interface StoredOutboxMail extends OutboxMail {
  createdAt: string;
  attempts: number;
  /** When the next attempt is due (also the queue position); absent once sent or given up. */
  dueAt?: string;
  sentAt?: string;
  failedAt?: string;
  lastError?: string;
}

export interface OutboxRepository {
  /** Stores mails on their own (when they cannot share the write of the data they report). */
  enqueue(mails: OutboxMail[]): Promise<void>;
  /** Mails whose next attempt is due, oldest first. */
  listDue(now: Date, limit: number): Promise<StoredOutboxMail[]>;
  get(id: string): Promise<StoredOutboxMail | undefined>;
  /**
   * Takes a due mail for one attempt: counts the attempt and hides it from others until `leaseUntil`.
   * Undefined when it is not due (sent, given up, or claimed by another worker in the meantime).
   */
  claim(id: string, now: Date, leaseUntil: Date): Promise<StoredOutboxMail | undefined>;
  markSent(id: string, at: Date): Promise<void>;
  /** Records a failed attempt; `retryAt` undefined means no more attempts. */
  markFailed(id: string, error: string, retryAt: Date | undefined, at: Date): Promise<void>;
}

export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** Sends one mail (SES on AWS, SMTP to the local catcher); throws when the mail was not accepted. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Asks for the given outbox mails to be sent soon; never throws, never waits for the sending. */
export interface MailQueue {
  kick(ids: string[]): void;
}
