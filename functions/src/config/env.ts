import { z } from 'zod';

/** The only place that reads process.env. Parsed once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().default('parts-catalogue'),
  ATTACHMENTS_BUCKET: z.string().default('parts-attachments'),
  STAGING_BUCKET: z.string().default('parts-csv-staging'),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  /** Public origin used in presigned URLs when S3 is local (s3rver). */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  SEARCH_ENGINE: z.enum(['embedded', 'opensearch']).default('embedded'),
  OPENSEARCH_URL: z.string().url().optional(),
  OPENSEARCH_INDEX: z.string().default('parts'),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  /** AWS: the import-job Lambda the API invokes asynchronously for large CSV files. */
  IMPORT_FUNCTION_NAME: z.string().optional(),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(6).default('admin123'),
  SEED_PARTS: z.coerce.number().int().min(0).default(5000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Set by the CDK API function: the app is reached only through CloudFront, so CloudFront-Viewer-Address is the viewer's. */
  TRUST_CLOUDFRONT_VIEWER_ADDRESS: z.stringbool().default(false),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // `KEY=` in a .env file means "not set", as in .env.example; without this it would fail validation.
  const set = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${detail}`);
  }
  const env = parsed.data;
  // Without a configured key every cold start would sign sessions with a different or guessable secret.
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET && !env.JWT_SECRET_ARN) {
    throw new Error('Invalid environment: NODE_ENV=production requires JWT_SECRET or JWT_SECRET_ARN (the session signing key)');
  }
  return env;
}
