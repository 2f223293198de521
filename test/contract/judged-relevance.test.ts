import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '@parts/functions/config/env';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { createOpenSearchClient, createOpenSearchIndex } from '@parts/functions/modules/search/adapters/opensearch';
import type { PartDocument, SearchIndex } from '@parts/functions/modules/search/ports/search-index';
import { demoDocuments } from '../relevance/demo-catalogue';
import { JUDGED_WORD_QUERIES, judgedCodeQueries } from '../relevance/judged-queries';
import { RANKING_WORD_CASES, rankingPartNumberCases } from '../relevance/ranking-cases';
import { runJudged, runRanking, type JudgedOutcome, type RankingOutcome } from '../relevance/run-judged';

/** The embedded engine always; OpenSearch too when OPENSEARCH_URL is set: both must answer the same judged cases. */
const engines: { name: string; open(): { index: SearchIndex; dispose(): Promise<void> } }[] = [
  {
    name: 'embedded engine',
    open() {
      const dir = mkdtempSync(join(tmpdir(), 'judged-'));
      const index = createEmbeddedSearchIndex({ file: join(dir, 'search.sqlite') });
      return {
        index,
        async dispose() {
          await index.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];
const opensearchUrl = loadEnv().OPENSEARCH_URL;
if (opensearchUrl) {
  engines.push({
    name: `OpenSearch (${opensearchUrl})`,
    open() {
      const client = createOpenSearchClient({ node: opensearchUrl, sigv4: false });
      const name = `judged-${randomUUID().slice(0, 8)}`;
      const index = createOpenSearchIndex({ client, index: name });
      return {
        index,
        async dispose() {
          await client.indices.delete({ index: name, ignore_unavailable: true });
          await index.close();
        },
      };
    },
  });
}

/**
 * The judged query set over the demo catalogue (what `npm start` seeds): what a buyer types and what
 * must be among the first three results. `npm run bench:relevance` prints the same figures.
 */
for (const engine of engines) {
  describe(`judged relevance: ${engine.name} over the demo catalogue`, () => {
    let index: SearchIndex;
    let dispose: () => Promise<void>;
    let docs: PartDocument[];
    let outcomes: JudgedOutcome[];
    let ranking: RankingOutcome[];

    beforeAll(async () => {
      ({ index, dispose } = engine.open());
      docs = demoDocuments(5000);
      // Batches of 100: OpenSearch makes writes that small searchable before it answers.
      for (let i = 0; i < docs.length; i += 100) await index.upsert(docs.slice(i, i + 100));
      outcomes = await runJudged(index, new Map(docs.map((d) => [d.id, d])), [...JUDGED_WORD_QUERIES, ...judgedCodeQueries(docs)]);
      ranking = await runRanking(index, docs, [...RANKING_WORD_CASES, ...rankingPartNumberCases(docs)]);
    }, 120_000);
    afterAll(async () => {
      await dispose();
    });

    it('has at least 60 judged queries and finds the expected part in the top 3 for at least 95% of them', () => {
      expect(outcomes.length).toBeGreaterThanOrEqual(60);
      const misses = outcomes.filter((o) => !o.hit).map((o) => `${o.query.q} → ${o.top.join(' | ') || '(nothing)'}`);
      expect(misses.length / outcomes.length, misses.join('\n')).toBeLessThanOrEqual(0.05);
    });

    it.each(['hydraulc pump', 'pneumatc valve', 'festo cylindr', 'siemns contactor', '40 x 200 cylinder'])(
      'the query the issue names, "%s", finds the part a buyer meant',
      (q) => {
        const outcome = outcomes.find((o) => o.query.q === q);
        expect(outcome?.hit, outcome?.top.join(' | ')).toBe(true);
      },
    );

    it('every loosely typed part number finds that part first', () => {
      for (const o of outcomes.filter((x) => x.query.kind === 'code')) expect(o.hit, o.query.q).toBe(true);
    });

    it('has at least 40 ranking cases, each with a part the catalogue holds for the first place', () => {
      expect(ranking.length).toBeGreaterThanOrEqual(40);
      for (const o of ranking)
        expect(
          docs.some((d) => o.query.grade(d) > 0),
          o.query.q,
        ).toBe(true);
    });

    it('puts the right part first for at least 90% of the ranking cases (issue 30)', () => {
      const wrong = ranking.filter((o) => !o.rightFirst).map((o) => `${o.query.q} → ${o.top.join(' | ') || '(nothing)'}`);
      expect(wrong.length / ranking.length, wrong.join('\n')).toBeLessThanOrEqual(0.1);
    });

    it('part numbers rank exact, then starting with the typed text, then containing it', () => {
      for (const o of ranking.filter((x) => x.query.kind === 'part number')) expect(o.ndcg3, `${o.query.q} → ${o.top.join(' | ')}`).toBe(1);
    });
  });
}
