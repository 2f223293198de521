import * as z from 'zod';

/** The only place that reads process.env. Parsed once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{3,255}$/, "3 to 255 characters: letters, digits, '_', '-' and '.'")
    .default('parts-catalogue'),
  ATTACHMENTS_BUCKET: z.string().default('parts-attachments'),
  STAGING_BUCKET: z.string().default('parts-csv-staging'),
  /** AWS: the site bucket the scheduled sitemap job writes sitemap.xml and sitemaps/<n>.xml to. */
  SITE_BUCKET: z.string().optional(),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  /** Java heap cap of the local DynamoDB Local (`-Xmx`), e.g. 512m or 2g; see README. */
  DYNAMODB_LOCAL_HEAP: z
    .string()
    .regex(/^\d+[mMgG]$/, 'a size like 512m or 1g')
    .default('1g'),
  S3_ENDPOINT: z.string().url().optional(),
  /** Public origin used in presigned URLs when S3 is local (s3rver). */
  S3_PUBLIC_ENDPOINT: z.string().url().optional(),
  /**
   * How quote attachments are downloaded: 'site' (a path on the site, forwarded to the bucket by CloudFront or
   * the local server, with nosniff; ADR 110) or 's3' (the bucket's presigned URL itself, without nosniff).
   */
  ATTACHMENT_DOWNLOADS: z.enum(['site', 's3']).default('site'),
  /** The local server's page cache (ADR 135): most entries kept; 0 turns it off (CloudFront does this on AWS). */
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(5000),
  /**
   * Local server: the share of a core the spreadsheet reader may use (ADR 094): after a file that took t, it rests
   * t × (1 / share − 1). Not set: 0.1 locally; Lambda keeps 1 (one request per container).
   */
  PARSE_BUSY_SHARE: z.coerce.number().gt(0).max(1).optional(),
  /** Demand signals (issue 31, docs/demand.md): `off` records none (the admin's Demand tab then shows what was kept). */
  DEMAND_RECORDING: z.enum(['on', 'off']).default('on'),
  SEARCH_ENGINE: z.enum(['embedded', 'opensearch']).default('embedded'),
  OPENSEARCH_URL: z.string().url().optional(),
  OPENSEARCH_INDEX: z.string().default('parts'),
  /** Replicas of a newly created index: 0 on a one-node domain (else it is always yellow), 1 with two data nodes (infra). */
  OPENSEARCH_REPLICAS: z.coerce.number().int().min(0).max(2).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_SECRET_ARN: z.string().optional(),
  /** AWS: the import-job Lambda the API invokes asynchronously for large CSV files. */
  IMPORT_FUNCTION_NAME: z.string().optional(),
  /** AWS: the SQS queue the import planner sends a large file's chunks to (ADR 061). */
  IMPORT_CHUNK_QUEUE_URL: z.string().url().optional(),
  /** A staged CSV larger than this is split into chunks of about this size, imported in parallel (ADR 061). */
  IMPORT_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(8 * 1024 * 1024),
  /** Local stack: chunks imported at once by the in-process worker pool (AWS: the chunk queue's maxConcurrency). */
  IMPORT_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  ADMIN_USERNAME: z.string().min(3).default('admin'),
  ADMIN_PASSWORD: z.string().min(6).default('admin123'),
  SEED_PARTS: z.coerce.number().int().min(0).default(5000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Set by the CDK API function: the app is reached only through CloudFront, so CloudFront-Viewer-Address is the viewer's. */
  TRUST_CLOUDFRONT_VIEWER_ADDRESS: z.stringbool().default(false),
  /** New accounts per client address per hour. */
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Quote submissions per customer account per hour (three times as many per client address). */
  RATE_LIMIT_QUOTES_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Messages on quote requests per customer account per hour (three times as many per client address); the admin is not limited. */
  RATE_LIMIT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Revision requests per customer account per hour (three times as many per client address). */
  RATE_LIMIT_REVISIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Parts-list reads (parse + match) per client address, and per account when signed in, per 10 minutes. */
  RATE_LIMIT_BOM_READS_PER_10_MINUTES: z.coerce.number().int().min(1).default(60),
  /**
   * The site's own origins (comma-separated, e.g. `https://parts.example.com`): state-changing calls from
   * any other origin are refused. Default: the local server's own (`http://127.0.0.1:PORT`, `http://localhost:PORT`).
   * `same-origin`: a stage on its CloudFront name, which the API cannot be told (ADR 120): a write passes when the
   * browser marks it `Sec-Fetch-Site: same-origin` (http/origin-check.ts).
   */
  ALLOWED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^(https?:\/\/[a-z0-9.-]+(:\d{1,5})?|same-origin)$/i, 'each origin looks like https://parts.example.com (or is same-origin)'))
        .min(1),
    )
    .optional(),
  /** Site settings (company details on quote documents and mails); defaults in shared/src/site-settings.ts. */
  SITE_COMPANY_NAME: z.string().min(1).max(200).optional(),
  /** Address lines separated by "|". */
  SITE_ADDRESS: z.string().min(1).max(500).optional(),
  SITE_PHONE: z.string().min(1).max(50).optional(),
  SITE_EMAIL: z.email().optional(),
  /** The storefront's public origin for links in mails; locally http://HOST:PORT. */
  SITE_URL: z.url().optional(),
  /** Quote terms, one per line separated by "|". */
  QUOTE_TERMS: z.string().min(1).max(5000).optional(),
  /** required: a buyer accepting an offer must give their purchase order (PO) number; optional (default): they may (ADR 121). */
  SITE_PO_NUMBER: z.enum(['optional', 'required']).optional(),
  /** Who receives the reseller's quote notifications. */
  RESELLER_EMAIL: z.email().optional(),
  /** Sender of every mail: an address (or "Name <address>") of the SES identity on AWS. */
  MAIL_FROM: z.string().min(3).max(300).default('Industrial Parts Hub <quotes@industrialpartshub.example>'),
  /** ses on AWS; smtp locally (SMTP_URL, else the local catcher npm start runs); none stores mails in the outbox only. */
  MAIL_TRANSPORT: z.enum(['smtp', 'ses', 'none']).default('smtp'),
  SMTP_URL: z.url().optional(),
  SES_CONFIGURATION_SET: z.string().min(1).max(64).optional(),
  /** npm start runs a local SMTP catcher with a web inbox (MailDev) unless SMTP_URL is set or this is false. */
  MAIL_CATCHER: z.stringbool().default(true),
  MAIL_CATCHER_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  MAIL_CATCHER_WEB_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** npm start: how often the offer expiry job runs (ADR 113); on AWS an EventBridge rule runs it every 15 minutes. */
  QUOTE_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** The same job mails the buyer this many days before an open offer's last valid day (once per version); 0: no reminder. */
  QUOTE_REMINDER_DAYS_BEFORE: z.coerce.number().int().min(0).max(60).default(3),
  /**
   * Webhook signing secrets by name (ADR 123), a JSON object: `{"erp":"<secret>"}`; set it in .env, never in the
   * repository. On AWS the API and the mailer read WEBHOOK_SECRETS_ARN (a Secrets Manager secret holding the same JSON).
   */
  WEBHOOK_SECRETS: z.string().optional(),
  WEBHOOK_SECRETS_ARN: z.string().optional(),
  /** How long a claimed webhook delivery stays hidden before a crashed worker's attempt is retried (ADR 123). */
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** npm start: how often the local webhook worker sweeps for due deliveries (retries, leftovers of a crash). */
  WEBHOOK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type Env = z.infer<typeof envSchema>;

/** ALLOWED_ORIGINS, or the local server's own origins; lower-cased, as browsers send them. */
export function siteOrigins(env: Env): string[] {
  const origins = env.ALLOWED_ORIGINS ?? [`http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`];
  return origins.map((o) => o.toLowerCase());
}

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
