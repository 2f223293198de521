import { Hono } from 'hono';
import type { Env } from './config/env';
import type { Logger } from './lib/logger';
import type { CatalogRepository } from './ports/catalog-repository';
import type { UserRepository } from './ports/user-repository';
import type { QuoteRepository } from './ports/quote-repository';
import type { ImportJobRepository } from './ports/import-job-repository';
import type { BlobStore } from './ports/blob-store';
import type { IndexProgress, SearchIndex, SearchSync } from './ports/search-index';
import type { JobRunner } from './ports/job-runner';
import type { RateLimitStore } from './ports/rate-limit-store';
import type { QuoteThreadRepository } from './ports/quote-thread-repository';
import type { MailQueue, OutboxRepository } from './ports/outbox';
import { errorHandler } from './http/errors';
import { sessionMiddleware } from './http/session';
import { originCheck } from './http/origin-check';
import { originVerify } from './http/origin-verify';
import { siteOrigins } from './config/env';
import type { AppEnv } from './http/app-env';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/auth';
import { categoryRoutes } from './routes/categories';
import { manufacturerRoutes } from './routes/manufacturers';
import { partSearchRoutes } from './routes/parts-search';
import { partRoutes } from './routes/parts';
import { quoteRequestRoutes } from './routes/quote-requests';
import { quoteLoopRoutes } from './routes/quote-loop';
import { uploadRoutes } from './routes/uploads';
import { importRoutes } from './routes/imports';
import { adminRoutes } from './routes/admin';
import { bomRoutes } from './routes/bom';

/** Everything the API needs from the outside world; Lambda, the local server and tests pass their own. */
export interface AppDeps {
  env: Env;
  logger: Logger;
  catalog: CatalogRepository;
  users: UserRepository;
  quotes: QuoteRepository;
  imports: ImportJobRepository;
  /** Attempt counters shared by every instance (services/rate-limiter.ts builds limits on it). */
  rateLimits: RateLimitStore;
  blobs: BlobStore;
  search: SearchIndex;
  searchSync: SearchSync;
  jobs: JobRunner;
  /** Offer versions and messages of quote requests. */
  quoteThreads: QuoteThreadRepository;
  /** Mails waiting to be sent (written with the data they report). */
  outbox: OutboxRepository;
  /** Asks for outbox mails to be sent now (the local worker); absent on AWS, where an EventBridge rule runs the mailer every minute (ADR 111). */
  mailQueue?: MailQueue;
  /** HS256 key for session JWTs. */
  jwtSecret: Uint8Array;
  now?: () => Date;
  /** While the search index is being checked or repaired (local start-up), how far it got; undefined otherwise. */
  indexStatus?: () => IndexProgress | undefined;
}

export function buildApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(deps.logger));
  // On AWS: only requests that came through CloudFront (its secret header), never the API Gateway URL directly.
  if (deps.env.ORIGIN_VERIFY_SECRET) app.use('/api/*', originVerify(deps.env.ORIGIN_VERIFY_SECRET, deps.logger));
  // Before anything reads a body or a session: state-changing calls come only from the site's own pages.
  app.use('/api/*', originCheck(siteOrigins(deps.env), deps.logger));
  // Every route sees the signed-in user (if any); guards decide per route.
  app.use('/api/*', sessionMiddleware(deps.jwtSecret, deps.users, deps.now ?? (() => new Date())));
  const routes = app
    .route('/api/health', healthRoutes(deps))
    .route('/api/auth', authRoutes(deps))
    .route('/api/categories', categoryRoutes(deps))
    .route('/api/manufacturers', manufacturerRoutes(deps))
    // Listing and autocomplete first, so `/autocomplete` is not taken for a part slug.
    .route('/api/parts', partSearchRoutes(deps))
    .route('/api/parts', partRoutes(deps))
    .route('/api/quote-requests', quoteRequestRoutes(deps))
    .route('/api/quote-requests', quoteLoopRoutes(deps))
    .route('/api/uploads', uploadRoutes(deps))
    .route('/api/imports', importRoutes(deps))
    .route('/api/admin', adminRoutes(deps))
    .route('/api/bom', bomRoutes(deps));
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));
  return routes;
}

export type AppType = ReturnType<typeof buildApp>;
