/**
 * npm run bench:relevance [-- --parts 5000]
 * The judged query set (test/relevance) against the embedded engine over the demo catalogue: the share
 * of queries whose expected part is among the first three results, overall and per kind, and the misses;
 * then the judged ranking cases (ranking-cases.ts): the share whose first result is the right part, and
 * the mean nDCG@3 of the first three, overall and per kind, and the cases whose first result is wrong.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { demoDocuments } from '../relevance/demo-catalogue';
import { JUDGED_WORD_QUERIES, judgedCodeQueries } from '../relevance/judged-queries';
import { RANKING_WORD_CASES, rankingPartNumberCases } from '../relevance/ranking-cases';
import { runJudged, runRanking } from '../relevance/run-judged';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const PARTS = Number(args.get('parts') ?? 5000);

const dir = mkdtempSync(join(tmpdir(), 'relevance-'));
const index = createEmbeddedSearchIndex({ file: join(dir, 'search.sqlite') });
try {
  const docs = demoDocuments(PARTS);
  for (let i = 0; i < docs.length; i += 1000) await index.upsert(docs.slice(i, i + 1000));
  const byId = new Map(docs.map((d) => [d.id, d]));
  const queries = [...JUDGED_WORD_QUERIES, ...judgedCodeQueries(docs)];
  const outcomes = await runJudged(index, byId, queries);
  const kinds = new Map<string, { hits: number; total: number }>();
  for (const o of outcomes) {
    const k = kinds.get(o.query.kind) ?? { hits: 0, total: 0 };
    k.total++;
    if (o.hit) k.hits++;
    kinds.set(o.query.kind, k);
  }
  const hits = outcomes.filter((o) => o.hit).length;
  console.log(`judged queries: ${outcomes.length} over ${PARTS} demo parts`);
  console.log(`expected part in the top 3: ${hits}/${outcomes.length} = ${((100 * hits) / outcomes.length).toFixed(1)}%`);
  for (const [kind, k] of kinds) console.log(`  ${kind.padEnd(20)} ${k.hits}/${k.total}`);
  const misses = outcomes.filter((o) => !o.hit);
  if (misses.length > 0) console.log('misses:');
  for (const m of misses) console.log(`  "${m.query.q}" → ${m.top.length === 0 ? '(nothing)' : m.top.join(' | ')}`);

  const ranking = await runRanking(index, docs, [...RANKING_WORD_CASES, ...rankingPartNumberCases(docs)]);
  const share = (xs: typeof ranking) => `${xs.filter((o) => o.rightFirst).length}/${xs.length}`;
  const ndcg = (xs: typeof ranking) => (xs.reduce((sum, o) => sum + o.ndcg3, 0) / xs.length).toFixed(3);
  const right = ranking.filter((o) => o.rightFirst).length;
  console.log(`\nranking cases: ${ranking.length}`);
  console.log(`right part first: ${right}/${ranking.length} = ${((100 * right) / ranking.length).toFixed(1)}%   nDCG@3: ${ndcg(ranking)}`);
  for (const kind of [...new Set(ranking.map((o) => o.query.kind))]) {
    const of = ranking.filter((o) => o.query.kind === kind);
    console.log(`  ${kind.padEnd(20)} first ${share(of).padEnd(7)} nDCG@3 ${ndcg(of)}`);
  }
  const wrong = ranking.filter((o) => !o.rightFirst);
  if (wrong.length > 0) console.log('wrong first:');
  for (const w of wrong) console.log(`  "${w.query.q}" → ${w.top.length === 0 ? '(nothing)' : w.top.join(' | ')}`);
} finally {
  await index.close();
  rmSync(dir, { recursive: true, force: true });
}
