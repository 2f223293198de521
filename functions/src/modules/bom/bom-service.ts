import type { BomMatchLine, LineMatch, SavedBomMapping } from '@parts/shared/bom';
import type { SearchIndex } from '../search';
import type { UserRepository } from '../accounts';

export interface BomServiceDeps {
  search: Pick<SearchIndex, 'matchParts'>;
  users: Pick<UserRepository, 'getBomMapping' | 'saveBomMapping'>;
}

/** A buyer's list against the catalogue (the tiers in part-match.ts, the look-ups in the search engine) and the buyer's remembered columns. */
export function createBomService({ search, users }: BomServiceDeps) {
  return {
    matchLines: (lines: BomMatchLine[]): Promise<LineMatch[]> => search.matchParts(lines),
    savedMapping: (username: string): Promise<SavedBomMapping | undefined> => users.getBomMapping(username),
    saveMapping: (username: string, mapping: SavedBomMapping): Promise<void> => users.saveBomMapping(username, mapping),
  };
}
