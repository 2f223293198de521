import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoLocal, startS3Local } from '@parts/functions/local/aws-local';

/**
 * Starts one DynamoDB Local (in memory) and one s3rver for the integration run, on free ports.
 * Each test file creates its own uniquely named table and buckets, so files never share data.
 */
export const TEST_BUCKETS = ['test-attachments', 'test-staging'];

export default async function setup(project: TestProject) {
  const s3Dir = mkdtempSync(join(tmpdir(), 'parts-s3-'));
  const [dynamo, s3] = await Promise.all([startDynamoLocal(), startS3Local({ directory: s3Dir, buckets: TEST_BUCKETS })]);
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
    s3Endpoint: string;
  }
}
