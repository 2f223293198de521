import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { decodeCatalogChange } from '../adapters/dynamodb/stream-records';
import type { CatalogRepository } from '../ports/catalog-repository';
import type { PartDocument, SearchIndex } from '../ports/search-index';
import type { Logger } from '../lib/logger';
import { silentLogger } from '../lib/logger';
import { loadRelations, toPartDocument, type Relations } from './part-document';
import { createSearchSync } from './search-sync';

/**
 * Consumes the table's stream (Lambda event shape; the local poller feeds the same function).
 * Idempotent: the index ignores anything older than what it holds, so retries and replays are safe.
 * On a failure it reports the batch's first record (ReportBatchItemFailures), so the whole batch is
 * offered again; replaying the records that did land is harmless.
 */
export function createStreamHandler(deps: { catalog: CatalogRepository; search: SearchIndex; logger?: Logger }) {
  const logger = deps.logger ?? silentLogger;
  const sync = createSearchSync(deps);

  return async function handle(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
    try {
      await apply(event);
      return { batchItemFailures: [] };
    } catch (err) {
      logger.error('stream_batch_failed', { error: err instanceof Error ? err.message : String(err), records: event.Records.length });
      const first = event.Records[0]?.dynamodb?.SequenceNumber;
      return { batchItemFailures: first ? [{ itemIdentifier: first }] : [] };
    }
  };

  async function apply(event: DynamoDBStreamEvent): Promise<void> {
    let relations: Relations | undefined;
    const upserts = new Map<number, PartDocument>();
    const removals = new Map<number, number>();
    const flush = async () => {
      if (upserts.size > 0) await deps.search.upsert([...upserts.values()]);
      if (removals.size > 0) await deps.search.remove([...removals].map(([id, version]) => ({ id, version })));
      upserts.clear();
      removals.clear();
    };

    for (const record of event.Records) {
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
