import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { requestHandlerOptions } from '../../../adapters/aws/request-timeouts';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { repairEmptyMaps } from '../../../adapters/dynamodb/stream-records';
import type { Logger } from '../../../lib/logger';
import { silentLogger } from '../../../lib/logger';

/** How far one shard has been handed to the handler successfully. */
export interface ShardCheckpoint {
  /** Sequence number of the last record the handler accepted. */
  after?: string;
  /** The shard is closed and every record in it was handled. */
  finished?: boolean;
}

/** Durable poller position per shard (the event source mapping keeps this for Lambda). */
export interface StreamCheckpointStore {
  /** The shards' checkpoints for this stream; empty when none were saved (or for another stream). */
  load(streamArn: string): Promise<Map<string, ShardCheckpoint>>;
  save(streamArn: string, shards: Map<string, ShardCheckpoint>): Promise<void>;
}

/** Checkpoints kept in memory only: every start reads the stream from its trim horizon. */
export function memoryCheckpointStore(): StreamCheckpointStore {
  const saved = new Map<string, Map<string, ShardCheckpoint>>();
  return {
    load: async (arn) => new Map(saved.get(arn) ?? []),
    save: async (arn, shards) => void saved.set(arn, new Map(shards)),
  };
}

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where each shard was left; a shard without a checkpoint is read from TRIM_HORIZON. */
  checkpoints?: StreamCheckpointStore;
  /** Records after a checkpoint were trimmed before they were handled: some changes may be missing from the index. */
  onGap?: (shardId: string) => void;
  /** Pause between polls when nothing arrived. */
  idleMs?: number;
  logger?: Logger;
}

interface OpenShard {
  iterator?: string;
}

interface ListedShard {
  id: string;
  parent?: string;
}

/**
 * Reads DynamoDB Local's stream and feeds the same handler as the Lambda: the local stand-in for the
 * event source mapping. Each shard resumes after its last checkpoint (saved once the handler accepted a
 * batch), or from TRIM_HORIZON, so a restart after any crash hands over every change made before it.
 * A child shard waits until its parent is finished, keeping each item's changes in order. A batch the
 * handler rejects is offered again, as Lambda would; after any failure (DynamoDB Local restarting) the
 * shards are found again from the checkpoints.
 */
export function startStreamPoller(options: StreamPollerOptions): { ready: Promise<void>; stop(): Promise<void> } {
  const region = options.region ?? 'us-east-1';
  const config = {
    region,
    endpoint: options.endpoint,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    requestHandler: requestHandlerOptions(),
  };
  const streams = new DynamoDBStreamsClient(config);
  const dynamo = new DynamoDBClient(config);
  const logger = options.logger ?? silentLogger;
  const store = options.checkpoints ?? memoryCheckpointStore();
  const idleMs = options.idleMs ?? 200;
  const open = new Map<string, OpenShard>();
  let checkpoints = new Map<string, ShardCheckpoint>();
  let stopped = false;
  let wake: (() => void) | undefined;
  let markReady: () => void = () => undefined;
  /** Resolves once the readable shards have iterators. */
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const iteratorFor = (streamArn: string, shardId: string) =>
    shardIterator(streams, streamArn, shardId, checkpoints.get(shardId)?.after, (after) => {
      logger.warn('stream_checkpoint_trimmed', { shardId, after });
      options.onGap?.(shardId);
    });

  async function discover(streamArn: string) {
    const listed = await listShards(streams, streamArn);
    const ids = new Set(listed.map((s) => s.id));
    let pruned = false;
    // Shards that aged out of the stream need no position any more.
    for (const id of [...checkpoints.keys()]) {
      if (!ids.has(id)) {
        checkpoints.delete(id);
        pruned = true;
      }
    }
    if (pruned) await store.save(streamArn, checkpoints);
    for (const shard of listed) {
      if (open.has(shard.id) || checkpoints.get(shard.id)?.finished) continue;
      // A child waits for its parent (when the parent is still in the stream) to be read to its end.
      if (shard.parent && ids.has(shard.parent) && !checkpoints.get(shard.parent)?.finished) continue;
      const iterator = await iteratorFor(streamArn, shard.id);
      open.set(shard.id, iterator ? { iterator } : {});
    }
  }

  async function readShard(streamArn: string, id: string, state: OpenShard): Promise<number> {
    state.iterator ??= await iteratorFor(streamArn, id);
    let res;
    try {
      res = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: 1000 }));
    } catch (err) {
      if (err instanceof ExpiredIteratorException) {
        delete state.iterator;
        return 0;
      }
      throw err;
    }
    const records = res.Records ?? [];
    if (records.length > 0) {
      // On failure nothing moves, so the same records are offered again.
      const answer = await options.handler({ Records: records.map(toLambdaRecord) } as DynamoDBStreamEvent);
      if (answer && answer.batchItemFailures.length > 0) throw new Error(`handler rejected ${answer.batchItemFailures.length} record(s)`);
      const last = records[records.length - 1]?.dynamodb?.SequenceNumber;
      if (last) {
        checkpoints.set(id, { after: last });
        await store.save(streamArn, checkpoints);
      }
    }
    if (res.NextShardIterator) state.iterator = res.NextShardIterator;
    else {
      open.delete(id);
      checkpoints.set(id, { ...checkpoints.get(id), finished: true });
      await store.save(streamArn, checkpoints);
    }
    return records.length;
  }

  const loop = (async () => {
    let streamArn: string | undefined;
    let lastDiscovery = 0;
    /** One log line per outage (DynamoDB Local restarting fails every poll until it answers). */
    let failing: string | undefined;
    while (!stopped) {
      let received = 0;
      try {
        if (!streamArn) {
          const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
          const arn = table.Table?.LatestStreamArn;
          if (!arn) throw new Error(`Table ${options.tableName} has no stream`);
          checkpoints = await store.load(arn);
          open.clear();
          await discover(arn);
          streamArn = arn;
          lastDiscovery = Date.now();
          markReady();
        } else if (Date.now() - lastDiscovery > 1000) {
          await discover(streamArn);
          lastDiscovery = Date.now();
        }
        for (const [id, state] of [...open]) {
          if (stopped) break;
          received += await readShard(streamArn, id, state);
        }
        if (failing) logger.info('stream_poll_recovered', { after: failing });
        failing = undefined;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        if (failing !== error) logger.error('stream_poll_failed', { error, retrying: 'every second, from the saved checkpoints' });
        failing = error;
        // Start over from the saved positions: iterators do not survive a DynamoDB Local restart.
        streamArn = undefined;
        await pause(1000);
        continue;
      }
      if (received === 0 && !stopped) await pause(idleMs);
    }
  })();

  return {
    ready,
    async stop() {
      stopped = true;
      markReady();
      wake?.();
      await loop;
      streams.destroy();
      dynamo.destroy();
    },
  };
}

async function listShards(streams: DynamoDBStreamsClient, streamArn: string): Promise<ListedShard[]> {
  const listed: ListedShard[] = [];
  let exclusiveStart: string | undefined;
  do {
    const res = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStart }));
    for (const shard of res.StreamDescription?.Shards ?? []) {
      if (shard.ShardId) listed.push({ id: shard.ShardId, ...(shard.ParentShardId ? { parent: shard.ParentShardId } : {}) });
    }
    exclusiveStart = res.StreamDescription?.LastEvaluatedShardId;
  } while (exclusiveStart);
  return listed;
}

/** An iterator after the shard's checkpoint, or from TRIM_HORIZON when it has none or its records aged out (`trimmed`). */
async function shardIterator(
  streams: DynamoDBStreamsClient,
  streamArn: string,
  shardId: string,
  after: string | undefined,
  trimmed: (after: string) => void,
): Promise<string | undefined> {
  if (after) {
    try {
      const it = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }),
      );
      return it.ShardIterator;
    } catch (err) {
      if (!(err instanceof TrimmedDataAccessException)) throw err;
      trimmed(after);
    }
  }
  const it = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' }));
  return it.ShardIterator;
}

function toLambdaRecord(r: _Record) {
  return {
    eventID: r.eventID,
    eventName: r.eventName,
    eventSource: r.eventSource,
    awsRegion: r.awsRegion,
    dynamodb: {
      Keys: r.dynamodb?.Keys,
      NewImage: repairEmptyMaps(r.dynamodb?.NewImage),
      OldImage: repairEmptyMaps(r.dynamodb?.OldImage),
      SequenceNumber: r.dynamodb?.SequenceNumber,
      StreamViewType: r.dynamodb?.StreamViewType,
    },
  };
}
