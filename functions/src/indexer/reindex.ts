import type { CatalogRepository } from '../ports/catalog-repository';
import type { SearchIndex } from '../ports/search-index';
import { loadRelations, toPartDocument } from './part-document';

const PAGE = 1000;

/** Rebuilds the whole index from DynamoDB: clear, then scan every part page by page. */
export async function reindexAll(deps: {
  catalog: CatalogRepository;
  search: SearchIndex;
  log?: (progress: { indexed: number }) => void;
}): Promise<{ indexed: number }> {
  const relations = await loadRelations(deps.catalog);
  await deps.search.clear();
  let indexed = 0;
  let cursor: string | undefined;
  do {
    const page = await deps.catalog.scanParts(cursor, PAGE);
    await deps.search.upsert(page.items.map((p) => toPartDocument(p, relations)));
    indexed += page.items.length;
    deps.log?.({ indexed });
    cursor = page.cursor;
  } while (cursor);
  return { indexed };
}
