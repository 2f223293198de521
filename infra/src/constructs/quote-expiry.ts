import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction, WORKER_CONCURRENCY } from './app-function';

/** How often open offers past their last valid day are recorded as expired (reads show them expired meanwhile). */
const QUOTE_EXPIRY_EVERY = Duration.minutes(15);

export interface QuoteExpiryProps {
  config: StageConfig;
  table: ITable;
  logRetention: RetentionDays;
  /** The site's origin: the links in the buyer's reminder mails. */
  siteOrigin: string;
}

/** Days before an offer's last valid day that its buyer is reminded (QUOTE_REMINDER_DAYS_BEFORE). */
const REMINDER_DAYS_BEFORE = 3;

/**
 * The offer expiry job (ADR 113, docs/quote-loop.md): an EventBridge rule runs functions/src/lambda/quote-expiry.ts,
 * which reads the open offers' queue (gsi1) and moves each one past its validity to expired, with its
 * history entry, and writes the buyer's reminder mail to the outbox some days before (the mailer sends it).
 * It reads and writes the table only.
 */
export class QuoteExpiry extends Construct {
  readonly job: AppFunction;

  constructor(scope: Construct, id: string, props: QuoteExpiryProps) {
    super(scope, id);
    const { config } = props;
    this.job = new AppFunction(this, 'Job', {
      functionName: `${config.prefix}-quote-expiry`,
      reservedConcurrency: WORKER_CONCURRENCY['quote-expiry'],
      entry: 'quote-expiry',
      description: 'Records the quote offers whose last valid day is over as expired',
      memoryMb: 256,
      timeout: Duration.minutes(5),
      logRetention: props.logRetention,
      environment: { LOG_LEVEL: 'info', SITE_URL: props.siteOrigin, QUOTE_REMINDER_DAYS_BEFORE: String(REMINDER_DAYS_BEFORE) },
    }).bindTable(props.table, 'readWrite');

    new Rule(this, 'Schedule', {
      ruleName: `${config.prefix}-quote-expiry`,
      description: 'Records the quote offers that ran out',
      schedule: Schedule.rate(QUOTE_EXPIRY_EVERY),
      targets: [new LambdaFunction(this.job.fn, { event: RuleTargetInput.fromObject({}), retryAttempts: 2 })],
    });
  }
}
