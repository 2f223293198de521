import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { buildApp } from '../app';
import { loadEnv, siteOrigins, type Env } from '../config/env';
import { siteSettings } from '../config/site-settings';
import { createLogger } from '../lib/logger';
import { configureParseSandbox } from '../lib/parse-sandbox';
import { createStreamHandler } from '../modules/search';
import { startStreamPoller } from '../modules/search';
import { assertJava, isPortFree, JavaMissingError, LOCAL_CREDENTIALS, startDynamoLocal, startS3Local } from './aws-local';
import { createLocalDeps, type LocalDeps } from './local-deps';
import { startBackgroundIndexCheck } from './index-check';
import { createOfferExpiryJob } from '../modules/quotes';
import { startOfferExpiryTimer } from './offer-expiry-timer';
import { createFileCheckpointStore } from './stream-checkpoints';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { ensureAdmin, seedDemoData } from './seed';
import { configuredSiteUrl, createServerApp, loadRenderer, sitemapSource, WEB_DIST } from './server-app';
import { createPageCache } from './page-cache';

/**
 * `npm start`: DynamoDB Local + s3rver + the embedded search index + the API and the built SPA on
 * one port, as one process tree. Data lives under DATA_DIR and survives restarts.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);
const since = (t: number) => `${Date.now() - t} ms`;
const KEEP_ALIVE_MS = 65_000;

async function main() {
  const startedAt = Date.now();
  let env: Env;
  try {
    // README: copy .env.example to .env; variables already set in the shell win over the file.
    if (existsSync('.env')) process.loadEnvFile('.env');
    env = loadEnv();
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  // One machine: a stream of uploaded files may take a tenth of a core, not the API's (docs/benchmarks.md, issue 26).
  configureParseSandbox({ busyShare: env.PARSE_BUSY_SHARE ?? 0.1 });
  const dataDir = resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  say(`Industrial Parts Hub — starting (data in ${dataDir})`);

  const stops: Stops = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (stops.length > 0) say('\nStopping…');
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => say(`  (while stopping: ${String(err)})`));
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    // Said at once, before Java and the rest are started only to be stopped again; listen() says it too if the
    // port is taken in the meantime.
    if (env.PORT !== 0 && !(await isPortFree(env.PORT, env.HOST))) throw new StartError(portInUse(env));
    const { dynamoEndpoint, s3Endpoint } = await startStorage(env, dataDir, stops);

    const catcher = await startMail(env, dataDir, stops);

    const t2 = Date.now();
    const local: LocalDeps = await createLocalDeps({
      env,
      logger: createLogger(env.LOG_LEVEL),
      jwtSecret: loadOrCreateJwtSecret(env, dataDir),
      dynamoEndpoint: dynamoEndpoint,
      s3Endpoint: s3Endpoint,
      ...(env.S3_PUBLIC_ENDPOINT ? { s3PublicEndpoint: env.S3_PUBLIC_ENDPOINT } : {}),
      searchFile: join(dataDir, 'search.sqlite'),
      onIndexFileRecovered: (recovery) =>
        say(
          recovery.kind === 'missing'
            ? '  … No search index file yet: it is built from the table in the background'
            : `  ! The search index file could not be read (${recovery.reason}): it was moved to ${recovery.movedTo} and is rebuilt from the table in the background`,
        ),
      ...(catcher ? { smtpUrl: catcher.smtpUrl } : {}),
    });
    stops.push(() => local.close());
    const { deps } = local;
    // Ctrl+C: a running import stops after the batch it is writing, its checkpoint saved, and says so.
    stops.push(async () => {
      for (const job of await local.stopJobs()) {
        if (job.state !== 'running') continue;
        say(
          job.chunkCount === undefined
            ? `  ! Import job ${job.id} stopped after row ${job.resumeAfterRecord ?? 1} of its file; it carries on when the server starts again`
            : `  ! Import job ${job.id} stopped with ${job.chunksLeft ?? job.chunkCount} of its ${job.chunkCount} chunks unfinished (${job.successCount} rows imported); it carries on when the server starts again`,
        );
      }
    });
    say(`  ✓ Table "${env.TABLE_NAME}", buckets and search index ready (${since(t2)})`);

    // From here on the stream feeds the index, from where it was left (or from the stream's start), as
    // the event source mapping does for the indexer Lambda: changes made before a crash are indexed too.
    const poller = startStreamPoller({
      endpoint: dynamoEndpoint,
      tableName: env.TABLE_NAME,
      region: env.AWS_REGION,
      credentials: LOCAL_CREDENTIALS,
      checkpoints: createFileCheckpointStore(join(dataDir, 'stream-checkpoint.json')),
      handler: createStreamHandler({ catalog: deps.catalog, search: deps.search, logger: deps.logger }),
      logger: deps.logger,
    });
    stops.push(() => poller.stop());

    await seedOrReuse(env, deps, dataDir);

    // Compares the table with the index by id and repairs the difference while the server already answers.
    const check = startBackgroundIndexCheck({ catalog: deps.catalog, search: deps.search, say });
    deps.indexStatus = () => check.status();
    stops.push(() => check.stop());

    // Import jobs a crash or Ctrl+C left unfinished carry on from their last checkpoint.
    for (const job of await local.resumeImports()) {
      say(
        job.chunkCount !== undefined
          ? `  … Resuming import job ${job.id}: ${job.chunksLeft ?? job.chunkCount} of its ${job.chunkCount} chunks left (${job.successCount} rows imported so far)`
          : job.resumeAfterRecord === undefined
            ? `  … Resuming import job ${job.id} from the start of its file`
            : `  … Resuming import job ${job.id} after row ${job.resumeAfterRecord} of its file (${job.successCount} rows imported so far)`,
      );
    }

    startOfferExpiry(env, deps, stops);

    const api = buildApp(deps);
    // Canonical URLs, robots.txt and the sitemaps' address: SITE_URL, else the configured listening address (never a request's Host).
    const siteUrl = configuredSiteUrl(env);
    const render = await loadRenderer(api, { siteUrl });
    // The browser PUTs presigned uploads straight to the S3 stand-in: the CSP's connect-src names its origin.
    const uploadOrigin = env.S3_PUBLIC_ENDPOINT ?? s3Endpoint;
    const { app, servesWeb } = createServerApp(api, WEB_DIST, {
      ...(render ? { render } : {}),
      siteUrl,
      sitemaps: sitemapSource(deps.catalog, siteUrl),
      // CloudFront's cache, on one machine (ADR 135; docs/caching.md).
      pageCache: createPageCache({ maxEntries: env.PAGE_CACHE_MAX_ENTRIES }),
      uploadOrigins: uploadOrigin ? [new URL(uploadOrigin).origin] : [],
      // CloudFront's /quotes/* behaviour: attachment downloads through the site, with its headers (ADR 110).
      ...(env.ATTACHMENT_DOWNLOADS === 'site' ? { attachmentDownloads: { s3Endpoint: s3Endpoint, bucket: env.ATTACHMENTS_BUCKET } } : {}),
    });
    if (!servesWeb) say(`  ! ${join(WEB_DIST, 'index.html')} is missing: run "npm run build -w web" (npm start does this) to serve the web app`);
    const port = await listen(env, app, stops);
    say('');
    say(`Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s → http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`);
    say(
      `Admin login: ${env.ADMIN_USERNAME} / ${env.ADMIN_PASSWORD === 'admin123' ? 'admin123 (the local default; set ADMIN_PASSWORD to change)' : '(the ADMIN_PASSWORD you set)'}`,
    );
    if (catcher) say(`Mail inbox: ${catcher.webUrl}`);
    say('Press Ctrl+C to stop.');
  } catch (err) {
    // Ctrl+C during start-up closes the clients under the seed; that error is the stop, not a failure.
    if (stopping) return;
    if (err instanceof JavaMissingError || err instanceof StartError) process.stderr.write(`\n${err.message}\n`);
    else process.stderr.write(`\nStart-up failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    await shutdown(1);
  }
}

type Stops = (() => Promise<void>)[];

/** DynamoDB Local and s3rver, each unless an endpoint is configured; both stop with the server. */
async function startStorage(env: Env, dataDir: string, stops: Stops): Promise<{ dynamoEndpoint: string; s3Endpoint: string }> {
  let dynamoEndpoint = env.DYNAMODB_ENDPOINT;
  let s3Endpoint = env.S3_ENDPOINT;
  if (!dynamoEndpoint) assertJava();

  const t = Date.now();
  const [dynamo, s3] = await Promise.all([
    dynamoEndpoint
      ? undefined
      : startDynamoLocal({
          dataDir: join(dataDir, 'dynamodb'),
          heap: env.DYNAMODB_LOCAL_HEAP,
          // The API keeps its endpoint: once Java answers again on the same port, requests succeed again.
          supervise: {
            onExit: (reason) => say(`  ! DynamoDB Local stopped unexpectedly (${reason}); restarting it`),
            onRestart: (pid, ms) => say(`  ✓ DynamoDB Local restarted (${ms} ms, pid ${pid ?? '?'})`),
            onRestartFailed: (err) => say(`  ! DynamoDB Local did not restart yet: ${err.message.split('\n')[0]}`),
          },
        }).then((d) => {
          say(`  ✓ DynamoDB Local ready at ${d.endpoint} (${since(t)}, pid ${d.pid ?? '?'})`);
          return d;
        }),
    s3Endpoint
      ? undefined
      : startS3Local({ directory: join(dataDir, 's3'), buckets: [env.ATTACHMENTS_BUCKET, env.STAGING_BUCKET], corsOrigins: siteOrigins(env) }).then((s) => {
          say(`  ✓ S3 (s3rver) ready at ${s.endpoint} (${since(t)})`);
          return s;
        }),
  ]);
  if (dynamo) {
    stops.push(() => dynamo.stop());
    dynamoEndpoint = dynamo.endpoint;
  } else say(`  ✓ Using DynamoDB at ${dynamoEndpoint}`);
  if (s3) {
    stops.push(() => s3.stop());
    s3Endpoint = s3.endpoint;
  } else say(`  ✓ Using S3 at ${s3Endpoint}`);
  return { dynamoEndpoint: dynamoEndpoint!, s3Endpoint: s3Endpoint! };
}

/** Every mail the product sends lands in a local inbox, unless SMTP_URL points elsewhere. */
async function startMail(env: Env, dataDir: string, stops: Stops): Promise<MailCatcher | undefined> {
  let catcher: MailCatcher | undefined;
  if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL && env.MAIL_CATCHER) {
    const tm = Date.now();
    catcher = await startMailCatcher({
      directory: join(dataDir, 'mail'),
      ...(env.MAIL_CATCHER_SMTP_PORT !== undefined ? { smtpPort: env.MAIL_CATCHER_SMTP_PORT } : {}),
      ...(env.MAIL_CATCHER_WEB_PORT !== undefined ? { webPort: env.MAIL_CATCHER_WEB_PORT } : {}),
    });
    stops.push(() => catcher!.stop());
    say(`  ✓ Mail catcher (MailDev) inbox at ${catcher.webUrl}, SMTP ${catcher.smtpUrl.replace('smtp://', '')} (${since(tm)})`);
  } else if (env.MAIL_TRANSPORT === 'smtp' && env.SMTP_URL) say(`  ✓ Sending mail to ${new URL(env.SMTP_URL).host}`);
  else say('  ! Mail is not sent (MAIL_TRANSPORT or MAIL_CATCHER): mails stay in the outbox');
  return catcher;
}

/** Offers whose last valid day is over are recorded as expired by a timer, as by the EventBridge rule on AWS (ADR 113). */
function startOfferExpiry(env: Env, deps: LocalDeps['deps'], stops: Stops): void {
  const expiry = startOfferExpiryTimer({
    job: createOfferExpiryJob({
      quotes: deps.quotes,
      logger: deps.logger,
      site: siteSettings(env),
      reminders: { daysBefore: env.QUOTE_REMINDER_DAYS_BEFORE },
    }),
    intervalMs: env.QUOTE_EXPIRY_INTERVAL_SECONDS * 1000,
    logger: deps.logger,
  });
  stops.push(() => expiry.stop());
}

/** Seeds the demo data into an empty table (or finishes an interrupted seed); otherwise only makes sure of the admin. */
async function seedOrReuse(env: Env, deps: LocalDeps['deps'], dataDir: string): Promise<void> {
  const [categories, parts] = await Promise.all([deps.catalog.countCategories(), deps.catalog.partIdCeiling()]);
  // The marker lets a seed cut short (Ctrl+C, crash) resume on the next start instead of staying half-done.
  const seedMarker = join(dataDir, 'seed-state');
  const seedInterrupted = existsSync(seedMarker) && readFileSync(seedMarker, 'utf8').trim() === 'started';
  if ((categories === 0 && parts === 0) || seedInterrupted) {
    writeFileSync(seedMarker, 'started\n');
    const t3 = Date.now();
    say(`  … ${seedInterrupted ? 'Resuming the interrupted seed' : 'Seeding demo data'} (${env.SEED_PARTS} parts)`);
    let lastShown = 0;
    // A line per tenth of the seed (between 100 and 1,000 parts): a small seed shows progress too.
    const progressStep = Math.min(1000, Math.max(100, Math.round(env.SEED_PARTS / 10)));
    const seeded = await seedDemoData({
      catalog: deps.catalog,
      users: deps.users,
      parts: env.SEED_PARTS,
      admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
      onProgress: (written, total) => {
        if (written - lastShown >= progressStep || written === total) {
          lastShown = written;
          say(`    ${written}/${total} parts written`);
        }
      },
    });
    say(
      `  ✓ Seeded ${seeded.categories} categories, ${seeded.manufacturers} manufacturers, ${seeded.parts} parts in ${((Date.now() - t3) / 1000).toFixed(1)} s` +
        (seeded.failures ? ` (${seeded.failures} rows skipped)` : ''),
    );
    writeFileSync(seedMarker, 'done\n');
  } else {
    await ensureAdmin(deps.users, { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD });
    say(`  ✓ Reusing existing data: ${categories} categories, part ids up to ${parts}`);
  }
}

/** Listens on PORT (HOST); resolves with the port once the server accepts connections. */
async function listen(env: Env, app: { fetch: Parameters<typeof serve>[0]['fetch'] }, stops: Stops): Promise<number> {
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST });
  // Node closes an idle keep-alive socket after 5 s; a client reusing it at that moment gets ECONNRESET.
  // Idle sockets stay open longer than browsers and HTTP clients keep theirs (as behind a load balancer).
  Object.assign(server, { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000 });
  stops.push(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets would otherwise hold close() open.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  );
  await new Promise<void>((ready, fail) => {
    server.once('listening', () => ready());
    server.once('error', (err: NodeJS.ErrnoException) => fail(err.code === 'EADDRINUSE' ? new StartError(portInUse(env)) : err));
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : env.PORT;
}

const portInUse = (env: Env) => `Port ${env.PORT} is already in use: stop what uses it, or set PORT to another port.`;

/** A start-up failure whose message says it all (no stack trace). */
class StartError extends Error {}

/** JWT_SECRET when set; otherwise (never in production, env.ts refuses that) one generated key kept in DATA_DIR. */
function loadOrCreateJwtSecret(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}

void main();
