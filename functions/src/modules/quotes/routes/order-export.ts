import { Hono } from 'hono';
import * as z from 'zod';
import { idParamSchema } from '../../../http/params';
import { isoDaySchema } from '@parts/shared/quote-offers';
import type { Order } from '@parts/shared/orders';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { currentUser, requireAdmin } from '../../../http/session';
import { createLoopCore } from '../quote-loop-core';
import { createOrderService } from '../order-service';
import { orderForExport, ordersCsv } from '../order-export';

const formatSchema = z.enum(['csv', 'json']).default('csv');
const rangeQuerySchema = z.object({ from: isoDaySchema, to: isoDaySchema, format: formatSchema });

function exported(orders: Order[], format: 'csv' | 'json', name: string): Response {
  const headers = { 'content-disposition': `attachment; filename="${name}.${format}"`, 'cache-control': 'private, no-store' };
  if (format === 'json') return Response.json({ orders: orders.map(orderForExport) }, { headers });
  return new Response(new Uint8Array(ordersCsv(orders)), { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' } });
}

/**
 * Orders out for the reseller's ERP (admin, ADR 121): one order (`/api/quote-requests/:id/order/export`) or every
 * order placed in a span of days (`/api/orders/export?from&to`), as CSV (default) or JSON (`format=json`).
 */
export function orderExportRoutes(deps: AppDeps) {
  const orders = createOrderService(createLoopCore(deps));
  return new Hono<AppEnv>()
    .get(
      '/quote-requests/:id/order/export',
      requireAdmin,
      validate('param', idParamSchema),
      validate('query', z.object({ format: formatSchema })),
      async (c) => {
        const { order } = await orders.readOrder(currentUser(c), c.req.valid('param').id);
        return exported([order], c.req.valid('query').format, `order-${order.quoteId}`);
      },
    )
    .get('/orders/export', requireAdmin, validate('query', rangeQuerySchema), async (c) => {
      const { from, to, format } = c.req.valid('query');
      return exported(await orders.ordersPlaced(currentUser(c), { from, to }), format, `orders-${from}-to-${to}`);
    });
}
