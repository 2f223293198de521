import type { Logger } from '../../lib/logger';
import type { Mailer, MailQueue, OutboxRepository, StoredOutboxMail } from './ports/outbox';
import type { UserRepository } from '../accounts';
import { confirmedAddress } from './recipients';

/** Waits before each retry: 1 min, 5 min, 15 min, 1 h, 4 h; after the 6th failed attempt the mail is given up (and logged). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A claimed mail is hidden this long; a worker that dies mid-send leaves it due again afterwards. */
export const LEASE_MS = 2 * 60_000;

export interface OutboxWorkerDeps {
  outbox: OutboxRepository;
  /** Resolves mails addressed to an account (`toAccount`) to its confirmed address when they are sent. */
  users: Pick<UserRepository, 'getUserByUsername'>;
  mailer: Mailer;
  from: string;
  logger: Logger;
  now?: () => Date;
}

/**
 * Sends outbox mails (ADR 111): each one is claimed (so two workers never send the same
 * attempt), sent, and marked sent; a failure is logged and retried later with back-off. At least
 * once: a worker that dies between sending and marking sends that mail again after the lease.
 */
export function createOutboxWorker(deps: OutboxWorkerDeps) {
  const now = deps.now ?? (() => new Date());

  type Outcome = 'sent' | 'failed' | 'skipped' | 'held';

  /**
   * A mail to an account goes to the address the account confirmed, read now (ADR 096); without one it is
   * held until the address is confirmed. The account is read again after the hold: a confirmation that
   * came in between (and found nothing held yet) must not leave the mail waiting.
   */
  async function recipients(mail: StoredOutboxMail): Promise<string[] | 'held' | 'gone'> {
    if (!mail.toAccount) return mail.to;
    const user = await deps.users.getUserByUsername(mail.toAccount);
    if (!user) return 'gone';
    const address = confirmedAddress(user);
    if (address) return [address];
    await deps.outbox.hold(mail.id, mail.toAccount, now());
    deps.logger.info('mail.held', { id: mail.id, kind: mail.kind, quoteId: mail.quoteId, account: mail.toAccount });
    if (confirmedAddress(await deps.users.getUserByUsername(mail.toAccount))) {
      for (const id of await deps.outbox.releaseHeld(mail.toAccount, now())) await process(id);
    }
    return 'held';
  }

  async function deliver(mail: StoredOutboxMail): Promise<Outcome> {
    try {
      const to = await recipients(mail);
      if (to === 'held') return 'held';
      if (to === 'gone') {
        const at = now();
        await deps.outbox.markFailed(mail.id, 'The account no longer exists', undefined, at);
        deps.logger.warn('mail.gave_up', { id: mail.id, kind: mail.kind, quoteId: mail.quoteId, error: 'account gone' });
        return 'failed';
      }
      await deps.mailer.send({ from: deps.from, to, subject: mail.subject, text: mail.text });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const retryIn = RETRY_DELAYS_MS[mail.attempts - 1];
      const at = now();
      await deps.outbox.markFailed(mail.id, error, retryIn === undefined ? undefined : new Date(at.getTime() + retryIn), at);
      if (retryIn === undefined) deps.logger.error('mail.gave_up', { id: mail.id, kind: mail.kind, quoteId: mail.quoteId, attempts: mail.attempts, error });
      else deps.logger.warn('mail.send_failed', { id: mail.id, kind: mail.kind, quoteId: mail.quoteId, attempt: mail.attempts, retryInMs: retryIn, error });
      return 'failed';
    }
    await deps.outbox.markSent(mail.id, now());
    deps.logger.info('mail.sent', { id: mail.id, kind: mail.kind, quoteId: mail.quoteId, attempt: mail.attempts });
    return 'sent';
  }

  async function process(id: string): Promise<Outcome> {
    const at = now();
    const claimed = await deps.outbox.claim(id, at, new Date(at.getTime() + LEASE_MS));
    return claimed ? deliver(claimed) : 'skipped';
  }

  return {
    /** Sends these mails if they are due (the local kick right after a write; AWS only sweeps, ADR 111). */
    async processIds(ids: string[]) {
      const counts = { sent: 0, failed: 0, skipped: 0, held: 0 };
      for (const id of ids) counts[await process(id)]++;
      return counts;
    },
    /** Sends every due mail, a page at a time (the periodic sweep that carries the retries). */
    async processDue(limit = 25) {
      const counts = { sent: 0, failed: 0, skipped: 0, held: 0 };
      const due = await deps.outbox.listDue(now(), limit);
      for (const mail of due) counts[await process(mail.id)]++;
      return counts;
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/**
 * The local stand-in for the AWS mailer Lambda and its EventBridge schedule (ADR 111): kicks send at once in
 * the background, a timer sweeps for retries. Nothing here ever throws into a request.
 */
export function createLocalMailQueue(
  worker: Pick<OutboxWorker, 'processIds' | 'processDue'> | { processIds(ids: string[]): Promise<unknown>; processDue(): Promise<unknown> },
  logger: Logger,
  sweepMs = 30_000,
  /** The log event's prefix: the webhook worker (ADR 123) runs on the same local queue. */
  name = 'mail',
): MailQueue & { whenIdle(): Promise<void>; stop(): void } {
  let chain: Promise<unknown> = Promise.resolve();
  const enqueue = (job: () => Promise<unknown>) => {
    chain = chain.then(job).catch((err: unknown) => logger.error(`${name}.worker_failed`, { error: err instanceof Error ? err.message : String(err) }));
  };
  const timer = setInterval(() => enqueue(() => worker.processDue()), sweepMs);
  timer.unref();
  return {
    kick: (ids) => enqueue(() => worker.processIds(ids)),
    whenIdle: async () => {
      // Jobs queued while waiting join the chain; wait until it stops growing.
      let seen: Promise<unknown> | undefined;
      while (seen !== chain) {
        seen = chain;
        await chain;
      }
    },
    stop: () => clearInterval(timer),
  };
}
