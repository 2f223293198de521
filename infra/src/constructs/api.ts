import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FunctionUrlAuthType, InvokeMode, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { AppFunction, WORKER_CONCURRENCY } from './app-function';
import { QUOTE_PREFIX, UPLOAD_PREFIX, type Files } from './files';
import type { SearchDomain } from './search';

export interface ApiProps {
  config: StageConfig;
  table: ITable;
  files: Files;
  search: SearchDomain;
  jwtSecret: ISecret;
  /** Webhook signing secrets (ADR 123): the API refuses an endpoint whose secret is not there. */
  webhookSecrets: ISecret;
  logRetention: RetentionDays;
  /**
   * The storefront's origin (https://…): the only one whose pages may make state-changing calls; `same-origin` on a
   * stage without a domain, whose CloudFront name the function cannot be told (ADR 120).
   */
  allowedOrigin: string;
}

/** Chunks of large imports (ADR 061): the worker's limit, and the queue's hold on a message it received. */
export const IMPORT_CHUNK_TIMEOUT = Duration.minutes(10);
/** Longer than the worker's timeout, so a message reappears only once its worker is gone. */
const IMPORT_CHUNK_VISIBILITY = Duration.minutes(15);
/** Deliveries of a chunk before it goes to the DLQ (each carries on from the chunk's checkpoint). */
export const IMPORT_CHUNK_MAX_RECEIVES = 3;
/** Size of the chunks a large file is split into. */
export const IMPORT_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The Hono app behind its function URL (AWS_IAM: only CloudFront's signed requests invoke it, ADR 120), and the import job it starts asynchronously for large CSV files: the
 * planner (import-job) imports a small file itself and splits a large one into chunks, which go through
 * the chunk queue to the chunk workers (import-chunk), at most `importChunkConcurrency` at once.
 */
export class Api extends Construct {
  readonly handler: AppFunction;
  readonly importJob: AppFunction;
  readonly importChunk: AppFunction;
  readonly importChunks: Queue;
  readonly importChunkDeadLetters: Queue;
  /** AWS_IAM: CloudFront's origin access control signs every /api request (web.ts); anything else is refused unbilled. */
  readonly url: FunctionUrl;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config, files } = props;

    this.importJob = new AppFunction(this, 'ImportJob', {
      functionName: `${config.prefix}-import-job`,
      reservedConcurrency: WORKER_CONCURRENCY['import-job'],
      entry: 'import-job',
      description: 'Runs one CSV import job from the staging bucket',
      memoryMb: config.sizes.importMemoryMb,
      timeout: Duration.minutes(15),
      logRetention: props.logRetention,
      environment: { LOG_LEVEL: 'info' },
    })
      .bindTable(props.table, 'readWrite')
      .bindBucket(files.staging, 'STAGING_BUCKET', ['read', 'delete']);
    // A job marks itself failed; a blind retry would import the file twice over a half-written state.
    this.importJob.fn.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.hours(1) });

    this.importChunkDeadLetters = new Queue(this, 'ImportChunkDeadLetters', {
      queueName: `${config.prefix}-import-chunks-dlq`,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.importChunks = new Queue(this, 'ImportChunks', {
      queueName: `${config.prefix}-import-chunks`,
      visibilityTimeout: IMPORT_CHUNK_VISIBILITY,
      retentionPeriod: Duration.days(1),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      deadLetterQueue: { queue: this.importChunkDeadLetters, maxReceiveCount: IMPORT_CHUNK_MAX_RECEIVES },
    });
    this.importChunk = new AppFunction(this, 'ImportChunk', {
      functionName: `${config.prefix}-import-chunk`,
      // The queue's maxConcurrency: never more workers than that, and never throttled below it.
      reservedConcurrency: config.sizes.importChunkConcurrency,
      entry: 'import-chunk',
      description: 'Imports one chunk of a large CSV import job (SQS)',
      memoryMb: config.sizes.importMemoryMb,
      timeout: IMPORT_CHUNK_TIMEOUT,
      logRetention: props.logRetention,
      environment: { LOG_LEVEL: 'info' },
    })
      .bindTable(props.table, 'readWrite')
      // Read its byte range; the last chunk to finish deletes the staged file.
      .bindBucket(files.staging, 'STAGING_BUCKET', ['read', 'delete']);
    this.importChunk.fn.addEventSource(
      new SqsEventSource(this.importChunks, {
        // One chunk per invocation: a chunk is minutes of work, and its failure retries only itself.
        batchSize: 1,
        maxConcurrency: config.sizes.importChunkConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    this.importChunks.grantSendMessages(this.importJob.fn);
    this.importJob.fn.addEnvironment('IMPORT_CHUNK_QUEUE_URL', this.importChunks.queueUrl);
    this.importJob.fn.addEnvironment('IMPORT_CHUNK_BYTES', String(IMPORT_CHUNK_BYTES));

    this.handler = new AppFunction(this, 'Handler', {
      functionName: `${config.prefix}-api`,
      reservedConcurrency: config.sizes.apiReservedConcurrency,
      entry: 'api',
      description: 'Hono API (buildApp) for /api/*',
      memoryMb: config.sizes.apiMemoryMb,
      // CloudFront's origin read timeout is 30 s.
      timeout: Duration.seconds(29),
      logRetention: props.logRetention,
      // Production mode (Secure cookies, key required) belongs to the HTTP app; the workers sign no sessions.
      // Reached only through CloudFront, whose origin request policy sets CloudFront-Viewer-Address (web.ts).
      // ALLOWED_ORIGINS: state-changing calls whose Origin is not the site's are refused (http/origin-check.ts).
      // No origin secret: the function URL's IAM check is the guard, before the code runs (ADR 120).
      environment: {
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        TRUST_CLOUDFRONT_VIEWER_ADDRESS: 'true',
        ALLOWED_ORIGINS: props.allowedOrigin,
        SITE_PO_NUMBER: config.purchaseOrderNumber,
      },
    })
      .bindTable(props.table, 'readWrite')
      // Presign, check, claim (copy = read the upload + write the quote's key) and clean up, on these two prefixes only.
      .bindBucket(files.attachments, 'ATTACHMENTS_BUCKET', ['read', 'write', 'delete'], [UPLOAD_PREFIX, QUOTE_PREFIX])
      .bindBucket(files.staging, 'STAGING_BUCKET', ['read', 'write'])
      .bindSearch(props.search)
      .bindJwtSecret(props.jwtSecret)
      .bindWebhookSecrets(props.webhookSecrets)
      .bindImportJob(this.importJob.fn);
    props.search.allowRole(this.handler.fn.role!);

    // No API Gateway (ADR 120): CloudFront reaches the function through this URL, signed by its origin access control.
    // An unsigned or foreign request is refused by Lambda's IAM check: no invocation, no charge, no concurrency used.
    // Buffered: the same 6 MB request and response payloads as before; the 4 MiB body cap (ADR 108) fits under it.
    this.url = this.handler.fn.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM, invokeMode: InvokeMode.BUFFERED });
  }
}
