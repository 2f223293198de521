import { normalizePartNumber } from '@parts/shared/part-number';
import type { PartDocument } from '../ports/search-index';
import type { SearchClient } from './opensearch-apis';
import type { MatchSource } from '../../bom';

/** Searches per _msearch call: a 2,000-line list is a handful of round trips. */
const MSEARCH_BATCH = 200;
/** Numbers per terms query. */
const TERMS_BATCH = 500;

interface Hit {
  _source?: PartDocument;
}
interface SearchAnswer {
  hits?: { hits: Hit[] };
  error?: { reason?: string; type?: string };
}

const sources = (answer: SearchAnswer | undefined): PartDocument[] => {
  if (answer?.error) throw new Error(`OpenSearch match failed: ${answer.error.reason ?? answer.error.type ?? 'unknown'}`);
  return (answer?.hits?.hits ?? []).flatMap((h) => (h._source ? [h._source] : []));
};

/**
 * OpenSearch's lookups for list matching, on the fields the listing uses: `partNumberNorm` (keyword:
 * terms for equality, prefix for family and longer numbers) and the word fields with their light
 * stemming (`.forms`), so plural and singular meet as in the embedded engine. Batched with _msearch.
 */
export function createOpenSearchMatchSource(options: { client: SearchClient; index: string; ready: () => Promise<unknown> }): MatchSource {
  const { client, index } = options;

  async function msearch(bodies: Record<string, unknown>[]): Promise<PartDocument[][]> {
    await options.ready();
    const out: PartDocument[][] = [];
    for (let at = 0; at < bodies.length; at += MSEARCH_BATCH) {
      const batch = bodies.slice(at, at + MSEARCH_BATCH);
      const res = await client.msearch({ index, body: batch.flatMap((b) => [{}, b]) as never });
      const responses = (res.body as unknown as { responses: SearchAnswer[] }).responses;
      for (let i = 0; i < batch.length; i++) out.push(sources(responses[i]));
    }
    return out;
  }

  return {
    async byNumber(norms, limit) {
      const out = new Map<string, PartDocument[]>(norms.map((n) => [n, []]));
      const chunks: string[][] = [];
      for (let at = 0; at < norms.length; at += TERMS_BATCH) chunks.push(norms.slice(at, at + TERMS_BATCH));
      const answers = await msearch(
        chunks.map((chunk) => ({
          query: { bool: { filter: [{ terms: { partNumberNorm: chunk } }] } },
          sort: [{ id: 'asc' }],
          size: Math.min(10_000, chunk.length * limit),
          track_total_hits: false,
        })),
      );
      for (const doc of answers.flat()) {
        const list = out.get(normalizePartNumber(doc.partNumber));
        if (list && list.length < limit) list.push(doc);
      }
      return out;
    },
    async byPrefix(prefixes, limit) {
      const answers = await msearch(
        prefixes.map((pn) => ({
          query: { bool: { filter: [{ prefix: { partNumberNorm: pn } }] } },
          sort: [{ partNumberNorm: 'asc' }, { id: 'asc' }],
          size: limit,
          track_total_hits: false,
        })),
      );
      return new Map(prefixes.map((pn, i) => [pn, answers[i]!]));
    },
    async byWords(queries, limit) {
      return msearch(
        queries.map((words) => ({
          query: {
            bool: {
              filter: words.map((w) => ({
                multi_match: {
                  query: w,
                  type: 'cross_fields',
                  operator: 'and',
                  fields: ['name.forms', 'description.forms', 'categoryWords.forms', 'manufacturerName.forms'],
                },
              })),
            },
          },
          sort: [{ id: 'asc' }],
          size: limit,
          track_total_hits: false,
        })),
      );
    },
  };
}
