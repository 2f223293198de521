import { createHash } from 'node:crypto';
import { partInputSchema, partStatusSchema, slugSchema, type PartInput } from '@parts/shared/schemas';
import { normalizePartNumber } from '@parts/shared/part-number';
import { parseSpecifications } from '@parts/shared/spec-values';
import type { StoredPart } from '../ports/catalog-repository';
import { keys } from '../../../adapters/dynamodb/keys';
import { compact } from '../../../adapters/dynamodb/support';

/** A bulk-upsert row: the slug is only used when the part is new. */
export const partUpsertSchema = partInputSchema.omit({ slug: true }).extend({ slug: slugSchema.optional() });

/** The whole part as one item, so a stream record carries everything the search indexer needs. */
export function encodePart(id: number, input: Omit<PartInput, 'slug'> & { slug: string }, version: number, createdAt: string, updatedAt: string) {
  return {
    ...keys.part(id),
    type: 'part',
    id,
    ...compact({
      name: input.name,
      slug: input.slug,
      partNumber: input.partNumber,
      description: input.description,
      status: input.status,
      // None (null) is stored as an absent attribute.
      categoryId: input.categoryId ?? undefined,
      manufacturerId: input.manufacturerId ?? undefined,
      image: input.image,
    }),
    partNumberNorm: normalizePartNumber(input.partNumber),
    specifications: input.specifications,
    /** A DynamoDB map keeps no order; the list keeps the order the specifications were given in. */
    specOrder: Object.keys(input.specifications),
    specNumbers: parseSpecifications(input.specifications),
    price: input.price ?? null,
    // What the import compares a row against, reading only this attribute (not the whole part).
    contentHash: partContentHash(input),
    version,
    createdAt,
    updatedAt,
  };
}
export type PartItem = ReturnType<typeof encodePart>;

/** The fields a row of an import (or the part form) sets; the slug is not among them (a part keeps its slug). */
type PartContent = Pick<PartInput, 'name' | 'partNumber' | 'description' | 'status' | 'categoryId' | 'manufacturerId' | 'specifications' | 'price' | 'image'>;

/**
 * A hash of what a part says (every field but the slug and the bookkeeping), stored on the part item by
 * every writer: a re-import reads the guards and only this attribute of the parts, and skips rows whose
 * hash matches. Absent and empty are the same; specifications keep their order (it is shown).
 */
export function partContentHash(part: PartContent): string {
  const text = (v: string | undefined | null) => (v === undefined || v === null || v === '' ? null : v);
  const canonical = JSON.stringify([
    part.name,
    part.partNumber,
    text(part.description),
    part.status,
    part.categoryId ?? null,
    part.manufacturerId ?? null,
    Object.entries(part.specifications ?? {}),
    part.price ?? null,
    text(part.image),
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 22);
}

/**
 * A part item as read from the table or from a stream image; undefined when it is not a readable part
 * (no integer id or version, no part number, an unknown status).
 */
export function decodePart(item: Record<string, unknown>): StoredPart | undefined {
  const id = Number(item.id);
  const version = Number(item.version);
  const status = partStatusSchema.safeParse(item.status);
  if (!Number.isInteger(id) || !Number.isInteger(version) || typeof item.partNumber !== 'string' || !status.success) return undefined;
  return {
    id,
    name: String(item.name ?? ''),
    slug: String(item.slug ?? ''),
    partNumber: item.partNumber,
    ...(typeof item.description === 'string' && item.description ? { description: item.description } : {}),
    status: status.data,
    categoryId: relationId(item.categoryId),
    manufacturerId: relationId(item.manufacturerId),
    specifications: inSpecOrder(
      recordOf(item.specifications, (v): v is string => typeof v === 'string'),
      item.specOrder,
    ),
    price: typeof item.price === 'number' ? item.price : null,
    ...(typeof item.image === 'string' && item.image ? { image: item.image } : {}),
    version,
    specNumbers: recordOf(item.specNumbers, (v): v is number => typeof v === 'number' && Number.isFinite(v)),
    createdAt: String(item.createdAt ?? ''),
    updatedAt: String(item.updatedAt ?? ''),
  };
}

/** A stored category or manufacturer id; absent (or anything but a positive integer) is none. */
function relationId(value: unknown): number | null {
  const id = Number(value);
  return value !== undefined && value !== null && Number.isInteger(id) && id > 0 ? id : null;
}

/** The part just written, as callers get it back. */
export function writtenPart(item: PartItem): StoredPart {
  const part = decodePart(item);
  if (!part) throw new Error(`Part ${item.id} was encoded into an unreadable item`);
  return part;
}

/** The specifications in the order they were given (items written before `specOrder` keep the map's order). */
function inSpecOrder(specs: Record<string, string>, order: unknown): Record<string, string> {
  if (!Array.isArray(order)) return specs;
  const ordered: Record<string, string> = {};
  for (const key of order) if (typeof key === 'string' && key in specs) ordered[key] = specs[key]!;
  return Object.assign(ordered, specs);
}

function recordOf<T>(value: unknown, keep: (v: unknown) => v is T): Record<string, T> {
  const out: Record<string, T> = {};
  if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (keep(v)) out[k] = v;
  return out;
}
