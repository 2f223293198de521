import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { AppDeps } from '../app';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { createDynamoRepositories } from '../adapters/dynamodb/repositories';
import type { DynamoRepositories } from '../adapters/dynamodb/repositories';
import { createLazyBlobStore } from '../adapters/s3/lazy-blob-store';
import { createSearchSync } from '../modules/search';
import { lazyMethods } from '../lib/lazy-methods';
import { createLogger } from '../lib/logger';
import type { BlobStore } from '../ports/blob-store';
import type { JobRunner } from '../modules/imports';
import type { SearchIndex } from '../modules/search';
import { loadEnv } from './env';
import type { Env } from './env';

/**
 * The AWS composition root. Every client is created here, per call, so tests and LocalStack can pass
 * their own env; a Lambda calls these once per container at init.
 */
export function createAwsRepositories(env: Env): DynamoRepositories {
  const { doc } = createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT });
  return createDynamoRepositories({ client: doc, tableName: env.TABLE_NAME });
}

/** The S3 client and presigner load with the first object call, not at the cold start (ADR 082). */
export function createAwsBlobStore(env: Env): BlobStore {
  return createLazyBlobStore(async () => {
    const [{ createS3Client }, { createS3BlobStore }] = await Promise.all([import('../adapters/s3/client'), import('../adapters/s3/blob-store')]);
    const client = createS3Client({ region: env.AWS_REGION, endpoint: env.S3_ENDPOINT });
    const presignClient = env.S3_PUBLIC_ENDPOINT ? createS3Client({ region: env.AWS_REGION, endpoint: env.S3_PUBLIC_ENDPOINT }) : undefined;
    return createS3BlobStore({
      client,
      presignClient,
      buckets: { attachments: env.ATTACHMENTS_BUCKET, staging: env.STAGING_BUCKET },
      downloads: env.ATTACHMENT_DOWNLOADS,
    });
  });
}

const SEARCH_INDEX_METHODS: Record<keyof SearchIndex, true> = {
  upsert: true,
  remove: true,
  search: true,
  autocomplete: true,
  partBySlug: true,
  partIds: true,
  listVersions: true,
  matchParts: true,
  clear: true,
  // The OpenSearch index always has it (ADR 107): the reindex Lambda swaps an alias instead of clearing.
  rebuild: true,
  count: true,
  ping: true,
  close: true,
};

/**
 * The OpenSearch index. The client and the query code load with the first search call, not at the cold
 * start (ADR 083): a cold start for a session, basket or quote request does not pay for them.
 */
export function createAwsSearchIndex(env: Env): SearchIndex {
  const node = env.OPENSEARCH_URL;
  if (!node) throw new Error('OPENSEARCH_URL is required on AWS');
  // SigV4 only against the AWS domain; LocalStack's or a self-hosted OpenSearch takes plain requests.
  const sigv4 = /\.(es|aoss)\.amazonaws\.com$/.test(new URL(node).hostname);
  return lazyMethods(async () => {
    const { createOpenSearchClient, createOpenSearchIndex } = await import('../modules/search/adapters/opensearch');
    const client = createOpenSearchClient({ node, region: env.AWS_REGION, sigv4 });
    return createOpenSearchIndex({
      client,
      index: env.OPENSEARCH_INDEX,
      ...(env.OPENSEARCH_REPLICAS === undefined ? {} : { replicas: env.OPENSEARCH_REPLICAS }),
    });
  }, SEARCH_INDEX_METHODS);
}

/** The session key: JWT_SECRET when set (LocalStack, tests), else the Secrets Manager secret, fetched once at init. */
export async function loadJwtSecret(env: Env, client?: SecretsManagerClient): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (!env.JWT_SECRET_ARN) throw new Error('JWT_SECRET_ARN (or JWT_SECRET) is required on AWS');
  // Loaded only where the secret is fetched (JWT_SECRET unset): not part of every cold start's code.
  const { GetSecretValueCommand, SecretsManagerClient: Client } = await import('@aws-sdk/client-secrets-manager');
  const sm = client ?? new Client({ region: env.AWS_REGION });
  const res = await sm.send(new GetSecretValueCommand({ SecretId: env.JWT_SECRET_ARN }));
  if (!res.SecretString || res.SecretString.length < 32) throw new Error('The JWT secret is missing or shorter than 32 characters');
  return new TextEncoder().encode(res.SecretString);
}

/**
 * Starts an import job by invoking the import-job Lambda asynchronously (InvocationType Event). Without a
 * `client`, the Lambda client loads with the first job, not at the API's cold start (ADR 082).
 */
export function createLambdaJobRunner(options: { client?: LambdaClient; region?: string; functionName: string }): JobRunner {
  let client: Promise<LambdaClient> | undefined;
  const lambda = () =>
    (client ??= options.client
      ? Promise.resolve(options.client)
      : import('@aws-sdk/client-lambda').then(({ LambdaClient: Client }) => new Client({ region: options.region })));
  const invoke = async (payload: { jobId: string; resume?: boolean }) => {
    const [{ InvokeCommand }, lambdaClient] = await Promise.all([import('@aws-sdk/client-lambda'), lambda()]);
    const res = await lambdaClient.send(
      new InvokeCommand({
        FunctionName: options.functionName,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(payload)),
      }),
    );
    if (res.StatusCode !== 202) throw new Error(`Import job invocation answered ${res.StatusCode ?? 'no status'}`);
  };
  return {
    startImport: (jobId) => invoke({ jobId }),
    // A stalled job: a new invocation takes it over and carries on after its last checkpoint.
    resumeImport: (jobId) => invoke({ jobId, resume: true }),
  };
}

export async function createAwsDeps(env: Env = loadEnv()): Promise<AppDeps> {
  const logger = createLogger(env.LOG_LEVEL);
  const repos = createAwsRepositories(env);
  const search = createAwsSearchIndex(env);
  if (!env.IMPORT_FUNCTION_NAME) throw new Error('IMPORT_FUNCTION_NAME is required on AWS');
  return {
    env,
    logger,
    ...repos,
    blobs: createAwsBlobStore(env),
    search,
    searchSync: createSearchSync({ catalog: repos.catalog, search }),
    jobs: createLambdaJobRunner({ region: env.AWS_REGION, functionName: env.IMPORT_FUNCTION_NAME }),
    jwtSecret: await loadJwtSecret(env),
  };
}

/**
 * The renderer Lambda's API (ADR 080): the same app, for its public GET routes only. The function's role
 * allows reads of the table and searches, so anything else fails at AWS; import jobs are refused here.
 */
export function createReadOnlyDeps(env: Env): AppDeps {
  if (!env.JWT_SECRET) throw new Error('JWT_SECRET is required (the renderer passes a random one)');
  const repos = createAwsRepositories(env);
  const search = createAwsSearchIndex(env);
  const refuse = () => Promise.reject(new Error('The page renderer starts no import jobs'));
  return {
    env,
    logger: createLogger(env.LOG_LEVEL),
    ...repos,
    blobs: createAwsBlobStore(env),
    search,
    searchSync: createSearchSync({ catalog: repos.catalog, search }),
    jobs: { startImport: refuse, resumeImport: refuse },
    jwtSecret: new TextEncoder().encode(env.JWT_SECRET),
  };
}
