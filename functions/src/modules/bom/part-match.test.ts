import { describe, expect, it } from 'vitest';
import type { Client } from '@opensearch-project/opensearch';
import type { PartDocument } from '../search/ports/search-index';
import { createOpenSearchMatchSource } from '../search/adapters/opensearch-match';
import { sameManufacturer } from './part-match';

describe('sameManufacturer', () => {
  it('ignores company forms and case, and accepts a shared distinctive word', () => {
    expect(sameManufacturer('Texas Instruments Inc.', 'Texas Instruments')).toBe(true);
    expect(sameManufacturer('PARKER', 'Parker Hannifin')).toBe(true);
    expect(sameManufacturer('Bosch Rexroth AG', 'Rexroth')).toBe(true);
    expect(sameManufacturer('SMC Corporation', 'SMC')).toBe(true);
  });
  it('does not take generic words for a match, and says nothing without a listed manufacturer', () => {
    expect(sameManufacturer('Schneider Electric', 'Mitsubishi Electric')).toBe(false);
    expect(sameManufacturer('Festo', 'SMC')).toBe(false);
    expect(sameManufacturer(undefined, 'SMC')).toBeUndefined();
    expect(sameManufacturer('  ', 'SMC')).toBeUndefined();
  });
});

/** A stand-in client that answers _msearch from a fixed list of documents (unit test only). */
function fakeClient(docs: Partial<PartDocument>[], seen: unknown[][]): Client {
  return {
    msearch: async ({ body }: { body: Record<string, unknown>[] }) => {
      seen.push(body);
      const responses = [];
      for (let i = 1; i < body.length; i += 2) {
        const q = JSON.stringify(body[i]);
        const terms = /"partNumberNorm":(\[[^\]]*\])/.exec(q);
        const prefix = /"prefix":\{"partNumberNorm":"([^"]*)"/.exec(q);
        const hits = docs.filter((d) => {
          const norm = d.partNumber!.replace(/[^A-Z0-9]/gi, '').toUpperCase();
          if (terms) return (JSON.parse(terms[1]!) as string[]).includes(norm);
          if (prefix) return norm.startsWith(prefix[1]!);
          return false;
        });
        responses.push({ hits: { hits: hits.map((_source) => ({ _source })) } });
      }
      return { body: { responses } };
    },
  } as unknown as Client;
}

describe('OpenSearch match source', () => {
  it('looks numbers up in one terms query and groups the hits by normalised number', async () => {
    const seen: unknown[][] = [];
    const source = createOpenSearchMatchSource({
      client: fakeClient(
        [
          { id: 1, partNumber: 'BAV99' },
          { id: 2, partNumber: 'bav-99' },
          { id: 3, partNumber: 'LM317T' },
        ],
        seen,
      ),
      index: 'parts',
      ready: async () => undefined,
    });
    const found = await source.byNumber(['BAV99', 'LM317T', 'NONE'], 1);
    expect([...found].map(([k, v]) => [k, v.map((d) => d.id)])).toEqual([
      ['BAV99', [1]],
      ['LM317T', [3]],
      ['NONE', []],
    ]);
    expect(seen).toHaveLength(1);
    const prefixes = await source.byPrefix(['LM3', 'BAV'], 10);
    expect(prefixes.get('LM3')!.map((d) => d.id)).toEqual([3]);
    expect(seen[1]).toHaveLength(4);
  });
  it('turns an error answer into an error, never into "no match"', async () => {
    const client = { msearch: async () => ({ body: { responses: [{ error: { reason: 'index closed' } }] } }) } as unknown as Client;
    const source = createOpenSearchMatchSource({ client, index: 'parts', ready: async () => undefined });
    await expect(source.byWords([['valve']], 3)).rejects.toThrow('index closed');
  });
});
