import { Hono } from 'hono';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { requireAdmin } from '../../../http/session';
import { adminStats } from '../admin-stats';

export function adminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/stats', requireAdmin, async (c) => c.json(await adminStats(deps)));
}
