import { Hono } from 'hono';
import { offerDraftInputSchema } from '@parts/shared/offer-drafts';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_QUOTE_JSON_BYTES, limitBody, requireJson } from '../../../http/body';
import { currentUser, requireAdmin } from '../../../http/session';
import { idParamSchema } from '../../../http/params';
import { createOfferDraftService } from '../offer-draft-service';

/**
 * The offer editor's draft (admin, ADR 126): `GET …/offer-draft` answers `{ draft }` (null when there is none),
 * `PUT` replaces it (the editor saves as the reseller types, debounced), `DELETE` forgets it.
 */
export function offerDraftRoutes(deps: AppDeps) {
  const drafts = createOfferDraftService({ quotes: deps.quotes, ...(deps.now ? { now: deps.now } : {}) });
  return new Hono<AppEnv>()
    .get('/:id/offer-draft', requireAdmin, validate('param', idParamSchema), async (c) => c.json({ draft: await drafts.get(c.req.valid('param').id) }))
    .put(
      '/:id/offer-draft',
      requireAdmin,
      limitBody(MAX_QUOTE_JSON_BYTES),
      requireJson,
      validate('param', idParamSchema),
      validate('json', offerDraftInputSchema),
      async (c) => c.json({ draft: await drafts.save(c.req.valid('param').id, currentUser(c).username, c.req.valid('json')) }),
    )
    .delete('/:id/offer-draft', requireAdmin, validate('param', idParamSchema), async (c) => {
      await drafts.discard(c.req.valid('param').id);
      return c.body(null, 204);
    });
}
