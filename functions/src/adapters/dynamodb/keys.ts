/** Key builders for the single table (see docs/data-model.md). */

const ID_WIDTH = 12;

/** Zero-padded so string sort keys sort like the numbers. */
export const padId = (id: number) => String(id).padStart(ID_WIDTH, '0');

export const keys = {
  counter: (name: string) => ({ pk: `COUNTER#${name}`, sk: 'COUNTER' }),
  category: (id: number) => ({ pk: 'CATEGORY', sk: padId(id) }),
  manufacturer: (id: number) => ({ pk: 'MANUFACTURER', sk: padId(id) }),
  part: (id: number) => ({ pk: `PART#${id}`, sk: 'PART' }),
  slugGuard: (entity: SlugEntity, slug: string) => ({ pk: `SLUG#${entity}#${slug}`, sk: 'SLUG' }),
  partNumberGuard: (manufacturerId: number, normalized: string) => ({
    pk: `PARTNUMBER#${manufacturerId}#${normalized}`,
    sk: 'PARTNUMBER',
  }),
  user: (username: string) => ({ pk: `USER#${username.toLowerCase()}`, sk: 'USER' }),
  quote: (id: number) => ({ pk: `QUOTE#${id}`, sk: 'QUOTE' }),
  importJob: (id: string) => ({ pk: `IMPORT#${id}`, sk: 'IMPORT' }),
};

export type SlugEntity = 'category' | 'manufacturer' | 'part';

/** Attributes that belong to the table layout, never to the entity handed back to callers. */
export const LAYOUT_ATTRIBUTES = ['pk', 'sk', 'type', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'partNumberNorm'] as const;

export function stripLayout<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...item };
  for (const attr of LAYOUT_ATTRIBUTES) delete out[attr];
  return out as T;
}
