import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction } from './app-function';
import type { SearchDomain } from './search';

export const STREAM_BATCH_SIZE = 100;
export const STREAM_RETRY_ATTEMPTS = 5;

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
        onFailure: new SqsDlq(this.deadLetters),
      }),
    );

    this.reindex = new AppFunction(this, 'Reindex', {
      functionName: `${config.prefix}-reindex`,
      entry: 'reindex',
      description: 'Rebuilds the search index from the table (aws lambda invoke)',
      memoryMb: config.sizes.indexerMemoryMb,
      timeout: Duration.minutes(15),
      logRetention: props.logRetention,
      role: this.handler.fn.role,
      environment: { LOG_LEVEL: 'info' },
    })
      .bindTable(props.table, 'read')
      .bindSearch(props.search);
  }
}
