import type { Logger } from '../../lib/logger';
import type { StoredWebhookDelivery, WebhookRepository, WebhookSecrets } from './ports/webhooks';
import { signWebhook, WEBHOOK_HEADERS } from './signature';

/** Waits before each retry: 1 min, 5 min, 15 min, 1 h, 4 h, 12 h; after the 7th failed attempt the delivery is given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000, 12 * 60 * 60_000];
/** A claimed delivery is hidden this long; a worker that dies mid-delivery leaves it due again afterwards. */
export const WEBHOOK_LEASE_MS = 2 * 60_000;
/** A receiver that has not answered after this long counts as failed (the attempt is retried). */
const TIMEOUT_MS = 10_000;

export interface WebhookWorkerDeps {
  webhooks: WebhookRepository;
  secrets: WebhookSecrets;
  logger: Logger;
  now?: () => Date;
  /** The lease of a claimed delivery (tests of a crash shorten it). */
  leaseMs?: number;
  fetch?: typeof fetch;
}

type Outcome = 'delivered' | 'failed' | 'skipped';

/**
 * Delivers webhook deliveries (ADR 123), like the mail outbox's worker (ADR 111): claim (so two workers
 * never send the same attempt), sign and POST, mark. A 2xx answer is delivered; anything else (or no
 * answer) is retried with back-off. At least once: a worker that dies between the receiver's answer and
 * the mark sends the same event (same id, same body) again after the lease.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps) {
  const now = deps.now ?? (() => new Date());
  const leaseMs = deps.leaseMs ?? WEBHOOK_LEASE_MS;
  const post = deps.fetch ?? fetch;

  async function attempt(d: StoredWebhookDelivery): Promise<{ ok: true; code: number } | { ok: false; error: string; code?: number; final?: boolean }> {
    const endpoint = await deps.webhooks.getEndpoint(d.endpointId);
    if (!endpoint) return { ok: false, error: 'The endpoint was removed', final: true };
    const secret = await deps.secrets.get(endpoint.secretName);
    if (!secret) return { ok: false, error: `No webhook secret named "${endpoint.secretName}" is configured` };
    const timestamp = Math.floor(now().getTime() / 1000);
    try {
      const res = await post(d.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'parts-catalogue-webhooks/1',
          [WEBHOOK_HEADERS.id]: d.eventId,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, d.body),
        },
        body: d.body,
      });
      await res.body?.cancel().catch(() => undefined);
      return res.ok ? { ok: true, code: res.status } : { ok: false, code: res.status, error: `The endpoint answered ${res.status}` };
    } catch (err) {
      // fetch's own message is "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, a certificate error, …).
      const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
      const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
      const error =
        err instanceof Error
          ? err.name === 'TimeoutError'
            ? `No answer within ${TIMEOUT_MS / 1000} s`
            : why
              ? `${err.message} (${why})`
              : err.message
          : String(err);
      return { ok: false, error };
    }
  }

  /** `claimedAt`: the attempt's start, from which the next one is counted. */
  async function deliver(d: StoredWebhookDelivery, claimedAt: Date): Promise<Outcome> {
    const result = await attempt(d);
    const at = now();
    const log = { id: d.id, eventId: d.eventId, type: d.eventType, endpointId: d.endpointId, attempt: d.attempts };
    if (result.ok) {
      await deps.webhooks.markDelivered(d.id, result.code, at);
      deps.logger.info('webhook.delivered', { ...log, status: result.code });
      return 'delivered';
    }
    const retryIn = result.final ? undefined : WEBHOOK_RETRY_DELAYS_MS[d.attempts - 1];
    const failure = { error: result.error, ...(result.code !== undefined ? { responseCode: result.code } : {}) };
    await deps.webhooks.markFailed(d.id, failure, retryIn === undefined ? undefined : new Date(claimedAt.getTime() + retryIn), at);
    if (retryIn === undefined) deps.logger.error('webhook.gave_up', { ...log, status: result.code, error: result.error });
    else deps.logger.warn('webhook.failed', { ...log, status: result.code, retryInMs: retryIn, error: result.error });
    return 'failed';
  }

  async function process(id: string): Promise<Outcome> {
    const at = now();
    const claimed = await deps.webhooks.claim(id, at, new Date(at.getTime() + leaseMs));
    return claimed ? deliver(claimed, at) : 'skipped';
  }

  return {
    /** Attempts these deliveries if they are due (the local kick right after a write). */
    async processIds(ids: string[]) {
      const counts = { delivered: 0, failed: 0, skipped: 0 };
      for (const id of ids) counts[await process(id)]++;
      return counts;
    },
    /**
     * Attempts the due deliveries, up to `limit` (the sweep that carries retries and crash leftovers);
     * `keepGoing` is asked before each one (the Lambda stops while it has time to mark the last).
     */
    async processDue(limit = 25, keepGoing: () => boolean = () => true) {
      const counts = { delivered: 0, failed: 0, skipped: 0 };
      for (const d of await deps.webhooks.listDue(now(), limit)) {
        if (!keepGoing()) break;
        counts[await process(d.id)]++;
      }
      return counts;
    },
  };
}
