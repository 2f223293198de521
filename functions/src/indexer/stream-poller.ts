import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { Logger } from '../lib/logger';
import { silentLogger } from '../lib/logger';

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where to start in shards open at start-up (shards found later are always read from their start). */
  startAt?: 'LATEST' | 'TRIM_HORIZON';
  /** Pause between polls when nothing arrived. */
  idleMs?: number;
  logger?: Logger;
}

interface ShardState {
  iterator?: string;
  /** Last sequence number handed to the handler, to resume after an expired iterator. */
  after?: string;
}

/**
 * Reads DynamoDB Local's stream and feeds the same handler as the Lambda: the local stand-in for the
 * event source mapping. A batch the handler rejects is retried, as Lambda would.
 */
export function startStreamPoller(options: StreamPollerOptions): { ready: Promise<void>; stop(): Promise<void> } {
  const region = options.region ?? 'us-east-1';
  const config = { region, endpoint: options.endpoint, ...(options.credentials ? { credentials: options.credentials } : {}) };
  const streams = new DynamoDBStreamsClient(config);
  const dynamo = new DynamoDBClient(config);
  const logger = options.logger ?? silentLogger;
  const idleMs = options.idleMs ?? 200;
  const shards = new Map<string, ShardState>();
  const finished = new Set<string>();
  let stopped = false;
  let wake: (() => void) | undefined;
  let markReady: () => void = () => undefined;
  /** Resolves once the open shards have iterators: writes after this are seen. */
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function discover(streamArn: string, firstPass: boolean) {
    let exclusiveStart: string | undefined;
    do {
      const res = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStart }));
      for (const shard of res.StreamDescription?.Shards ?? []) {
        const id = shard.ShardId;
        if (!id || shards.has(id) || finished.has(id)) continue;
        const closed = Boolean(shard.SequenceNumberRange?.EndingSequenceNumber);
        if (firstPass && closed && options.startAt !== 'TRIM_HORIZON') {
          finished.add(id);
          continue;
        }
        const type = firstPass ? (options.startAt ?? 'LATEST') : 'TRIM_HORIZON';
        const it = await streams.send(new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: type }));
        shards.set(id, { iterator: it.ShardIterator });
      }
      exclusiveStart = res.StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStart);
  }

  async function readShard(streamArn: string, id: string, state: ShardState): Promise<number> {
    if (!state.iterator) {
      const it = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: id,
          ...(state.after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: state.after } : { ShardIteratorType: 'TRIM_HORIZON' }),
        }),
      );
      state.iterator = it.ShardIterator;
    }
    let res;
    try {
      res = await streams.send(new GetRecordsCommand({ ShardIterator: state.iterator, Limit: 1000 }));
    } catch (err) {
      if (err instanceof ExpiredIteratorException) {
        state.iterator = undefined;
        return 0;
      }
      throw err;
    }
    const records = res.Records ?? [];
    if (records.length > 0) {
      // On failure the iterator is not advanced, so the same records are offered again.
      const answer = await options.handler({ Records: records.map(toLambdaRecord) } as DynamoDBStreamEvent);
      if (answer && answer.batchItemFailures.length > 0) throw new Error(`handler rejected ${answer.batchItemFailures.length} record(s)`);
      state.after = records[records.length - 1]?.dynamodb?.SequenceNumber ?? state.after;
    }
    if (res.NextShardIterator) state.iterator = res.NextShardIterator;
    else {
      shards.delete(id);
      finished.add(id);
    }
    return records.length;
  }

  const loop = (async () => {
    let streamArn: string | undefined;
    let lastDiscovery = 0;
    while (!stopped) {
      let received = 0;
      try {
        if (!streamArn) {
          const table = await dynamo.send(new DescribeTableCommand({ TableName: options.tableName }));
          streamArn = table.Table?.LatestStreamArn;
          if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
          await discover(streamArn, true);
          lastDiscovery = Date.now();
          markReady();
        } else if (Date.now() - lastDiscovery > 1000) {
          await discover(streamArn, false);
          lastDiscovery = Date.now();
        }
        for (const [id, state] of [...shards]) {
          if (stopped) break;
          received += await readShard(streamArn, id, state);
        }
      } catch (err) {
        logger.error('stream_poll_failed', { error: err instanceof Error ? err.message : String(err) });
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

type RawImage = Record<string, unknown> | undefined;

/**
 * The DynamoDB Streams client deserialises an empty map attribute `{ M: {} }` as `{}` (no member set),
 * which unmarshall rejects. Lambda's event JSON keeps `{ M: {} }`, so put it back here.
 */
function repairEmptyMaps<T extends RawImage>(image: T): T {
  if (!image) return image;
  const fix = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const attr = value as Record<string, unknown>;
    if (Object.keys(attr).length === 0) return { M: {} };
    if (attr.M && typeof attr.M === 'object') return { M: repairEmptyMaps(attr.M as Record<string, unknown>) };
    if (Array.isArray(attr.L)) return { L: attr.L.map(fix) };
    return value;
  };
  return Object.fromEntries(Object.entries(image).map(([k, v]) => [k, fix(v)])) as T;
}
