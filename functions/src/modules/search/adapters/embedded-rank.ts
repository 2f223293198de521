import type { PartDocument } from '../ports/search-index';
import { rankByRules, rankKey, RANK_WINDOW, RANK_FIELDS, TIER, type RankedPart } from '../ranking';
import type { Candidates } from './embedded-text';
import type { PartColumns } from './part-columns';

/**
 * The ranking rules (ranking.ts RANKING_RULES) over the embedded engine's ranking window: the first
 * RANK_WINDOW results of the coarse order (`coarse(from, to)`: standing, discontinued, part number) are
 * read from the file and ordered by rankKey; results beyond the window keep the coarse order. Returns the
 * ids of [from, to).
 */
export function rankedPage(
  c: PartColumns,
  found: Candidates,
  n: number,
  from: number,
  to: number,
  coarse: (from: number, to: number) => number[],
  documents: (ids: number[]) => PartDocument[],
  categoryName: (id: number) => string | undefined,
): number[] {
  if (from >= RANK_WINDOW) return coarse(from, to);
  const window = coarse(0, Math.min(RANK_WINDOW, n));
  const order = c.rank('partNumber');
  const ranked = rankByRules(documents(window), (doc) =>
    rankKey(found.ranked, rankedPart(doc, Math.floor(found.tier[doc.id]! / 2), order[doc.id]!, categoryName)),
  );
  const ids = ranked.map((d) => d.id);
  if (to <= RANK_WINDOW) return ids.slice(from, to);
  return [...ids.slice(from), ...coarse(RANK_WINDOW, to)];
}

/** What the rules read of a stored document (its category's ancestors by name from the facet names). */
function rankedPart(doc: PartDocument, tier: number, order: number, categoryName: (id: number) => string | undefined): RankedPart {
  const ancestors = doc.categoryPath.filter((id) => id !== doc.categoryId).map((id) => categoryName(id) ?? '');
  const text: Record<(typeof RANK_FIELDS)[number], string> = {
    partNumber: doc.partNumber,
    name: doc.name,
    manufacturer: doc.manufacturerName,
    category: [doc.categoryName, ...ancestors].join(' '),
    specifications: Object.values(doc.specifications ?? {}).join(' '),
    description: doc.description ?? '',
  };
  return {
    tier: tier || TIER.typed,
    fields: RANK_FIELDS.map((f) => text[f]),
    demand: doc.demand ?? 0,
    discontinued: doc.status === 'discontinued',
    order,
  };
}
