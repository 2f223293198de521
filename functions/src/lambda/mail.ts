import { SESv2Client } from '@aws-sdk/client-sesv2';
import { createSesMailer } from '../modules/mail/adapters/ses-mailer';
import { createAwsRepositories } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import { createOutboxWorker } from '../modules/mail';
import { createWebhookSecrets, createWebhookWorker } from '../modules/webhooks';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { outbox, users, webhooks } = createAwsRepositories(env);
const mailer = createSesMailer({ client: new SESv2Client({}), ...(env.SES_CONFIGURATION_SET ? { configurationSet: env.SES_CONFIGURATION_SET } : {}) });
const worker = createOutboxWorker({ outbox, users, mailer, from: env.MAIL_FROM, logger });
const webhookWorker = createWebhookWorker({ webhooks, secrets: createWebhookSecrets(env), logger, leaseMs: env.WEBHOOK_LEASE_SECONDS * 1000 });

/** Leaves this much of the invocation for the last page's sends and marks (a webhook waits 10 s at most for its answer). */
const RESERVE_MS = 15_000;
const PAGE = 25;

type Context = { getRemainingTimeInMillis?: () => number };
const hasTime = (context?: Context) => (context?.getRemainingTimeInMillis?.() ?? Infinity) >= RESERVE_MS;

/** The due webhook deliveries (ADR 123), a page at a time, while time is left. */
async function sweepWebhooks(context?: Context) {
  const total = { delivered: 0, failed: 0, skipped: 0 };
  for (;;) {
    const page = await webhookWorker.processDue(PAGE, () => hasTime(context));
    total.delivered += page.delivered;
    total.failed += page.failed;
    total.skipped += page.skipped;
    const handled = page.delivered + page.failed + page.skipped;
    if (handled < PAGE || page.delivered + page.failed === 0 || !hasTime(context)) break;
  }
  return total;
}

/**
 * Every minute (EventBridge): sends the due outbox mails a page at a time, until none are due or the
 * invocation runs short of time, then the due webhook deliveries the same way. A mail or delivery claimed by
 * an overlapping run is skipped, never sent twice per attempt.
 */
export const handler = async (_event: unknown, context?: Context) => {
  const total = { sent: 0, failed: 0, skipped: 0, held: 0 };
  for (;;) {
    const page = await worker.processDue(PAGE);
    total.sent += page.sent;
    total.failed += page.failed;
    total.skipped += page.skipped;
    total.held += page.held;
    const handled = page.sent + page.failed + page.skipped + page.held;
    if (handled < PAGE || page.sent + page.failed + page.held === 0) break;
    if (!hasTime(context)) break;
  }
  if (total.sent + total.failed > 0) logger.info('mail.sweep_done', total);
  const hooks = hasTime(context) ? await sweepWebhooks(context) : { delivered: 0, failed: 0, skipped: 0 };
  if (hooks.delivered + hooks.failed > 0) logger.info('webhook.sweep_done', hooks);
  return { ...total, webhooks: hooks };
};
