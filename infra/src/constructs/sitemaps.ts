import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction, WORKER_CONCURRENCY } from './app-function';

/** How often the sitemaps are rewritten from the table. */
const SITEMAP_EVERY = Duration.days(1);
/** The keys the job writes (sitemap.xml and sitemaps/<n>.xml) and CloudFront's /sitemap* behaviour serves. */
const SITEMAP_KEY_PATTERN = 'sitemap*';

export interface SitemapsProps {
  config: StageConfig;
  table: ITable;
  /** The site bucket CloudFront serves /sitemap* from. */
  siteBucket: IBucket;
  siteOrigin: string;
  logRetention: RetentionDays;
}

/**
 * The scheduled sitemap job (ADR 080): an EventBridge rule runs functions/src/lambda/sitemaps.ts daily,
 * the same generator as `npm run sitemap`, writing the index and its ≤ 50,000-URL shards into the site
 * bucket. It may read the table and write only sitemap* keys.
 */
export class Sitemaps extends Construct {
  readonly job: AppFunction;

  constructor(scope: Construct, id: string, props: SitemapsProps) {
    super(scope, id);
    const { config } = props;
    this.job = new AppFunction(this, 'Job', {
      functionName: `${config.prefix}-sitemaps`,
      reservedConcurrency: WORKER_CONCURRENCY.sitemaps,
      entry: 'sitemaps',
      description: 'Writes sitemap.xml and sitemaps/<n>.xml for the whole catalogue into the site bucket',
      // One shard in memory at a time (docs/benchmarks.md: 1,000,000 parts in about a minute).
      memoryMb: 512,
      timeout: Duration.minutes(15),
      logRetention: props.logRetention,
      environment: { LOG_LEVEL: 'info', SITE_URL: props.siteOrigin, SITE_BUCKET: props.siteBucket.bucketName },
    }).bindTable(props.table, 'read');
    this.job.fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [props.siteBucket.arnForObjects(SITEMAP_KEY_PATTERN)] }));

    new Rule(this, 'Schedule', {
      ruleName: `${config.prefix}-sitemaps`,
      description: 'Rewrites the sitemaps from the table',
      schedule: Schedule.rate(SITEMAP_EVERY),
      targets: [new LambdaFunction(this.job.fn, { event: RuleTargetInput.fromObject({}), retryAttempts: 2 })],
    });
  }
}
