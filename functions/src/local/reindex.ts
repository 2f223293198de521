import { join, resolve } from 'node:path';
import { loadEnv } from '../config/env';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { createDynamoRepositories } from '../adapters/dynamodb/repositories';
import { ensureTable } from '../adapters/dynamodb/table';
import { checkIndex, indexingDetail } from '../modules/search';
import { reindexAll } from '../modules/search';
import type { SearchIndex } from '../modules/search';
import { LOCAL_CREDENTIALS, assertJava, startDynamoLocal, type LocalDynamo } from './aws-local';
import { openSearchFile } from './search-file';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm run reindex`: rebuilds DATA_DIR/search.sqlite from the local DynamoDB data (DATA_DIR/dynamodb), or
 * from DYNAMODB_ENDPOINT when set. `npm run reindex -- --repair` compares the two by id and version and
 * fixes only the difference. Run it with `npm start` stopped: both would open the same files.
 * Whatever fails, everything it started is stopped and it exits (1 on failure).
 */
async function main(): Promise<void> {
  const repair = process.argv.includes('--repair');
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const started = Date.now();
  let dynamo: LocalDynamo | undefined;
  let search: SearchIndex | undefined;
  let destroyClient: (() => void) | undefined;
  try {
    let endpoint = env.DYNAMODB_ENDPOINT;
    if (!endpoint) {
      assertJava();
      dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb'), heap: env.DYNAMODB_LOCAL_HEAP });
      endpoint = dynamo.endpoint;
    }
    const { raw, doc } = createDocumentClient({ region: env.AWS_REGION, endpoint, credentials: LOCAL_CREDENTIALS });
    destroyClient = () => raw.destroy();
    search = openSearchFile(join(dataDir, 'search.sqlite'), (recovery) => {
      if (recovery.kind === 'unreadable')
        say(`The search index file could not be read (${recovery.reason}); it was moved to ${recovery.movedTo} and is rebuilt.`);
    });
    await ensureTable(raw, env.TABLE_NAME);
    const { catalog } = createDynamoRepositories({ client: doc, tableName: env.TABLE_NAME });
    let shown = 0;
    const every = (line: string) => {
      if (Date.now() - shown < 2000) return;
      shown = Date.now();
      say(`  ${line}`);
    };
    if (repair) {
      const result = await checkIndex({ catalog, search, repair: true, onProgress: (p) => every(indexingDetail(p)) });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      say(
        `Search index checked against table "${env.TABLE_NAME}": ${result.tableParts} parts in the table, ${result.indexedBefore} indexed; ` +
          `repaired ${result.missing} missing, ${result.stale} outdated, ${result.extra} deleted in ${seconds} s`,
      );
    } else {
      const { indexed } = await reindexAll({
        catalog,
        search,
        log: ({ indexed: n, idsDone, ids }) => every(`${n} parts indexed (ids ${idsDone} of ${ids})`),
      });
      say(`Search index rebuilt: ${indexed} parts from table "${env.TABLE_NAME}" in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await search?.close().catch(() => undefined);
    destroyClient?.();
    await dynamo?.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`Reindex failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
