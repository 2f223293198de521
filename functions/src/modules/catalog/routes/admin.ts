import { Hono } from 'hono';
import type { AdminStats } from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { requireAdmin } from '../../../http/session';

export function adminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/stats', requireAdmin, async (c) => {
    const [totalCategories, totalManufacturers, totalParts, pendingQuotes] = await Promise.all([
      deps.catalog.countCategories(),
      deps.catalog.countManufacturers(),
      // Derived from the index, which the consistency check reconciles with the table by id (ADR 040).
      deps.search.count(),
      deps.quotes.countQuoteRequests('pending'),
    ]);
    const stats: AdminStats = { totalCategories, totalManufacturers, totalParts, pendingQuotes };
    return c.json(stats);
  });
}
