import type { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, test } from 'vitest';
import { createSqsChunkDispatcher, parseChunkMessage } from './sqs-chunk-dispatcher';

type Entry = { Id: string; MessageBody: string };

/** A stand-in SQS client: records each batch; `refuse` decides which entries a call reports as failed. */
function fakeSqs(refuse: (entry: Entry, call: number) => boolean) {
  const calls: Entry[][] = [];
  const client = {
    send: async (command: SendMessageBatchCommand) => {
      const entries = command.input.Entries as Entry[];
      calls.push(entries);
      const failed = entries.filter((e) => refuse(e, calls.length)).map((e) => ({ Id: e.Id, SenderFault: false, Code: 'InternalError' }));
      return { Successful: [], Failed: failed };
    },
  } as unknown as SQSClient;
  return { client, calls };
}

describe('SQS chunk dispatcher', () => {
  test('sends one message per chunk, ten per request, each naming its job and chunk', async () => {
    const sqs = fakeSqs(() => false);
    await createSqsChunkDispatcher({ client: sqs.client, queueUrl: 'https://sqs.example/q' }).dispatch(
      'job-1',
      Array.from({ length: 23 }, (_, i) => i),
    );
    expect(sqs.calls.map((c) => c.length)).toEqual([10, 10, 3]);
    expect(sqs.calls.flat().map((e) => parseChunkMessage(e.MessageBody))).toEqual(Array.from({ length: 23 }, (_, index) => ({ jobId: 'job-1', index })));
  });

  test('sends again only the entries SQS refused; gives up (throws) after three tries', async () => {
    const flaky = fakeSqs((e, call) => call === 1 && e.Id === '3');
    await createSqsChunkDispatcher({ client: flaky.client, queueUrl: 'q' }).dispatch('job-2', [1, 2, 3]);
    expect(flaky.calls.map((c) => c.map((e) => e.Id))).toEqual([['1', '2', '3'], ['3']]);

    const down = fakeSqs((e) => e.Id === '2');
    await expect(createSqsChunkDispatcher({ client: down.client, queueUrl: 'q' }).dispatch('job-3', [1, 2])).rejects.toThrow('refused 1 chunk(s) of job job-3');
    expect(down.calls).toHaveLength(3);
  });

  test('a message body that is not a chunk is recognised as such', () => {
    expect(parseChunkMessage('{"jobId":"a","index":0}')).toEqual({ jobId: 'a', index: 0 });
    for (const body of ['not json', '{}', '{"jobId":"","index":1}', '{"jobId":"a","index":-1}', '{"jobId":"a","index":1.5}', 'null']) {
      expect(parseChunkMessage(body), body).toBeUndefined();
    }
  });
});
