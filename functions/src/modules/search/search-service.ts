import { AUTOCOMPLETE_MAX_SUGGESTIONS } from '@parts/shared/constants';
import type { PartsQuery } from '@parts/shared/schemas';
import type { SearchIndex } from './ports/search-index';

/** What the parts listing and the search box ask of the search index (the engine behind the port). */
export function createSearchService({ search }: { search: SearchIndex }) {
  return {
    listParts: (query: PartsQuery) => search.search(query),
    autocomplete: (q: string) => search.autocomplete(q, AUTOCOMPLETE_MAX_SUGGESTIONS),
  };
}
