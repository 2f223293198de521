import { SQSClient } from '@aws-sdk/client-sqs';
import { createSqsChunkDispatcher } from '../modules/imports';
import { createAwsBlobStore, createAwsRepositories } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import type { SearchSync } from '../modules/search';
import { runImportJob } from '../modules/imports';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { catalog, imports } = createAwsRepositories(env);
const blobs = createAwsBlobStore(env);
// Bulk imports reach the index through the table's stream; this function has no OpenSearch access.
const searchSync: SearchSync = { async partsChanged() {}, async categoryChanged() {}, async manufacturerChanged() {} };
// A file larger than IMPORT_CHUNK_BYTES is split and its chunks sent to the chunk queue (ADR 061).
const chunking = env.IMPORT_CHUNK_QUEUE_URL
  ? {
      chunkBytes: env.IMPORT_CHUNK_BYTES,
      dispatcher: createSqsChunkDispatcher({ client: new SQSClient({ region: env.AWS_REGION }), queueUrl: env.IMPORT_CHUNK_QUEUE_URL }),
    }
  : undefined;

/**
 * Invoked asynchronously by the API with `{ jobId }`, or `{ jobId, resume: true }` for a stalled job (it
 * carries on after the last checkpoint); the job records its own progress and failure. A large file is
 * only planned here: its chunks go to the chunk queue (a resumed chunked job: its unfinished chunks).
 */
export const handler = async (event: { jobId?: unknown; resume?: unknown }): Promise<void> => {
  if (typeof event.jobId !== 'string' || event.jobId === '') {
    logger.error('import_job_bad_event', { payload: event });
    return;
  }
  const job = await runImportJob({ catalog, imports, blobs, searchSync, logger }, event.jobId, {
    resume: event.resume === true,
    ...(chunking ? { chunking } : {}),
  });
  logger.info('import_job_finished', { jobId: job.id, state: job.state, rowsDone: job.rowsDone, rowsFailed: job.rowsFailed });
};
