import type { CatalogRepository } from '../../catalog';
import type { SearchIndex, SearchSync } from '../ports/search-index';
import { loadRelations, toPartDocument } from './part-document';

const CHUNK = 100;

/**
 * Read-your-writes: the write routes call this right after DynamoDB accepted a change, so the next
 * list fetch already sees it. Versions make it safe to race with the stream indexer.
 */
export function createSearchSync(deps: { catalog: CatalogRepository; search: SearchIndex }): SearchSync {
  async function reindexParts(ids: number[]) {
    if (ids.length === 0) return;
    const relations = await loadRelations(deps.catalog);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const parts = await deps.catalog.getParts(ids.slice(i, i + CHUNK));
      await deps.search.upsert(parts.map((p) => toPartDocument(p, relations)));
    }
  }
  return {
    partsChanged: (ids) => reindexParts([...new Set(ids)]),
    async categoryChanged(id) {
      await reindexParts(await deps.search.partIds({ categoryIds: [id] }));
    },
    async manufacturerChanged(id) {
      await reindexParts(await deps.search.partIds({ manufacturerIds: [id] }));
    },
  };
}
