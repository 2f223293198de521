import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createAwsBlobStore, createAwsRepositories } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import type { SearchSync } from '../modules/search';
import { parseChunkMessage } from '../modules/imports';
import { runImportChunk } from '../modules/imports';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { catalog, imports } = createAwsRepositories(env);
const blobs = createAwsBlobStore(env);
// Bulk imports reach the index through the table's stream; this function has no OpenSearch access.
const searchSync: SearchSync = { async partsChanged() {}, async categoryChanged() {}, async manufacturerChanged() {} };

/**
 * Imports the chunks of large CSV files (ADR 061), one SQS message `{ jobId, index }` each. A chunk that
 * throws is reported as a batch item failure: SQS delivers it again after the visibility timeout and
 * the worker carries on from the chunk's checkpoint; after maxReceiveCount it goes to the DLQ and the
 * job, no longer moving, is handed out again by the stall check (import-job-service).
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parseChunkMessage(record.body);
    if (!message) {
      logger.error('import_chunk_bad_message', { messageId: record.messageId });
      continue;
    }
    try {
      const outcome = await runImportChunk({ catalog, imports, blobs, searchSync, logger }, message.jobId, message.index);
      logger.info('import_chunk_finished', { ...message, outcome, receiveCount: record.attributes.ApproximateReceiveCount });
    } catch (err) {
      logger.error('import_chunk_failed', { ...message, error: err instanceof Error ? err.message : String(err) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
