import { createAwsRepositories, createAwsSearchIndex } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { checkIndex } from '../modules/search';
import { reindexAll } from '../modules/search';
import { createLogger } from '../lib/logger';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { catalog } = createAwsRepositories(env);
const search = createAwsSearchIndex(env);

/**
 * `{ repair: true }` (the schedule): compares the index with the table by id and version and repairs only
 * the difference. Otherwise (`aws lambda invoke --function-name parts-<stage>-reindex out.json`): rebuilds
 * the index from the table into a new index, swapped in when full (ADR 107).
 */
export const handler = async (
  event: { repair?: unknown } = {},
): Promise<{ indexed: number } | { missing: number; stale: number; extra: number; repaired: number }> => {
  const started = Date.now();
  if (event?.repair === true) {
    const result = await checkIndex({ catalog, search, repair: true, concurrency: 8 });
    logger.info('index_repair_done', { ...result });
    return { missing: result.missing, stale: result.stale, extra: result.extra, repaired: result.repaired };
  }
  const result = await reindexAll({ catalog, search, log: ({ indexed }) => logger.debug('reindex_progress', { indexed }) });
  logger.info('reindex_done', { indexed: result.indexed, caughtUp: result.caughtUp ?? 0, ms: Date.now() - started });
  return result;
};
