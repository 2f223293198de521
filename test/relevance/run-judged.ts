import type { PartDocument, SearchIndex } from '@parts/functions/modules/search/ports/search-index';
import { partsQuerySchema } from '@parts/shared/schemas';
import type { JudgedQuery } from './judged-queries';

export interface JudgedOutcome {
  query: JudgedQuery;
  hit: boolean;
  top: string[];
}

/** Runs each judged query through the listing (relevance order) and checks the first three results. */
export async function runJudged(index: SearchIndex, byId: Map<number, PartDocument>, queries: JudgedQuery[]) {
  const outcomes: JudgedOutcome[] = [];
  for (const query of queries) {
    const answer = await index.search(partsQuerySchema.parse({ q: query.q, pageSize: 3 }));
    const top = answer.data.slice(0, 3);
    outcomes.push({ query, hit: top.some((p) => query.expect(byId.get(p.id)!)), top: top.map((p) => `${p.name} [${p.partNumber}]`) });
  }
  return outcomes;
}
