import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { decodeCatalogChange } from '../../../adapters/dynamodb/stream-records';
import type { CatalogRepository } from '../../catalog';
import type { PartDocument, SearchIndex } from '../ports/search-index';
import type { Logger } from '../../../lib/logger';
import { silentLogger } from '../../../lib/logger';
import { loadRelations, toPartDocument, type Relations } from './part-document';
import { createSearchSync } from './search-sync';

/**
 * Consumes the table's stream (Lambda event shape; the local poller feeds the same function).
 * Idempotent: the index ignores anything older than what it holds, so retries and replays are safe.
 *
 * Partial batch failures (Lambda's ReportBatchItemFailures contract): the batch is first applied in one
 * go (one index write for all its parts). If that fails, every record is applied on its own, in order,
 * and the answer names exactly the records that failed. Lambda checkpoints before the lowest one named
 * and offers it and everything after it again (the good records after it are replayed, harmlessly);
 * with bisect-on-error and a retry limit, a record that keeps failing ends in the DLQ, not blocking the
 * shard. A record that cannot be decoded is logged and skipped, not failed.
 */
export function createStreamHandler(deps: { catalog: CatalogRepository; search: SearchIndex; logger?: Logger }) {
  const logger = deps.logger ?? silentLogger;
  const sync = createSearchSync(deps);

  return async function handle(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
    try {
      await apply(event.Records);
      return { batchItemFailures: [] };
    } catch (err) {
      logger.warn('stream_batch_failed', { error: errorText(err), records: event.Records.length });
    }
    const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        await apply([record]);
      } catch (err) {
        const sequenceNumber = record.dynamodb?.SequenceNumber;
        logger.error('stream_record_failed', { error: errorText(err), eventID: record.eventID, sequenceNumber });
        // A record without a sequence number cannot be named; an empty identifier makes Lambda retry the whole batch.
        batchItemFailures.push({ itemIdentifier: sequenceNumber ?? '' });
      }
    }
    return { batchItemFailures };
  };

  async function apply(records: readonly DynamoDBRecord[]): Promise<void> {
    let relations: Relations | undefined;
    const upserts = new Map<number, PartDocument>();
    const removals = new Map<number, number>();
    const flush = async () => {
      if (upserts.size > 0) await deps.search.upsert([...upserts.values()]);
      if (removals.size > 0) await deps.search.remove([...removals].map(([id, version]) => ({ id, version })));
      upserts.clear();
      removals.clear();
    };

    for (const record of records) {
      const change = decodeCatalogChange(record);
      switch (change.kind) {
        case 'unreadable':
          logger.warn('stream_record_skipped', { reason: change.reason, eventID: record.eventID });
          break;
        case 'part-removed':
          upserts.delete(change.id);
          removals.set(change.id, Math.max(change.version, removals.get(change.id) ?? 0));
          break;
        case 'part-written': {
          const { part } = change;
          relations ??= await loadRelations(deps.catalog);
          const known = upserts.get(part.id);
          if (!known || known.version <= part.version) upserts.set(part.id, toPartDocument(part, relations));
          removals.delete(part.id);
          break;
        }
        case 'relation-renamed':
          await flush();
          relations = undefined;
          if (change.type === 'category') await sync.categoryChanged(change.id);
          else await sync.manufacturerChanged(change.id);
          logger.info('stream_relation_reindexed', { type: change.type, id: change.id });
          break;
        case 'ignored':
          break;
      }
    }
    await flush();
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
