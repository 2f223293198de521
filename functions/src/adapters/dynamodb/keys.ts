/** Key builders for the single table (see docs/data-model.md). */
import { usernameKey } from '@parts/shared/username';

const ID_WIDTH = 12;

/** Stands for "manufacturer unknown" in part-number guard keys (ids are digits, so it meets no id). */
export const UNKNOWN_MANUFACTURER_KEY = 'unknown';

/** Zero-padded so string sort keys sort like the numbers. */
export const padId = (id: number) => String(id).padStart(ID_WIDTH, '0');

export const keys = {
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),
  category: (id: number) => ({ pk: 'CATEGORY', sk: padId(id) }),
  manufacturer: (id: number) => ({ pk: 'MANUFACTURER', sk: padId(id) }),
  part: (id: number) => ({ pk: `PART#${id}`, sk: 'PART' }),
  slugGuard: (entity: SlugEntity, slug: string) => ({ pk: `SLUG#${entity}#${slug}`, sk: 'SLUG' }),
  /** A category name among its parent's children (null: the top level), compared by categoryNameKey (ADR 102). */
  categoryNameGuard: (parentId: number | null, nameKey: string) => ({ pk: `CATNAME#${parentId ?? 'top'}#${nameKey}`, sk: 'CATNAME' }),
  /** A part whose manufacturer is unknown (null) is unique among those by its part number (ADR 101). */
  partNumberGuard: (manufacturerId: number | null, normalized: string) => ({
    pk: `PARTNUMBER#${manufacturerId ?? UNKNOWN_MANUFACTURER_KEY}#${normalized}`,
    sk: 'PARTNUMBER',
  }),
  /** Look-alike usernames (case, fullwidth, dotless ı …) share one key: the key is the uniqueness guard. */
  user: (username: string) => ({ pk: `USER#${usernameKey(username)}`, sk: 'USER' }),
  quote: (id: number) => ({ pk: `QUOTE#${id}`, sk: 'QUOTE' }),
  importJob: (id: string) => ({ pk: `IMPORT#${id}`, sk: 'IMPORT' }),
  /** A large import's chunks live in its job's partition, after the job item (ADR 061). */
  importChunk: (jobId: string, index: number) => ({ pk: `IMPORT#${jobId}`, sk: `CHUNK#${String(index).padStart(6, '0')}` }),
  /** Attempt counters (login throttle, rate limits); they expire through the table's TTL. */
  rateLimit: (key: string) => ({ pk: `THROTTLE#${key}`, sk: 'THROTTLE' }),
  /** Offer versions and messages live in their request's partition, after the request item. */
  quoteOffer: (quoteId: number, version: number) => ({ pk: `QUOTE#${quoteId}`, sk: `OFFER#${String(version).padStart(6, '0')}` }),
  quoteMessage: (quoteId: number, seq: number) => ({ pk: `QUOTE#${quoteId}`, sk: `MSG#${String(seq).padStart(6, '0')}` }),
  /** A mail to send (ADR 111); queued in gsi1 under 'OUTBOX' while due. */
  outbox: (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' }),
  /** A mail waiting for its account's address to be confirmed: a pointer in the user's partition (ADR 096). */
  heldMail: (username: string, mailId: string) => ({ pk: `USER#${usernameKey(username)}`, sk: `HELDMAIL#${mailId}` }),
  /** The admin's webhook endpoints, one partition (ADR 123). */
  webhookEndpoint: (id: string) => ({ pk: 'WEBHOOKS', sk: `ENDPOINT#${id}` }),
  /** One event for one endpoint (ADR 123); queued in gsi1 under 'WEBHOOK_OUTBOX' while due, logged in gsi2 under 'WEBHOOK_LOG'. */
  webhookDelivery: (id: string) => ({ pk: `WHDELIVERY#${id}`, sk: 'WHDELIVERY' }),
  /** A pending e-mail confirmation link, by the hash of its token; expires through the table's TTL. */
  emailVerification: (tokenHash: string) => ({ pk: `EMAILVERIFY#${tokenHash}`, sk: 'EMAILVERIFY' }),
};

export type SlugEntity = 'category' | 'manufacturer' | 'part';

/** Attributes that belong to the table layout, never to the entity handed back to callers. */
export const LAYOUT_ATTRIBUTES = ['pk', 'sk', 'type', 'nameGuard', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'partNumberNorm'] as const;

export function stripLayout<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...item };
  for (const attr of LAYOUT_ATTRIBUTES) delete out[attr];
  return out as T;
}
