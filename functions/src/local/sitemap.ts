import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadEnv } from '../config/env';
import { createDocumentClient } from '../adapters/dynamodb/client';
import { createDynamoRepositories } from '../adapters/dynamodb/repositories';
import { ensureTable } from '../adapters/dynamodb/table';
import { generateSitemaps } from '../modules/catalog';
import { LOCAL_CREDENTIALS, assertJava, startDynamoLocal, type LocalDynamo } from './aws-local';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * `npm run sitemap [-- --out dir]`: writes sitemap.xml and sitemaps/<n>.xml (≤ 50,000 URLs each) for
 * the local catalogue into DATA_DIR/sitemaps (or --out), from DATA_DIR/dynamodb or DYNAMODB_ENDPOINT.
 * Run it with `npm start` stopped (both would open the same files); the running server serves the
 * same sitemaps at /sitemap.xml, generated on demand. URLs use SITE_URL, else http://localhost:PORT.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const outIndex = process.argv.indexOf('--out');
  const out = resolve(outIndex > 0 ? process.argv[outIndex + 1]! : join(dataDir, 'sitemaps'));
  let dynamo: LocalDynamo | undefined;
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
    await ensureTable(raw, env.TABLE_NAME);
    const { catalog } = createDynamoRepositories({ client: doc, tableName: env.TABLE_NAME });
    const result = await generateSitemaps({
      catalog,
      siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
      writer: {
        write: (name, body) => {
          const file = join(out, name);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, body);
          return Promise.resolve();
        },
      },
    });
    say(`Sitemaps written to ${out}: ${result.urls} URLs in ${result.shards} shard(s) + sitemap.xml, ${(result.ms / 1000).toFixed(1)} s`);
  } finally {
    destroyClient?.();
    await dynamo?.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`Sitemap failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
