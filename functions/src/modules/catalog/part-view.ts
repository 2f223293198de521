import { partSchema, type Part, type PartView, type RelationRef } from '@parts/shared/schemas';

/** The fields of a Part, read from the shared schema: a field added there is carried everywhere below. */
const PART_FIELDS = Object.keys(partSchema.shape) as (keyof Part)[];

/** The Part fields of any part-shaped value (a stored part, a search document); absent ones left out. */
export function partFieldsOf(value: Part): Part {
  const out: Partial<Record<keyof Part, unknown>> = {};
  for (const key of PART_FIELDS) if (value[key] !== undefined) out[key] = value[key];
  return out as Part;
}

/** The part as the API shows it (detail, listings, suggestions): its Part fields plus category and manufacturer refs. */
export function toPartView(part: Part, refs: { category: RelationRef | null; manufacturer: RelationRef | null }): PartView {
  return { ...partFieldsOf(part), category: refs.category, manufacturer: refs.manufacturer };
}
