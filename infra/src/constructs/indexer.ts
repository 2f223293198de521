import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction, WORKER_CONCURRENCY } from './app-function';
import type { SearchDomain } from './search';

export const STREAM_BATCH_SIZE = 100;
export const STREAM_RETRY_ATTEMPTS = 5;
/**
 * The only stream records the indexer acts on (decodeCatalogChange): parts (`PART#<id>`), categories and
 * manufacturers. Everything else — sessions, quotes, and the demand counters written on every search (ADR 129) —
 * is dropped by Lambda's event filter before an invocation is paid for.
 */
export const INDEXER_STREAM_FILTER = { dynamodb: { Keys: { pk: { S: [{ prefix: 'PART#' }, 'CATEGORY', 'MANUFACTURER'] } } } };
/** How often the table and the index are compared by id and the difference repaired (issue 11). */
const REPAIR_EVERY = Duration.hours(6);

export interface IndexerProps {
  config: StageConfig;
  table: Table;
  search: SearchDomain;
  logRetention: RetentionDays;
}

/** Keeps OpenSearch a projection of the table: stream → indexer; plus the reindex task under the same role. */
export class Indexer extends Construct {
  readonly handler: AppFunction;
  readonly reindex: AppFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: IndexerProps) {
    super(scope, id);
    const { config } = props;
    this.deadLetters = new Queue(this, 'DeadLetters', {
      queueName: `${config.prefix}-indexer-dlq`,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.handler = new AppFunction(this, 'Handler', {
      functionName: `${config.prefix}-indexer`,
      reservedConcurrency: WORKER_CONCURRENCY.indexer,
      entry: 'indexer',
      description: 'DynamoDB stream → OpenSearch',
      memoryMb: config.sizes.indexerMemoryMb,
      timeout: Duration.minutes(1),
      logRetention: props.logRetention,
      environment: { LOG_LEVEL: 'info' },
    })
      .bindTable(props.table, 'read')
      .bindSearch(props.search);
    props.search.allowRole(this.handler.fn.role!);

    this.handler.fn.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: STREAM_BATCH_SIZE,
        maxBatchingWindow: Duration.seconds(1),
        bisectBatchOnError: true,
        retryAttempts: STREAM_RETRY_ATTEMPTS,
        maxRecordAge: Duration.hours(24),
        reportBatchItemFailures: true,
        // One batch per shard at a time keeps each item's versions in order.
        parallelizationFactor: 1,
        filters: [FilterCriteria.filter(INDEXER_STREAM_FILTER)],
        onFailure: new SqsDlq(this.deadLetters),
      }),
    );

    this.reindex = new AppFunction(this, 'Reindex', {
      functionName: `${config.prefix}-reindex`,
      reservedConcurrency: WORKER_CONCURRENCY.reindex,
      entry: 'reindex',
      description: 'Repairs the search index against the table by id (scheduled), or rebuilds it (aws lambda invoke)',
      memoryMb: config.sizes.indexerMemoryMb,
      timeout: Duration.minutes(15),
      logRetention: props.logRetention,
      role: this.handler.fn.role,
      environment: { LOG_LEVEL: 'info' },
    })
      .bindTable(props.table, 'read')
      .bindSearch(props.search);

    // Catches what the stream cannot bring back: records past its 24-hour retention or dead-lettered.
    new Rule(this, 'RepairSchedule', {
      ruleName: `${config.prefix}-index-repair`,
      description: 'Compares the search index with the table by id and repairs the difference',
      schedule: Schedule.rate(REPAIR_EVERY),
      targets: [new LambdaFunction(this.reindex.fn, { event: RuleTargetInput.fromObject({ repair: true }), retryAttempts: 0 })],
    });
  }
}
