/**
 * npm run bench:relevance [-- --parts 5000]
 * The judged query set (test/relevance) against the embedded engine over the demo catalogue: the share
 * of queries whose expected part is among the first three results, overall and per kind, and the misses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { demoDocuments } from '../relevance/demo-catalogue';
import { JUDGED_WORD_QUERIES, judgedCodeQueries } from '../relevance/judged-queries';
import { runJudged } from '../relevance/run-judged';

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
} finally {
  await index.close();
  rmSync(dir, { recursive: true, force: true });
}
