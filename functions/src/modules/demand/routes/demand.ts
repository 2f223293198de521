import { Hono, type Context } from 'hono';
import { createHash } from 'node:crypto';
import * as z from 'zod';
import {
  DEMAND_KINDS,
  demandExportQuerySchema,
  demandListQuerySchema,
  demandPeriodQuerySchema,
  demandSeenInputSchema,
  demandStatusInputSchema,
  searchClickInputSchema,
} from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { limitBody, requireJson } from '../../../http/body';
import { clientAddress } from '../../../http/client-address';
import { createRateLimits } from '../../../services/rate-limiter';
import { currentUser, requireAdmin } from '../../../http/session';
import { validate } from '../../../http/validate';
import { createDemandService } from '../demand-service';
import { demandCsv, demandSheet, demandXlsx } from '../demand-export';
import type { DemandRecorder } from '../ports/demand';

export type DemandDeps = Pick<AppDeps, 'demand' | 'catalog' | 'quotes' | 'users' | 'now'>;

/** The demand service over the app's repositories (the catalogue's part numbers, the requests' statuses). */
export function demandServiceOf(deps: DemandDeps) {
  return createDemandService({
    demand: deps.demand,
    now: deps.now,
    partNumberOf: async (id) => (await deps.catalog.getPart(id))?.partNumber,
    requestStatusOf: async (id) => (await deps.quotes.getQuoteRequest(id))?.status,
  });
}

const termParam = z.object({ kind: z.enum(DEMAND_KINDS), key: z.string().min(1).max(200) });
const idParam = z.object({ id: z.coerce.number().int('Not a valid id').positive('Not a valid id') });

/**
 * The admin's demand (issue 31, docs/demand.md), under /api/admin: the ranked terms, the charts, a term's status,
 * the export, and a part's carried-over demand. Admin session only.
 */
export function demandAdminRoutes(deps: DemandDeps) {
  const service = demandServiceOf(deps);
  return new Hono<AppEnv>()
    .use('/demand/*', requireAdmin)
    .use('/demand', requireAdmin)
    .use('/parts/:id/demand', requireAdmin)
    .get('/demand', validate('query', demandListQuerySchema), async (c) => c.json(await service.list(c.req.valid('query'))))
    .get('/demand/charts', validate('query', demandPeriodQuerySchema), async (c) => {
      const { from, to } = c.req.valid('query');
      return c.json(await service.charts(from, to));
    })
    .get('/demand/export', validate('query', demandExportQuerySchema), async (c) => {
      const { format, ...query } = c.req.valid('query');
      const sheet = demandSheet(await service.all(query));
      const body = format === 'xlsx' ? await demandXlsx(sheet) : demandCsv(sheet);
      const type = format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8';
      return c.body(new Uint8Array(body), 200, {
        'content-type': type,
        'content-disposition': `attachment; filename="demand-${query.kind}.${format}"`,
      });
    })
    .put('/demand/:kind/:key/status', limitBody(4096), requireJson, validate('param', termParam), validate('json', demandStatusInputSchema), async (c) => {
      const { kind, key } = c.req.valid('param');
      const user = currentUser(c);
      const by = (await deps.users.getUserByUsername(user.username))?.email ?? user.username;
      return c.json(await service.setStatus(kind, key, c.req.valid('json').status, by));
    })
    .get('/parts/:id/demand', validate('param', idParam), async (c) => c.json(await service.partDemand(c.req.valid('param').id)));
}

/**
 * The web's beacons (public, answer 204; nothing is read back): a buyer opened a search result at this position; a
 * search listing or a part page was shown (counted here, not by the GETs, so answers from a cache count too;
 * docs/demand.md). Rate-limited per address (and account) in the API's limiter.
 */
export function demandBeaconRoutes(deps: { demandRecorder: DemandRecorder } & Pick<AppDeps, 'env' | 'now' | 'rateLimits' | 'logger'>) {
  const limits = createRateLimits({ store: deps.rateLimits, now: deps.now ?? (() => new Date()), env: deps.env, logger: deps.logger });
  const addressOptions = { trustCloudFrontViewerAddress: deps.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS };
  return new Hono<AppEnv>()
    .post('/opened', limitBody(2048), requireJson, validate('json', searchClickInputSchema), (c) => {
      deps.demandRecorder.resultOpened({ position: c.req.valid('json').position });
      return c.body(null, 204);
    })
    .post('/seen', limitBody(4096), requireJson, validate('json', demandSeenInputSchema), async (c) => {
      await limits.enforce('demandBeacon', { accountId: c.get('user')?.id, address: clientAddress(c, addressOptions) });
      const seen = c.req.valid('json');
      if (seen.kind === 'part') deps.demandRecorder.partViewed(seen.partId);
      else deps.demandRecorder.searched({ q: seen.q, filters: seen.filters ?? {}, total: seen.total, shown: seen.shown, session: demandSessionOf(c) });
      return c.body(null, 204);
    });
}

/**
 * The anonymous session a signal may carry: a hash of the signed-in browser's session id (never the account), or
 * the web's own anonymous id (`x-demand-session`, letters, digits and `-`); none for a guest without one.
 */
export function demandSessionOf(c: Context<AppEnv>): string | undefined {
  const session = c.get('sessionId');
  if (session) return createHash('sha256').update(session).digest('base64url').slice(0, 16);
  const anon = c.req.header('x-demand-session');
  return anon && /^[A-Za-z0-9-]{8,64}$/.test(anon) ? createHash('sha256').update(anon).digest('base64url').slice(0, 16) : undefined;
}
