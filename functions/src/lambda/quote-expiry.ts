import { createAwsRepositories } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { siteSettings } from '../config/site-settings';
import { createLogger } from '../lib/logger';
import { createOfferExpiryJob } from '../modules/quotes';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { quotes } = createAwsRepositories(env);
const job = createOfferExpiryJob({ quotes, logger, site: siteSettings(env), reminders: { daysBefore: env.QUOTE_REMINDER_DAYS_BEFORE } });

/**
 * Every 15 minutes (EventBridge, ADR 113): reminds buyers of offers that run out soon and records the offers whose last valid day is over as expired,
 * so no read has to write. Each move is conditional: an overlapping run or a buyer's answer wins cleanly.
 */
export const handler = async () => job.run();
