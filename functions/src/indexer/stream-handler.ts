import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { partStatusSchema } from '@parts/shared/schemas';
import type { CatalogRepository, StoredPart } from '../ports/catalog-repository';
import type { PartDocument, SearchIndex } from '../ports/search-index';
import type { Logger } from '../lib/logger';
import { silentLogger } from '../lib/logger';
import { loadRelations, toPartDocument, type Relations } from './part-document';
import { createSearchSync } from './search-sync';

type Item = Record<string, unknown>;

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
      let newImage: Item | undefined;
      let oldImage: Item | undefined;
      try {
        newImage = image(record, 'NewImage');
        oldImage = image(record, 'OldImage');
      } catch (err) {
        // A record that cannot be decoded never will be: skip it rather than block the shard forever.
        logger.warn('stream_record_skipped', { reason: err instanceof Error ? err.message : String(err), eventID: record.eventID });
        continue;
      }
      const type = (newImage ?? oldImage)?.type;
      if (type === 'part') {
        if (record.eventName === 'REMOVE') {
          const id = Number(oldImage?.id);
          const version = Number(oldImage?.version);
          if (!Number.isInteger(id) || !Number.isInteger(version)) continue;
          upserts.delete(id);
          removals.set(id, Math.max(version, removals.get(id) ?? 0));
          continue;
        }
        const part = newImage ? toStoredPart(newImage) : undefined;
        if (!part) {
          logger.warn('stream_part_skipped', { reason: 'unreadable image', eventID: record.eventID });
          continue;
        }
        relations ??= await loadRelations(deps.catalog);
        const known = upserts.get(part.id);
        if (!known || known.version <= part.version) upserts.set(part.id, toPartDocument(part, relations));
        removals.delete(part.id);
      } else if ((type === 'category' || type === 'manufacturer') && record.eventName === 'MODIFY') {
        const fields = type === 'category' ? ['name', 'slug', 'parentId'] : ['name', 'slug'];
        if (!fields.some((f) => (oldImage?.[f] ?? null) !== (newImage?.[f] ?? null))) continue;
        await flush();
        relations = undefined;
        const id = Number(newImage?.id);
        if (type === 'category') await sync.categoryChanged(id);
        else await sync.manufacturerChanged(id);
        logger.info('stream_relation_reindexed', { type, id });
      }
    }
    await flush();
  }
}

function image(record: DynamoDBRecord, which: 'NewImage' | 'OldImage'): Item | undefined {
  const raw = record.dynamodb?.[which];
  return raw ? unmarshall(raw as Record<string, AttributeValue>) : undefined;
}

function toStoredPart(item: Item): Omit<StoredPart, 'createdAt' | 'updatedAt'> | undefined {
  const id = Number(item.id);
  const version = Number(item.version);
  const status = partStatusSchema.safeParse(item.status);
  if (!Number.isInteger(id) || !Number.isInteger(version) || typeof item.partNumber !== 'string' || !status.success) return undefined;
  return {
    id,
    version,
    name: String(item.name ?? ''),
    slug: String(item.slug ?? ''),
    partNumber: item.partNumber,
    ...(typeof item.description === 'string' ? { description: item.description } : {}),
    status: status.data,
    categoryId: Number(item.categoryId),
    manufacturerId: Number(item.manufacturerId),
    specifications: record(item.specifications, (v): v is string => typeof v === 'string'),
    specNumbers: record(item.specNumbers, (v): v is number => typeof v === 'number' && Number.isFinite(v)),
    price: typeof item.price === 'number' ? item.price : null,
    ...(typeof item.image === 'string' ? { image: item.image } : {}),
  };
}

function record<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  const out: Record<string, T> = {};
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (keep(v)) out[k] = v;
  return out;
}
