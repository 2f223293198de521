import type { Highlight, Part, PartListResponse, PartsQuery, Suggestion } from '@parts/shared/schemas';
import type { BomMatchLine, LineMatch } from '@parts/shared/bom';

/**
 * The search projection of a part: every Part field (see indexer/part-document.ts) plus denormalised
 * category and manufacturer names and slugs.
 */
export interface PartDocument extends Part {
  version: number;
  /** The part's category and every ancestor, so a parent filter includes descendants. */
  categoryPath: number[];
  /**
   * Name and slug of every ancestor in categoryPath (the part's own category excluded), so a facet can
   * name a parent that has no parts of its own. Absent on documents indexed before it existed.
   */
  categoryAncestors?: { id: number; name: string; slug: string }[];
  categoryName: string;
  categorySlug: string;
  manufacturerName: string;
  manufacturerSlug: string;
  specNumbers: Record<string, number>;
  /**
   * Demand signal for ranking (issue 30): how often the part was requested or viewed, decayed over time,
   * written with the document so it costs nothing at query time. 0 or absent until that work fills it.
   */
  demand?: number;
}

/** Suggestions for a typed text, and what of it matched (null when nothing was typed). */
export interface AutocompleteAnswer {
  suggestions: Suggestion[];
  highlight: Highlight | null;
}

/**
 * Listing, filters, sorts, counts and autocomplete. Implemented by the embedded engine (SQLite FTS5)
 * and by OpenSearch; both pass the contract suite in test/contract.
 */
export interface SearchIndex {
  /** Writes documents; a document whose version is lower than the indexed one is ignored. */
  upsert(docs: PartDocument[]): Promise<void>;
  /** Removes documents; a delete older than the indexed version is ignored. */
  remove(items: { id: number; version: number }[]): Promise<void>;
  search(query: PartsQuery): Promise<PartListResponse>;
  autocomplete(q: string, limit: number): Promise<AutocompleteAnswer>;
  /**
   * The document of the part with this slug, as last indexed (the part page, ADR 086); undefined when
   * no document, or more than one (a stale one), has it. Sees every write upsert has returned from.
   */
  partBySlug(slug: string): Promise<PartDocument | undefined>;
  /** Ids of every indexed part in these categories (descendants included) or of these manufacturers (re-index on rename). */
  partIds(filter: { categoryIds?: number[]; manufacturerIds?: number[] }): Promise<number[]>;
  /** Indexed ids with their versions, ascending by id, the first `limit` above `afterId` (consistency check). */
  listVersions(afterId: number, limit: number): Promise<{ id: number; version: number }[]>;
  /**
   * Matches the lines of a buyer's list, one answer per line in order: exact / likely / choose /
   * none with up to 3 candidates (modules/bom/part-match.ts decides; the engine looks up).
   */
  matchParts(lines: BomMatchLine[]): Promise<LineMatch[]>;
  /** Drops everything (the embedded engine's reindex, tests). */
  clear(): Promise<void>;
  /**
   * A full reindex without an empty index (ADR 107): `fill` writes every document into a new index while the live
   * one keeps answering; then the new one becomes live in one step (OpenSearch: an alias swap) and the old one is
   * dropped. Returns `fill`'s result and the documents that differ between the two (writes that reached the live
   * index while `fill` ran, documents it lacked), each with the new index's version (0: absent): the caller reads them
   * again from the table. Engines without it (the embedded one) are cleared and filled in place.
   */
  rebuild?<T>(fill: (target: SearchIndex) => Promise<T>): Promise<{ result: T; differing: { id: number; version: number }[] }>;
  count(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What write paths call so an admin sees their change in the next list fetch (read-your-writes).
 * The DynamoDB stream indexer stays the source that repairs anything missed.
 */
export interface SearchSync {
  partsChanged(ids: number[]): Promise<void>;
  categoryChanged(id: number): Promise<void>;
  manufacturerChanged(id: number): Promise<void>;
}

/** What an index consistency check is doing: comparing the id sets, then indexing what differs. */
export interface IndexProgress {
  phase: 'checking' | 'indexing';
  done: number;
  /** checking: ids to look at (1..the id counter); indexing: documents to write or remove. */
  total: number;
}
