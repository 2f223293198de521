import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AppDeps } from '../../src/app';
import { loadEnv } from '../../src/config/env';
import { silentLogger } from '../../src/lib/logger';
import { LOCAL_CREDENTIALS } from '../../src/local/aws-local';
import { createDocumentClient } from '../../src/adapters/dynamodb/client';
import { ensureTable } from '../../src/adapters/dynamodb/table';
import { createDynamoRepositories } from '../../src/adapters/dynamodb/repositories';
import { createS3Client } from '../../src/adapters/s3/client';
import { createS3BlobStore } from '../../src/adapters/s3/blob-store';
import { createEmbeddedSearchIndex } from '../../src/modules/search/adapters/embedded';
import { createSearchSync } from '../../src/modules/search/indexer/search-sync';
import { createInProcessJobRunner } from '../../src/modules/imports/in-process-job-runner';

const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-that-is-at-least-32-bytes-long!');
export const TEST_BUCKETS = { attachments: 'test-attachments', staging: 'test-staging' } as const;

export interface TestDeps extends AppDeps {
  tableName: string;
  /** Raw clients, for tests that need to look underneath the ports. */
  dynamo: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  s3: S3Client;
  /** Resolves when every import job started through the default in-process runner has finished. */
  whenJobsIdle(): Promise<void>;
  /** Deletes the table and the search index file. Call it in afterAll/afterEach. */
  close(): Promise<void>;
}

/**
 * AppDeps wired to the harness's DynamoDB Local and s3rver: a fresh, uniquely named table per call,
 * the test buckets, a fresh embedded search index in a temp file with the real SearchSync, the
 * in-process import job runner, a silent logger and a fixed JWT key.
 * Any dependency can be swapped with `overrides`.
 */
export async function createTestDeps(overrides: Partial<AppDeps> = {}): Promise<TestDeps> {
  const tableName = `test-${randomUUID().slice(0, 12)}`;
  const region = 'us-east-1';
  const { raw: dynamo, doc } = createDocumentClient({ region, endpoint: inject('dynamoEndpoint'), credentials: LOCAL_CREDENTIALS });
  await ensureTable(dynamo, tableName);
  const s3 = createS3Client({ region, endpoint: inject('s3Endpoint'), credentials: LOCAL_CREDENTIALS });
  const env = loadEnv({
    NODE_ENV: 'test',
    TABLE_NAME: tableName,
    ATTACHMENTS_BUCKET: TEST_BUCKETS.attachments,
    STAGING_BUCKET: TEST_BUCKETS.staging,
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin123',
    SEED_PARTS: '0',
    LOG_LEVEL: 'error',
    // Every in-process request comes from the address 'unknown'; the rate-limit tests set their own limits.
    RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000',
    RATE_LIMIT_QUOTES_PER_HOUR: '100000',
    RATE_LIMIT_MESSAGES_PER_HOUR: '100000',
    RATE_LIMIT_REVISIONS_PER_HOUR: '100000',
  });
  const repos = createDynamoRepositories({ client: doc, tableName });
  const searchDir = mkdtempSync(join(tmpdir(), 'parts-search-'));
  const search = overrides.search ?? createEmbeddedSearchIndex({ file: join(searchDir, 'search.sqlite') });
  const deps: AppDeps = {
    env,
    logger: silentLogger,
    ...repos,
    blobs: createS3BlobStore({ client: s3, buckets: TEST_BUCKETS }),
    search,
    searchSync: createSearchSync({ catalog: overrides.catalog ?? repos.catalog, search }),
    jobs: { startImport: async () => undefined },
    jwtSecret: TEST_JWT_SECRET,
    ...overrides,
  };
  // The real in-process runner, over the final (possibly overridden) deps.
  const runner = createInProcessJobRunner(deps);
  if (!overrides.jobs) deps.jobs = runner;
  return {
    ...deps,
    tableName,
    dynamo,
    doc,
    s3,
    whenJobsIdle: () => runner.whenIdle(),
    async close() {
      await runner.whenIdle().catch(() => undefined);
      await deps.search.close().catch(() => undefined);
      rmSync(searchDir, { recursive: true, force: true });
      await dynamo.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
    },
  };
}
