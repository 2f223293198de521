import { Hono } from 'hono';
import type { Health } from '@parts/shared/schemas';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/app-env';
import { indexingDetail } from '../modules/search';

/** A dependency that does not answer within this long counts as down. */
const CHECK_TIMEOUT_MS = 3000;

async function probe(check: () => Promise<void>): Promise<Health['dependencies'][string]> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', detail: `${Date.now() - started} ms` };
  } catch (err) {
    return { status: 'down', detail: err instanceof Error ? err.message : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: each dependency up/down; 503 when any is down, and 503 "indexing" while the search
 * index is being checked or repaired (the site answers meanwhile; `npm start`'s callers and the tests
 * wait for 200, when search finds every part).
 */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const [dynamodb, s3, search] = await Promise.all([probe(() => deps.catalog.ping()), probe(() => deps.blobs.ping()), probe(() => deps.search.ping())]);
    const indexing = deps.indexStatus?.();
    if (indexing && search.status === 'up') search.detail = indexingDetail(indexing);
    const dependencies = { dynamodb, s3, search };
    const down = Object.values(dependencies).some((d) => d.status === 'down');
    const body: Health = { status: down ? 'degraded' : indexing ? 'indexing' : 'ok', dependencies, ...(indexing ? { indexing } : {}) };
    c.header('cache-control', 'no-store');
    return c.json(body, down || indexing ? 503 : 200);
  });
}
