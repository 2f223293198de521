import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { ChunkDispatcher } from '../chunked-import';

/** The body of a chunk message: which chunk of which job. */
export interface ChunkMessage {
  jobId: string;
  index: number;
}

/** Sends each chunk as one SQS message (10 per request); a message SQS refuses is sent again, then fails the dispatch. */
export function createSqsChunkDispatcher(options: { client: SQSClient; queueUrl: string }): ChunkDispatcher {
  return {
    async dispatch(jobId, indexes) {
      for (let i = 0; i < indexes.length; i += 10) {
        let entries = indexes.slice(i, i + 10).map((index) => ({ Id: String(index), MessageBody: JSON.stringify({ jobId, index } satisfies ChunkMessage) }));
        for (let attempt = 1; entries.length > 0; attempt++) {
          const res = await options.client.send(new SendMessageBatchCommand({ QueueUrl: options.queueUrl, Entries: entries }));
          const failed = new Set((res.Failed ?? []).map((f) => f.Id));
          if (failed.size > 0 && attempt >= 3) throw new Error(`The chunk queue refused ${failed.size} chunk(s) of job ${jobId}`);
          entries = entries.filter((e) => failed.has(e.Id));
        }
      }
    },
  };
}

/** A message body as sent above, or undefined for anything else. */
export function parseChunkMessage(body: string): ChunkMessage | undefined {
  try {
    const value = JSON.parse(body) as Partial<ChunkMessage>;
    if (typeof value.jobId === 'string' && value.jobId !== '' && Number.isInteger(value.index) && (value.index ?? -1) >= 0) {
      return { jobId: value.jobId, index: value.index! };
    }
  } catch {
    // Not JSON: reported by the caller.
  }
  return undefined;
}
