import { join, resolve } from 'node:path';
import { loadEnv } from '../config/env';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { createDynamoRepositories } from '../adapters/dynamodb/repositories';
import { ensureTable } from '../adapters/dynamodb/table';
import { createEmbeddedSearchIndex } from '../adapters/search/embedded';
import { reindexAll } from '../indexer/reindex';
import { LOCAL_CREDENTIALS, assertJava, startDynamoLocal } from './aws-local';

/**
 * `npm run reindex`: rebuilds DATA_DIR/search.sqlite from the local DynamoDB data (DATA_DIR/dynamodb),
 * or from DYNAMODB_ENDPOINT when set. Run it with `npm start` stopped: both would open the same files.
 */
async function main() {
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const started = Date.now();
  let endpoint = env.DYNAMODB_ENDPOINT;
  let stopDynamo: (() => Promise<void>) | undefined;
  if (!endpoint) {
    assertJava();
    const dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
    endpoint = dynamo.endpoint;
    stopDynamo = () => dynamo.stop();
  }
  const { raw, doc } = createDocumentClient({ region: env.AWS_REGION, endpoint, credentials: LOCAL_CREDENTIALS });
  const search = createEmbeddedSearchIndex({ file: join(dataDir, 'search.sqlite') });
  try {
    await ensureTable(raw, env.TABLE_NAME);
    const { catalog } = createDynamoRepositories({ client: doc, tableName: env.TABLE_NAME });
    let shown = 0;
    const { indexed } = await reindexAll({
      catalog,
      search,
      log: ({ indexed: n }) => {
        if (n - shown >= 10_000) {
          shown = n;
          process.stdout.write(`  ${n} parts indexed\n`);
        }
      },
    });
    process.stdout.write(`Search index rebuilt: ${indexed} parts from table "${env.TABLE_NAME}" in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await search.close();
    raw.destroy();
    await stopDynamo?.();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Reindex failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
