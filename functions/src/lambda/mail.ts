import { SESv2Client } from '@aws-sdk/client-sesv2';
import { createSesMailer } from '../modules/mail/adapters/ses-mailer';
import { createAwsRepositories } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import { createOutboxWorker } from '../modules/mail';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { outbox, users } = createAwsRepositories(env);
const mailer = createSesMailer({ client: new SESv2Client({}), ...(env.SES_CONFIGURATION_SET ? { configurationSet: env.SES_CONFIGURATION_SET } : {}) });
const worker = createOutboxWorker({ outbox, users, mailer, from: env.MAIL_FROM, logger });

/** Leaves this much of the invocation for the last page's sends and marks. */
const RESERVE_MS = 15_000;
const PAGE = 25;

/**
 * Every minute (EventBridge): sends the due outbox mails a page at a time, until none are due or the
 * invocation runs short of time. A mail claimed by an overlapping run is skipped, never sent twice per attempt.
 */
export const handler = async (_event: unknown, context?: { getRemainingTimeInMillis?: () => number }) => {
  const total = { sent: 0, failed: 0, skipped: 0, held: 0 };
  for (;;) {
    const page = await worker.processDue(PAGE);
    total.sent += page.sent;
    total.failed += page.failed;
    total.skipped += page.skipped;
    total.held += page.held;
    const handled = page.sent + page.failed + page.skipped + page.held;
    if (handled < PAGE || page.sent + page.failed + page.held === 0) break;
    if ((context?.getRemainingTimeInMillis?.() ?? Infinity) < RESERVE_MS) break;
  }
  if (total.sent + total.failed > 0) logger.info('mail.sweep_done', total);
  return total;
};
