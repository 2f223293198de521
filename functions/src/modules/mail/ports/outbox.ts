/** A mail to send once the data it reports on is stored (the outbox pattern, ADR 111). */
export interface OutboxMail {
  /** Chosen by the writer, so it can ask for exactly these mails to be sent at once. */
  id: string;
  /** Addresses to send to; empty when `toAccount` names the recipient. */
  to: string[];
  /**
   * A customer account: the mail goes to that account's confirmed address, looked up when it is sent,
   * and waits (held) while the account has none (ADR 096). Never to an address a form named.
   */
  toAccount?: string;
  subject: string;
  text: string;
  /** What the mail reports, for logs: 'quote.offer_sent', … */
  kind: string;
  quoteId?: number;
}

/**
 * A held mail (and the account's pointer to it) expires this many days after it was held, through the
 * table's TTL (`expiresAt`, epoch seconds): an account that never confirms does not collect mails forever,
 * and a confirmation weeks later does not send stale news (ADR 096).
 */
export const HELD_MAIL_DAYS = 30;

export interface StoredOutboxMail extends OutboxMail {
  createdAt: string;
  attempts: number;
  /** When the next attempt is due (also the queue position); absent once sent or given up. */
  dueAt?: string;
  sentAt?: string;
  failedAt?: string;
  lastError?: string;
  /** Set while the mail waits for its account's address to be confirmed. */
  heldAt?: string;
  /** While held: when the table's TTL removes it (epoch seconds); a mail past it is never released. */
  expiresAt?: number;
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
  /** Takes a claimed mail out of the queue until its account's address is confirmed (the claim's attempt is not counted). */
  hold(id: string, username: string, at: Date): Promise<void>;
  /**
   * Puts the account's held mails back in the queue, due at once; answers their ids. Consistent: sees every hold
   * written before. Mails held more than HELD_MAIL_DAYS ago are not released (and their pointers removed).
   */
  releaseHeld(username: string, now: Date): Promise<string[]>;
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
