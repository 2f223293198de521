import { Hono } from 'hono';
import * as z from 'zod';
import { webhookEndpointInputSchema } from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { limitBody, MAX_JSON_BYTES, requireJson } from '../../../http/body';
import { requireAdmin } from '../../../http/session';
import { validate } from '../../../http/validate';
import { createWebhookService } from '../webhook-service';
import { createWebhookSecrets } from '../adapters/webhook-secrets';

const idParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_.-]{1,120}$/, 'Not a valid id') });

/** The admin's webhooks under /api/admin/webhooks (ADR 123): endpoints, the delivery log, redelivery. Admin session only. */
export function webhookRoutes(deps: AppDeps) {
  const service = createWebhookService({ ...deps, webhookSecrets: deps.webhookSecrets ?? createWebhookSecrets(deps.env) });
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/endpoints', async (c) => c.json({ data: await service.listEndpoints() }))
    .post('/endpoints', limitBody(MAX_JSON_BYTES), requireJson, validate('json', webhookEndpointInputSchema), async (c) =>
      c.json(await service.addEndpoint(c.req.valid('json')), 201),
    )
    .delete('/endpoints/:id', validate('param', idParam), async (c) => {
      await service.removeEndpoint(c.req.valid('param').id);
      return c.body(null, 204);
    })
    .get('/deliveries', async (c) => c.json({ data: await service.listDeliveries() }))
    .post('/deliveries/:id/redeliver', validate('param', idParam), async (c) => c.json(await service.redeliver(c.req.valid('param').id)));
}
