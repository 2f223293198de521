import { Hono } from 'hono';
import type { Health } from '@parts/shared/schemas';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/app-env';

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

/** GET /api/health: each dependency up/down; 503 when any is down (load balancers and `npm start` wait on it). */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const [dynamodb, s3, search] = await Promise.all([
      probe(() => deps.catalog.ping()),
      probe(() => deps.blobs.ping()),
      probe(() => deps.search.ping()),
    ]);
    const dependencies = { dynamodb, s3, search };
    const down = Object.values(dependencies).some((d) => d.status === 'down');
    const body: Health = { status: down ? 'degraded' : 'ok', dependencies };
    c.header('cache-control', 'no-store');
    return c.json(body, down ? 503 : 200);
  });
}
