import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handle } from 'hono/aws-lambda';
import { buildApp } from '../app';
import { createReadOnlyDeps } from '../config/aws-deps';
import { loadEnv } from '../config/env';
import { createLogger } from '../lib/logger';
import { createPageServer, loadRenderer } from '../http/pages';

/**
 * The public pages' renderer (ADR 080): web/src/entry-server.tsx, bundled at synth into web-ssr/ next to
 * this file with index.html and the Vite manifest in web/ (infra/src/constructs/renderer.ts), calling the
 * same Hono app in-process, read-only and anonymous. It signs no sessions: a per-container random key
 * satisfies the app's production check, and the pages' API calls carry no cookies.
 */
const here = dirname(fileURLToPath(import.meta.url));
const env = loadEnv({ ...process.env, JWT_SECRET: randomBytes(32).toString('hex') });
const logger = createLogger(env.LOG_LEVEL);
const api = buildApp(createReadOnlyDeps(env));
const render = await loadRenderer(api, {
  entry: join(here, 'web-ssr', 'entry-server.mjs'),
  webDist: join(here, 'web'),
  ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
});
if (!render) logger.error('render.no_build', { dir: here });
// The SPA shell for client-only routes: the page template, present whenever there is a renderer build.
const shellFile = join(here, 'web', 'index.html');

export const handler = handle(
  createPageServer({
    ...(render ? { render, shell: readFileSync(shellFile, 'utf8') } : {}),
    ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
    logger,
  }),
);
