import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsQuerySchema, type PartStatus } from '@parts/shared/schemas';
import { loadEnv } from '@parts/functions/config/env';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { createOpenSearchClient, createOpenSearchIndex } from '@parts/functions/modules/search/adapters/opensearch';
import type { PartDocument, SearchIndex } from '@parts/functions/modules/search/ports/search-index';

/**
 * The ranking rules (ranking.ts RANKING_RULES, ADR 127) on every engine: the embedded one always (also on its
 * large-result path), OpenSearch when OPENSEARCH_URL is set. Each case names the part a buyer expects first,
 * or the first three in order. Part numbers are chosen so that part-number order alone would get them wrong.
 */
interface Engine {
  name: string;
  open(): { index: SearchIndex; dispose(): Promise<void> };
}

const embedded = (name: string, sortInPlaceLimit?: number): Engine => ({
  name,
  open() {
    const dir = mkdtempSync(join(tmpdir(), 'ranking-contract-'));
    const index = createEmbeddedSearchIndex({
      file: join(dir, 'search.sqlite'),
      vocabularyRefreshMs: 0,
      ...(sortInPlaceLimit !== undefined ? { sortInPlaceLimit } : {}),
    });
    return {
      index,
      async dispose() {
        await index.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});
const engines: Engine[] = [embedded('embedded engine'), embedded('embedded engine, large-result path', 0)];
const opensearchUrl = loadEnv().OPENSEARCH_URL;
if (opensearchUrl) {
  engines.push({
    name: `OpenSearch (${opensearchUrl})`,
    open() {
      const client = createOpenSearchClient({ node: opensearchUrl, sigv4: false });
      const name = `ranking-${randomUUID().slice(0, 8)}`;
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

const CATEGORIES = {
  valves: { id: 1, name: 'Hydraulic Valves' },
  relays: { id: 2, name: 'Contactors & Relays' },
  seals: { id: 3, name: 'Seals' },
  parts: { id: 4, name: 'Spare Parts' },
};

function part(
  id: number,
  partNumber: string,
  name: string,
  category: keyof typeof CATEGORIES,
  extra: { description?: string; status?: PartStatus; demand?: number } = {},
): PartDocument {
  const c = CATEGORIES[category];
  return {
    id,
    version: 1,
    name,
    slug: `part-${id}`,
    partNumber,
    ...(extra.description ? { description: extra.description } : {}),
    status: extra.status ?? 'active',
    price: null,
    categoryId: c.id,
    categoryPath: [c.id],
    categoryAncestors: [],
    categoryName: c.name,
    categorySlug: `c-${c.id}`,
    manufacturerId: 1,
    manufacturerName: 'Acme',
    manufacturerSlug: 'acme',
    specifications: {},
    specNumbers: {},
    ...(extra.demand !== undefined ? { demand: extra.demand } : {}),
  };
}

/** 150 valves whose name says only "valve" and whose description says "pressure": more matches than the ranking window. */
const MANY = Array.from({ length: 150 }, (_, i) =>
  part(100 + i, `A-${String(i).padStart(3, '0')}`, 'Flow Control Valve', 'valves', { description: 'Rated for a pressure of 350 bar.' }),
);

const FIXTURE: PartDocument[] = [
  ...MANY,
  part(1, 'ZZ-PRV-1', 'Pressure Relief Valve', 'valves'),
  // Part numbers: the exact one, one starting with it, one containing it.
  part(2, 'QK-100-X', 'Quick coupling long', 'parts'),
  part(3, 'MQK100', 'Quick coupling short', 'parts'),
  part(4, 'QK-100', 'Quick coupling', 'parts'),
  // The field matched: the name before the category.
  part(5, 'B-1', 'Power Contactor', 'relays'),
  part(6, 'Y-1', 'Safety Relay', 'relays'),
  // Words together and in order.
  part(7, 'C-1', 'Check housing and drain valve', 'parts'),
  part(8, 'X-7', 'Drain Check Valve', 'parts'),
  // Exactness, demand, discontinued.
  part(9, 'D-1', 'Sealant cartridge', 'seals'),
  part(10, 'W-2', 'Wiper Seal', 'seals', { status: 'discontinued' }),
  part(11, 'W-3', 'Wiper Seal', 'seals'),
  part(12, 'W-4', 'Wiper Seal', 'seals', { demand: 5 }),
];

for (const engine of engines) {
  describe(`ranking rules: ${engine.name}`, () => {
    let index: SearchIndex;
    let dispose: () => Promise<void>;
    const search = (q: string) => index.search(partsQuerySchema.parse({ q, pageSize: 20 }));
    const first = async (q: string, n = 1) => (await search(q)).data.slice(0, n).map((p) => p.id);

    beforeAll(async () => {
      ({ index, dispose } = engine.open());
      for (let i = 0; i < FIXTURE.length; i += 100) await index.upsert(FIXTURE.slice(i, i + 100));
    }, 60_000);
    afterAll(async () => {
      await dispose();
    });

    it('part numbers: the exact number, then numbers starting with it, then numbers containing it', async () => {
      expect(await first('qk 100', 3)).toEqual([4, 2, 3]);
    });

    it('two words, one only in the description for most matches: the part whose name holds both first, among more matches than the window', async () => {
      const answer = await search('pressure valve');
      expect(answer.data[0]!.id).toBe(1);
      expect(answer.total).toBe(151);
      expect(answer.highlight?.terms).toEqual(expect.arrayContaining(['pressure']));
    });

    it('a corrected typo ranks by the same rules: the part whose name holds both words first', async () => {
      const answer = await search('presure valve');
      expect(answer.data[0]!.id).toBe(1);
      expect(answer.correctedQuery).toBe('pressure valve');
    });

    it('the field matched: a name that says the word before a part that only sits in a category of that name', async () => {
      expect(await first('relay', 2)).toEqual([6, 5]);
    });

    it('words together and in the typed order first', async () => {
      expect(await first('check valve')).toEqual([8]);
    });

    it('a whole word before the beginning of a longer one; then demand; then active before discontinued', async () => {
      expect(await first('seal', 4)).toEqual([12, 11, 10, 9]);
    });

    it('later pages continue the same order, and every match is counted once', async () => {
      const pages = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((page) => index.search(partsQuerySchema.parse({ q: 'valve', pageSize: 20, page }))));
      const seen = pages.flatMap((p) => p.data.map((d) => d.id));
      expect(new Set(seen).size).toBe(pages[0]!.total);
      expect(pages[0]!.total).toBe(153);
    });
  });
}
