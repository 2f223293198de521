import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { createAwsRepositories, createAwsSearchIndex } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { createStreamHandler } from '../modules/search';
import { createLogger } from '../lib/logger';

const env = loadEnv();
const handleStream = createStreamHandler({
  catalog: createAwsRepositories(env).catalog,
  search: createAwsSearchIndex(env),
  logger: createLogger(env.LOG_LEVEL),
});

/** Stream batches → search index; failed records are reported so Lambda bisects and retries only those. */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => handleStream(event);
