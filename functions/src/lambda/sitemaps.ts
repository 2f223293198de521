import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../adapters/s3/client';
import { createAwsRepositories } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import { generateSitemaps } from '../modules/catalog';

/** CloudFront keeps a sitemap an hour; the job rewrites them daily. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const { catalog } = createAwsRepositories(env);
const s3 = createS3Client({ region: env.AWS_REGION, endpoint: env.S3_ENDPOINT });

/**
 * Daily (EventBridge, ADR 080): the same generator as `npm run sitemap`, writing sitemap.xml and
 * sitemaps/<n>.xml (≤ 50,000 URLs each) into the site bucket, which CloudFront serves at /sitemap*.
 * Shards are written before the index that names them; a shard past the new count is left and unnamed.
 */
export const handler = async () => {
  if (!env.SITE_BUCKET) throw new Error('SITE_BUCKET is required');
  if (!env.SITE_URL) throw new Error('SITE_URL is required');
  const bucket = env.SITE_BUCKET;
  const result = await generateSitemaps({
    catalog,
    siteUrl: env.SITE_URL,
    writer: {
      write: async (name, body) => {
        await s3.send(
          new PutObjectCommand({ Bucket: bucket, Key: name, Body: body, ContentType: 'application/xml; charset=utf-8', CacheControl: SITEMAP_CACHE_CONTROL }),
        );
      },
    },
  });
  logger.info('sitemaps.written', { ...result });
  return result;
};
