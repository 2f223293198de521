/**
 * npm run bench:repair [-- --parts 30000 --missing 100] [--in-memory] [--wait-for FILE]
 * Seeds `parts` demo parts into a DynamoDB Local started here (on disk, or in memory with --in-memory:
 * several times faster to seed, which is what makes 1,000,000 parts fit in a working session), builds the
 * embedded index from the table (full rebuild, timed), then writes `missing` more parts to the table only
 * (as a crash before indexing leaves them) and times the consistency check that finds and repairs exactly
 * those. Also times the two part counts of ADR 040: the index's count() (dashboard) and the exact walk of
 * the table by id. With --wait-for, the measurements start once FILE exists (seed while the machine is
 * busy, measure when it is quiet). The load average is printed with every figure.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDocumentClient } from '@parts/functions/adapters/dynamodb/client';
import { createDynamoRepositories } from '@parts/functions/adapters/dynamodb/repositories';
import { ensureTable } from '@parts/functions/adapters/dynamodb/table';
import { createEmbeddedSearchIndex } from '@parts/functions/modules/search/adapters/embedded';
import { checkIndex } from '@parts/functions/modules/search/indexer/consistency';
import { reindexAll } from '@parts/functions/modules/search/indexer/reindex';
import { LOCAL_CREDENTIALS, startDynamoLocal } from '@parts/functions/local/aws-local';
import { generateParts, seedDemoData } from '@parts/functions/local/seed';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i++) {
  const name = process.argv[i]!.replace(/^--/, '');
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith('--')) continue;
  args.set(name, value);
  i++;
}
const PARTS = Number(args.get('parts') ?? 30_000);
const MISSING = Number(args.get('missing') ?? 100);
const IN_MEMORY = process.argv.includes('--in-memory');
const WAIT_FOR = args.get('wait-for');
const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`);

async function timed<T>(what: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  console.log(`${what}: ${seconds(performance.now() - started)} (load average ${load})`);
  return result;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'repair-bench-'));
  const dynamo = await startDynamoLocal(IN_MEMORY ? { heap: '4g' } : { dataDir: join(dir, 'dynamodb') });
  const { raw, doc } = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint, credentials: LOCAL_CREDENTIALS });
  const search = createEmbeddedSearchIndex({ file: join(dir, 'search.sqlite') });
  try {
    await ensureTable(raw, 'repair-bench');
    const { catalog, users } = createDynamoRepositories({ client: doc, tableName: 'repair-bench' });
    let shown = 0;
    await timed(`seed ${PARTS} parts (not part of the figures)`, () =>
      seedDemoData({
        catalog,
        users,
        parts: PARTS,
        admin: { username: 'admin', password: 'bench-password' },
        onProgress: (written) => {
          if (written - shown >= 10_000) console.log(`  ${(shown = written)} written`);
        },
      }),
    );
    if (WAIT_FOR) {
      console.log(`seeded; measuring once ${WAIT_FOR} exists`);
      while (!existsSync(WAIT_FOR)) await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const { indexed } = await timed(`full rebuild of the index from the table (${PARTS} parts)`, () => reindexAll({ catalog, search }));
    if (indexed !== PARTS) throw new Error(`rebuilt ${indexed} of ${PARTS}`);

    // Parts the table has and the index never got (a crash between the write and the stream).
    const [category] = await catalog.listCategories();
    const [maker] = await catalog.listManufacturers();
    const extra = generateParts(MISSING, 99).map((p, i) => ({ ...p, partNumber: `MISSING-${i}`, categoryId: category!.id, manufacturerId: maker!.id }));
    const written = await catalog.upsertParts(extra.map(({ categorySlug: _c, manufacturerSlug: _m, ...row }) => row));
    if (written.created !== MISSING) throw new Error(`wrote ${written.created} of ${MISSING}`);

    const result = await timed(`check + repair of ${MISSING} missing parts at ${PARTS + MISSING} parts`, () => checkIndex({ catalog, search, repair: true }));
    console.log(`  ${JSON.stringify(result)}`);
    await timed('check of a consistent index (nothing to repair)', () => checkIndex({ catalog, search, repair: false }));
    const count = await timed('dashboard count (index count())', () => search.count());
    const exact = await timed('exact table count (walk by id)', () => catalog.countParts());
    console.log(`  index ${count}, table ${exact}`);
  } finally {
    await search.close();
    raw.destroy();
    await dynamo.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
