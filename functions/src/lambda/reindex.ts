import { createAwsRepositories, createAwsSearchIndex } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { reindexAll } from '../indexer/reindex';
import { createLogger } from '../lib/logger';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { catalog } = createAwsRepositories(env);
const search = createAwsSearchIndex(env);

/** `aws lambda invoke --function-name parts-<stage>-reindex out.json`: rebuilds the search index from the table. */
export const handler = async (): Promise<{ indexed: number }> => {
  const started = Date.now();
  const result = await reindexAll({ catalog, search, log: ({ indexed }) => logger.debug('reindex_progress', { indexed }) });
  logger.info('reindex_done', { indexed: result.indexed, ms: Date.now() - started });
  return result;
};
