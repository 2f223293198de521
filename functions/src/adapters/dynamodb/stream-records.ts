import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { StoredPart } from '../../modules/catalog';
import { decodePart } from '../../modules/catalog';

/** What one table stream record means for the search index. */
export type CatalogChange =
  | { kind: 'part-written'; part: StoredPart }
  | { kind: 'part-removed'; id: number; version: number }
  /** A category or manufacturer changed a field that search documents copy (name, slug, parent). */
  | { kind: 'relation-renamed'; type: 'category' | 'manufacturer'; id: number }
  /** Anything the index does not hold (users, quotes, guards, counters, unchanged relations). */
  | { kind: 'ignored' }
  /** A record that cannot be decoded never will be: the caller skips it rather than block the shard. */
  | { kind: 'unreadable'; reason: string };

/** Fields of a category / manufacturer that search documents denormalise. */
const COPIED_FIELDS = { category: ['name', 'slug', 'parentId'], manufacturer: ['name', 'slug'] } as const;

/** Decodes a stream record (Lambda event shape, which the local poller reproduces) through the item codecs. */
export function decodeCatalogChange(record: DynamoDBRecord): CatalogChange {
  let newImage: Record<string, unknown> | undefined;
  let oldImage: Record<string, unknown> | undefined;
  try {
    newImage = image(record, 'NewImage');
    oldImage = image(record, 'OldImage');
  } catch (err) {
    return { kind: 'unreadable', reason: err instanceof Error ? err.message : String(err) };
  }
  const type = (newImage ?? oldImage)?.type;
  if (type === 'part') {
    if (record.eventName === 'REMOVE') {
      const id = Number(oldImage?.id);
      const version = Number(oldImage?.version);
      return Number.isInteger(id) && Number.isInteger(version) ? { kind: 'part-removed', id, version } : { kind: 'ignored' };
    }
    const part = newImage && decodePart(newImage);
    return part ? { kind: 'part-written', part } : { kind: 'unreadable', reason: 'unreadable part image' };
  }
  if ((type === 'category' || type === 'manufacturer') && record.eventName === 'MODIFY') {
    const changed = COPIED_FIELDS[type].some((f) => (oldImage?.[f] ?? null) !== (newImage?.[f] ?? null));
    return changed ? { kind: 'relation-renamed', type, id: Number(newImage?.id) } : { kind: 'ignored' };
  }
  return { kind: 'ignored' };
}

function image(record: DynamoDBRecord, which: 'NewImage' | 'OldImage'): Record<string, unknown> | undefined {
  const raw = record.dynamodb?.[which];
  return raw ? unmarshall(raw as Record<string, AttributeValue>) : undefined;
}

/**
 * The DynamoDB Streams client deserialises an empty map attribute `{ M: {} }` as `{}` (no member set),
 * which unmarshall rejects. Lambda's event JSON keeps `{ M: {} }`; the local poller puts it back here.
 */
export function repairEmptyMaps<T extends Record<string, unknown> | undefined>(image: T): T {
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
