import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import type { ImportJob } from '@parts/shared/schemas';
import type { AppDeps } from '../app';
import type { Env } from '../config/env';
import type { Logger } from '../lib/logger';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { createDynamoRepositories } from '../adapters/dynamodb/repositories';
import { ensureTable } from '../adapters/dynamodb/table';
import { createS3BlobStore } from '../adapters/s3/blob-store';
import { createS3Client } from '../adapters/s3/client';
import { createSearchSync } from '../modules/search';
import { createAwsSearchIndex } from '../config/aws-deps';
import { createInProcessJobRunner } from '../modules/imports';
import { LOCAL_CREDENTIALS } from './aws-local';
import { openSearchFile, type IndexFileRecovery } from './search-file';
import { createSmtpMailer } from '../modules/mail/adapters/smtp-mailer';
import { createLocalMailQueue, createOutboxWorker } from '../modules/mail';
import { createWebhookSecrets, createWebhookWorker } from '../modules/webhooks';

export interface LocalDepsOptions {
  env: Env;
  logger: Logger;
  jwtSecret: Uint8Array;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** The S3 origin the browser uses for presigned URLs, when it differs from the server's. */
  s3PublicEndpoint?: string;
  /** SQLite file of the embedded search index (unused with SEARCH_ENGINE=opensearch). */
  searchFile: string;
  /** The index file was missing or unreadable and an empty one was opened (the start-up check rebuilds it). */
  onIndexFileRecovered?: (recovery: IndexFileRecovery) => void;
  /** Where mails go (the local catcher npm start runs); SMTP_URL otherwise; with neither they stay in the outbox. */
  smtpUrl?: string;
}

export interface LocalDeps {
  deps: AppDeps;
  dynamo: DynamoDBClient;
  s3: S3Client;
  /** Resolves when background import jobs have finished. */
  whenJobsIdle(): Promise<void>;
  /** Picks up the import jobs a crash or a stop left unfinished (each from its last checkpoint); answers them. */
  resumeImports(): Promise<ImportJob[]>;
  /** Stops running import jobs after their current batch (they resume on the next start); answers them as left. */
  stopJobs(): Promise<ImportJob[]>;
  /** Resolves when the mails asked for so far have been tried. */
  whenMailIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The local composition root: the same adapters as on AWS, pointed at DynamoDB Local, s3rver (or
 * LocalStack) and the embedded search engine. Ensures the table and buckets exist.
 */
export async function createLocalDeps(options: LocalDepsOptions): Promise<LocalDeps> {
  const { env } = options;
  const region = env.AWS_REGION;
  const { raw: dynamo, doc } = createDocumentClient({ region, endpoint: options.dynamoEndpoint, credentials: LOCAL_CREDENTIALS });
  const s3 = createS3Client({ region, endpoint: options.s3Endpoint, credentials: LOCAL_CREDENTIALS });
  const buckets = { attachments: env.ATTACHMENTS_BUCKET, staging: env.STAGING_BUCKET };
  await Promise.all([ensureTable(dynamo, env.TABLE_NAME), ...Object.values(buckets).map((b) => ensureBucket(s3, b))]);

  const presignClient = options.s3PublicEndpoint ? createS3Client({ region, endpoint: options.s3PublicEndpoint, credentials: LOCAL_CREDENTIALS }) : undefined;
  const repos = createDynamoRepositories({ client: doc, tableName: env.TABLE_NAME });
  // SEARCH_ENGINE=opensearch points the local stack at a real OpenSearch (e.g. LocalStack's) instead.
  const search = env.SEARCH_ENGINE === 'opensearch' ? createAwsSearchIndex(env) : openSearchFile(options.searchFile, options.onIndexFileRecovered);
  const deps: AppDeps = {
    env,
    logger: options.logger,
    ...repos,
    blobs: createS3BlobStore({ client: s3, buckets, downloads: env.ATTACHMENT_DOWNLOADS, ...(presignClient ? { presignClient } : {}) }),
    search,
    searchSync: createSearchSync({ catalog: repos.catalog, search }),
    jobs: { startImport: async () => undefined },
    jwtSecret: options.jwtSecret,
  };
  const runner = createInProcessJobRunner(deps);
  deps.jobs = runner;
  // The local stand-in for the mailer Lambda: sends right after each write, sweeps for retries.
  const smtpUrl = env.MAIL_TRANSPORT === 'smtp' ? (options.smtpUrl ?? env.SMTP_URL) : undefined;
  const mailer = smtpUrl ? createSmtpMailer(smtpUrl) : undefined;
  const mailQueue = mailer
    ? createLocalMailQueue(
        createOutboxWorker({ outbox: repos.outbox, users: repos.users, mailer, from: env.MAIL_FROM, logger: options.logger }),
        options.logger,
      )
    : undefined;
  if (mailQueue) deps.mailQueue = mailQueue;
  // The local stand-in for the mailer Lambda's webhook sweep (ADR 123): sends right after each event, sweeps for retries.
  const webhookSecrets = createWebhookSecrets(env);
  const webhookQueue = createLocalMailQueue(
    createWebhookWorker({ webhooks: repos.webhooks, secrets: webhookSecrets, logger: options.logger, leaseMs: env.WEBHOOK_LEASE_SECONDS * 1000 }),
    options.logger,
    env.WEBHOOK_SWEEP_SECONDS * 1000,
    'webhook',
  );
  deps.webhookSecrets = webhookSecrets;
  deps.webhookQueue = webhookQueue;
  return {
    deps,
    dynamo,
    s3,
    whenJobsIdle: () => runner.whenIdle(),
    async resumeImports() {
      // Only this process runs jobs on this data: whatever is still queued or running has no worker.
      const unfinished = await repos.imports.listUnfinishedImportJobs();
      for (const job of unfinished) await (job.state === 'queued' ? runner.startImport(job.id) : runner.resumeImport(job.id));
      return unfinished;
    },
    stopJobs: () => runner.stop(),
    whenMailIdle: () => mailQueue?.whenIdle() ?? Promise.resolve(),
    async close() {
      await runner.stop().catch(() => undefined);
      mailQueue?.stop();
      webhookQueue.stop();
      await webhookQueue.whenIdle().catch(() => undefined);
      await mailQueue?.whenIdle().catch(() => undefined);
      mailer?.close();
      await search.close();
      dynamo.destroy();
      s3.destroy();
    },
  };
}

/** Creates the bucket when missing (s3rver creates its configured ones; LocalStack does not). */
async function ensureBucket(s3: S3Client, bucket: string): Promise<void> {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucket })).catch((err: unknown) => {
      const name = err instanceof Error ? err.name : '';
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
    });
  }
}
