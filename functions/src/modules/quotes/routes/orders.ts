import { Hono } from 'hono';
import { confirmOrderInputSchema } from '@parts/shared/orders';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_QUOTE_JSON_BYTES, limitBody, requireJson } from '../../../http/body';
import { currentUser, requireAdmin, requireUser } from '../../../http/session';
import { idParamSchema } from '../../../http/params';
import { createLoopCore } from '../quote-loop-core';
import { createOrderService } from '../order-service';

/**
 * The order of a request (ADR 121) under /api/quote-requests/:id/order: the buyer who asked and the admin
 * read it and its confirmation PDF; the admin confirms it once (409 after).
 */
export function orderRoutes(deps: AppDeps) {
  const orders = createOrderService(createLoopCore(deps));
  return new Hono<AppEnv>()
    .get('/:id/order', requireUser, validate('param', idParamSchema), async (c) => c.json(await orders.order(currentUser(c), c.req.valid('param').id)))
    .post(
      '/:id/order/confirm',
      requireAdmin,
      limitBody(MAX_QUOTE_JSON_BYTES),
      requireJson,
      validate('param', idParamSchema),
      validate('json', confirmOrderInputSchema),
      async (c) => {
        const { quote, order } = await orders.confirmOrder(currentUser(c), c.req.valid('param').id, c.req.valid('json'));
        return c.json({ quote, order });
      },
    )
    .get('/:id/order/pdf', requireUser, validate('param', idParamSchema), async (c) => {
      const { quote, order } = await orders.readOrder(currentUser(c), c.req.valid('param').id);
      // Loaded on first use, as the offer PDF: the PDF library stays out of the API's cold start.
      const { orderFileName, renderOrderPdf } = await import('../order-pdf');
      const pdf = await renderOrderPdf({ site: orders.site, quote, order });
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${orderFileName(order)}"`,
        'cache-control': 'private, no-store',
      });
    });
}
