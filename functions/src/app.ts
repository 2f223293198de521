import { Hono } from 'hono';
import type { Env } from './config/env';
import type { Logger } from './lib/logger';
import type { CatalogRepository } from './modules/catalog';
import type { UserRepository } from './modules/accounts';
import type { QuoteRepository } from './modules/quotes';
import type { ImportJobRepository } from './modules/imports';
import type { BlobStore } from './ports/blob-store';
import type { IndexProgress, SearchIndex, SearchSync } from './modules/search';
import type { JobRunner } from './modules/imports';
import type { RateLimitStore } from './ports/rate-limit-store';
import type { MailQueue, OutboxRepository } from './modules/mail';
import type { WebhookQueue, WebhookRepository, WebhookSecrets } from './modules/webhooks';
import { webhookRoutes } from './modules/webhooks';
import { createDemandRecorder, demandAdminRoutes, demandBeaconRoutes, type DemandRecorder, type DemandRepository } from './modules/demand';
import { errorHandler } from './http/errors';
import { sessionMiddleware } from './http/session';
import { originCheck } from './http/origin-check';
import { siteOrigins } from './config/env';
import type { AppEnv } from './http/app-env';
import { healthRoutes } from './routes/health';
import { openApiRoutes } from './routes/openapi';
import { authRoutes } from './modules/accounts';
import { categoryRoutes } from './modules/catalog';
import { manufacturerRoutes } from './modules/catalog';
import { partSearchRoutes } from './modules/search';
import { partRoutes } from './modules/catalog';
import { quoteRequestRoutes } from './modules/quotes';
import { quoteLoopRoutes } from './modules/quotes';
import { priceSheetRoutes } from './modules/quotes';
import { orderRoutes } from './modules/quotes';
import { orderExportRoutes } from './modules/quotes';
import { offerDraftRoutes } from './modules/quotes';
import { uploadRoutes } from './modules/imports';
import { importRoutes } from './modules/imports';
import { adminRoutes } from './modules/catalog';
import { bomRoutes } from './modules/bom';

/** Everything the API needs from the outside world; Lambda, the local server and tests pass their own. */
export interface AppDeps {
  env: Env;
  logger: Logger;
  catalog: CatalogRepository;
  users: UserRepository;
  /** The quote aggregate: requests, offer versions, messages. */
  quotes: QuoteRepository;
  imports: ImportJobRepository;
  /** Attempt counters shared by every instance (services/rate-limiter.ts builds limits on it). */
  rateLimits: RateLimitStore;
  blobs: BlobStore;
  search: SearchIndex;
  searchSync: SearchSync;
  jobs: JobRunner;
  /** Mails waiting to be sent (written with the data they report). */
  outbox: OutboxRepository;
  /** Asks for outbox mails to be sent now (the local worker); absent on AWS, where an EventBridge rule runs the mailer every minute (ADR 111). */
  mailQueue?: MailQueue;
  /** Webhook endpoints and deliveries (ADR 123). */
  webhooks: WebhookRepository;
  /** The endpoints' signing secrets; default: from the environment (WEBHOOK_SECRETS, or WEBHOOK_SECRETS_ARN on AWS). */
  webhookSecrets?: WebhookSecrets;
  /** Asks for webhook deliveries to be sent now (the local worker); absent on AWS, where the mailer's schedule sweeps them. */
  webhookQueue?: WebhookQueue;
  /** Demand signals (issue 31, ADR 129): counters and terms in the table. */
  demand: DemandRepository;
  /** Where routes record demand signals; default: an in-process buffer over `demand`, flushed every second. */
  demandRecorder?: DemandRecorder;
  /** HS256 key for session JWTs. */
  jwtSecret: Uint8Array;
  now?: () => Date;
  /** While the search index is being checked or repaired (local start-up), how far it got; undefined otherwise. */
  indexStatus?: () => IndexProgress | undefined;
}

export function buildApp(appDeps: AppDeps) {
  const demandRecorder =
    appDeps.demandRecorder ??
    createDemandRecorder({
      repository: appDeps.demand,
      logger: appDeps.logger,
      now: appDeps.now,
      enabled: appDeps.env.DEMAND_RECORDING !== 'off',
    });
  const deps = { ...appDeps, demandRecorder };
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(deps.logger));
  // On AWS only CloudFront reaches the app: its function URL refuses unsigned requests before the code runs (ADR 120).
  // Before anything reads a body or a session: state-changing calls come only from the site's own pages.
  app.use('/api/*', originCheck(siteOrigins(deps.env), deps.logger));
  // Every route sees the signed-in user (if any); guards decide per route.
  app.use('/api/*', sessionMiddleware(deps.jwtSecret, deps.users, deps.now ?? (() => new Date())));
  // An answer that names no lifetime is personal or a write's: no cache keeps it (the public GETs name theirs; ADR 134).
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'private, no-store');
  });
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
    .route('/api/quote-requests', priceSheetRoutes(deps))
    .route('/api/quote-requests', orderRoutes(deps))
    .route('/api', orderExportRoutes(deps))
    .route('/api/quote-requests', offerDraftRoutes(deps))
    .route('/api/uploads', uploadRoutes(deps))
    .route('/api/imports', importRoutes(deps))
    .route('/api/admin', adminRoutes(deps))
    .route('/api/admin/webhooks', webhookRoutes(deps))
    .route('/api/admin', demandAdminRoutes(deps))
    .route('/api/demand', demandBeaconRoutes(deps))
    .route('/api/bom', bomRoutes(deps))
    .route('/api', openApiRoutes());
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404));
  return routes;
}

export type AppType = ReturnType<typeof buildApp>;
