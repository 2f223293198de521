import type { PartDocument, SearchIndex } from '@parts/functions/modules/search/ports/search-index';
import { partsQuerySchema } from '@parts/shared/schemas';
import type { JudgedQuery } from './judged-queries';
import type { RankingCase } from './ranking-cases';

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

export interface RankingOutcome {
  query: RankingCase;
  /** The first result has the best grade any part of the catalogue has. */
  rightFirst: boolean;
  /** nDCG of the first three results against the catalogue's three best grades. */
  ndcg3: number;
  top: string[];
}

const dcg = (grades: number[]) => grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

/** Runs each ranking case through the listing (relevance order) and scores the order of the first three. */
export async function runRanking(index: SearchIndex, docs: PartDocument[], cases: RankingCase[]) {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const outcomes: RankingOutcome[] = [];
  for (const query of cases) {
    const answer = await index.search(partsQuerySchema.parse({ q: query.q, pageSize: 3 }));
    const grades = answer.data.slice(0, 3).map((p) => query.grade(byId.get(p.id)!));
    const ideal = docs
      .map((d) => query.grade(d))
      .sort((a, b) => b - a)
      .slice(0, 3);
    const best = dcg(ideal);
    outcomes.push({
      query,
      rightFirst: grades.length > 0 && grades[0] === ideal[0],
      ndcg3: best === 0 ? 1 : dcg(grades) / best,
      top: answer.data.slice(0, 3).map((p, i) => `${p.name} [${p.partNumber}] (${grades[i]})`),
    });
  }
  return outcomes;
}
