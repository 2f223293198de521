import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomMatchLine, LineMatch } from '@parts/shared/bom';
import { loadEnv } from '@parts/functions/config/env';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { createOpenSearchClient, createOpenSearchIndex } from '@parts/functions/modules/search/adapters/opensearch';
import type { PartDocument, SearchIndex } from '@parts/functions/modules/search/ports/search-index';

/**
 * Matching a buyer's list (SearchIndex.matchParts), one suite for every adapter: the embedded engine
 * always, OpenSearch when OPENSEARCH_URL is set. What a buyer sees per line: the confidence and the
 * candidates (ids, how each was found), in order.
 */
interface Adapter {
  name: string;
  open(): Promise<{ index: SearchIndex; dispose(): Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: 'embedded (SQLite FTS5 + columns)',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'match-contract-'));
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
  adapters.push({
    name: `OpenSearch (${opensearchUrl})`,
    async open() {
      const client = createOpenSearchClient({ node: opensearchUrl, sigv4: false });
      const name = `match-contract-${randomUUID().slice(0, 8)}`;
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

const MAKERS: Record<string, { id: number; name: string; slug: string }> = {
  ti: { id: 1, name: 'Texas Instruments', slug: 'texas-instruments' },
  st: { id: 2, name: 'STMicroelectronics', slug: 'stmicroelectronics' },
  nexperia: { id: 3, name: 'Nexperia', slug: 'nexperia' },
  festo: { id: 4, name: 'Festo', slug: 'festo' },
  adi: { id: 5, name: 'Analog Devices', slug: 'analog-devices' },
  siemens: { id: 6, name: 'Siemens', slug: 'siemens' },
  smc: { id: 7, name: 'SMC', slug: 'smc' },
  parker: { id: 8, name: 'Parker Hannifin', slug: 'parker-hannifin' },
};

function doc(id: number, partNumber: string, name: string, maker: keyof typeof MAKERS, description?: string): PartDocument {
  const m = MAKERS[maker]!;
  return {
    id,
    version: 1,
    name,
    slug: `part-${id}`,
    partNumber,
    ...(description ? { description } : {}),
    status: 'active',
    price: null,
    categoryId: 1,
    categoryPath: [1],
    categoryName: 'Components',
    categorySlug: 'components',
    manufacturerId: m.id,
    manufacturerName: m.name,
    manufacturerSlug: m.slug,
    specifications: {},
    specNumbers: {},
  };
}

const FIXTURE: PartDocument[] = [
  doc(1, 'LM317T', 'Adjustable voltage regulator', 'ti', 'Positive regulator 1.5 A, TO-220'),
  doc(2, 'LM317T', 'Adjustable voltage regulator', 'st'),
  doc(3, 'BAV99', 'Switching diode', 'nexperia'),
  doc(4, 'DSNU-32-100-PPV-A', 'Round cylinder 32', 'festo'),
  doc(5, 'AD8605ARTZ-REEL7', 'Precision op amp', 'adi'),
  doc(6, '6ES7214-1AG40-0XB0', 'S7-1200 CPU 1214C', 'siemens'),
  doc(7, '6ES7214-1AG40-0XB0-Z', 'CPU expansion board', 'siemens'),
  doc(8, 'VUVG-L14-M52', 'Solenoid valve 5/2', 'festo'),
  doc(9, 'CDQ2B32-50DZ', 'Compact cylinder 32', 'smc'),
  doc(10, 'SY5120-5LZD-01', 'Solenoid valve 5/2 24V', 'smc'),
  doc(11, 'PV-046', 'Axial piston pump', 'parker'),
];

/** confidence, then [id, via] per candidate: what the review table shows. */
const shape = (m: LineMatch) => [m.confidence, m.candidates.map((c) => [c.id, c.via])];

for (const adapter of adapters) {
  describe(`list matching contract: ${adapter.name}`, () => {
    let index: SearchIndex;
    let dispose: () => Promise<void>;
    const one = async (line: BomMatchLine) => shape((await index.matchParts([line]))[0]!);

    beforeAll(async () => {
      ({ index, dispose } = await adapter.open());
      await index.upsert(FIXTURE);
    });
    afterAll(async () => {
      await dispose();
    });

    it('a part number as typed is exact; typed loosely (case, spaces, -./) it is likely', async () => {
      expect(await one({ partNumber: '6ES7214-1AG40-0XB0' })).toEqual(['exact', [[6, 'exact']]]);
      expect(await one({ partNumber: '6es7 214 1ag40/0xb0' })).toEqual(['likely', [[6, 'normalised']]]);
      expect(await one({ partNumber: 'dsnu.32.100.ppv.a' })).toEqual(['likely', [[4, 'normalised']]]);
      // A variant letter is a different part, never the family of the bare number.
      expect(await one({ partNumber: '6ES7214-1AG40-0XB0-Z' })).toEqual(['exact', [[7, 'exact']]]);
    });

    it('one number from two manufacturers is a choice, settled by the manufacturer the list gives', async () => {
      expect(await one({ partNumber: 'LM317T' })).toEqual([
        'choose',
        [
          [1, 'exact'],
          [2, 'exact'],
        ],
      ]);
      expect(await one({ partNumber: 'LM317T', manufacturer: 'Texas Instruments Inc.' })).toEqual(['exact', [[1, 'exact']]]);
      expect(await one({ partNumber: 'lm317t', manufacturer: 'STMicroelectronics' })).toEqual(['likely', [[2, 'normalised']]]);
      // "Parker" names Parker Hannifin.
      expect(await one({ partNumber: 'PV-046', manufacturer: 'Parker' })).toEqual(['exact', [[11, 'exact']]]);
    });

    it('a manufacturer that contradicts the only part with that number makes it a choice', async () => {
      expect(await one({ partNumber: 'BAV99', manufacturer: 'Festo' })).toEqual(['choose', [[3, 'exact']]]);
    });

    it('the packaging suffix is dropped on either side: the family is likely', async () => {
      expect(await one({ partNumber: 'BAV99-TR' })).toEqual(['likely', [[3, 'family']]]);
      expect(await one({ partNumber: 'LM317T/NOPB', manufacturer: 'Texas Instruments' })).toEqual(['likely', [[1, 'family']]]);
      expect(await one({ partNumber: 'LM317T/NOPB' })).toEqual([
        'choose',
        [
          [1, 'family'],
          [2, 'family'],
        ],
      ]);
      // The catalogue has the reel; the list has the bare number.
      expect(await one({ partNumber: 'AD8605ARTZ' })).toEqual(['likely', [[5, 'family']]]);
    });

    it('a number that only starts longer ones offers them to choose from (4+ characters)', async () => {
      expect(await one({ partNumber: '6ES7214-1AG40' })).toEqual([
        'choose',
        [
          [6, 'prefix'],
          [7, 'prefix'],
        ],
      ]);
      expect(await one({ partNumber: '6ES' })).toEqual(['none', []]);
    });

    it('without a number match, the description and manufacturer find candidates to choose from', async () => {
      expect(await one({ description: 'Solenoid valve 5/2', manufacturer: 'SMC Corporation' })).toEqual(['choose', [[10, 'words']]]);
      expect(await one({ description: 'solenoid valves' })).toEqual([
        'choose',
        [
          [8, 'words'],
          [10, 'words'],
        ],
      ]);
      expect(await one({ partNumber: 'UNKNOWN-1', description: 'compact cylinder' })).toEqual(['choose', [[9, 'words']]]);
      expect(await one({ partNumber: 'ZZZ-999', description: 'flux capacitor' })).toEqual(['none', []]);
      expect(await one({ partNumber: 'ZZZ-999' })).toEqual(['none', []]);
      expect(await one({})).toEqual(['none', []]);
    });

    it('answers every line in order, the same for repeated lines', async () => {
      const lines: BomMatchLine[] = [{ partNumber: 'BAV99' }, { partNumber: 'nothing-here' }, { partNumber: 'bav99' }, { partNumber: 'BAV99' }];
      const answers = (await index.matchParts(lines)).map(shape);
      expect(answers).toEqual([
        ['exact', [[3, 'exact']]],
        ['none', []],
        ['likely', [[3, 'normalised']]],
        ['exact', [[3, 'exact']]],
      ]);
    });

    it('candidates carry what the basket needs', async () => {
      const [match] = await index.matchParts([{ partNumber: 'CDQ2B32-50DZ' }]);
      expect(match!.candidates[0]).toEqual({
        id: 9,
        name: 'Compact cylinder 32',
        slug: 'part-9',
        partNumber: 'CDQ2B32-50DZ',
        status: 'active',
        manufacturer: { name: 'SMC', slug: 'smc' },
        via: 'exact',
      });
    });

    it('follows writes: a removed part stops matching', async () => {
      const added = doc(40, 'NEW-PART-40', 'Temporary part', 'festo');
      await index.upsert([added]);
      expect(await one({ partNumber: 'NEW-PART-40' })).toEqual(['exact', [[40, 'exact']]]);
      await index.remove([{ id: 40, version: 1 }]);
      expect(await one({ partNumber: 'NEW-PART-40' })).toEqual(['none', []]);
    });
  });
}
