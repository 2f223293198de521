import { Readable } from 'node:stream';
import { Hono } from 'hono';
import * as z from 'zod';
import { partInputSchema } from '@parts/shared/schemas';
import { MAX_QUOTE_ITEMS } from '@parts/shared/constants';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_JSON_BYTES, MAX_MULTIPART_BYTES, limitBody, requireJson, requireMultipart } from '../../../http/body';
import { requireAdmin } from '../../../http/session';
import { idParamSchema, slugParamSchema } from '../../../http/params';
import { readCsvUpload } from '../../../http/csv-upload';
import { NotFoundError } from '../../../domain/errors';
import { publicAnswer } from '../../../http/cache';
import { API_LIFETIME } from '@parts/shared/http-cache';
import { parseSandbox } from '../../../lib/parse-sandbox';
import { createCatalogService, partViewBySlug, partViewOf } from '../catalog-service';
import { importPartsCsv } from '../../imports';
import { CSV_TEMPLATE } from '../../imports';
import { demandServiceOf } from '../../demand';

const partPricesSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_QUOTE_ITEMS) });

export function partRoutes(deps: AppDeps) {
  const service = createCatalogService(deps);
  return (
    new Hono<AppEnv>()
      // Fixed paths before /:slug so "csv-template" is never read as a part slug.
      .get('/csv-template', requireAdmin, (c) => {
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', 'attachment; filename="parts-import-template.csv"');
        return c.body(CSV_TEMPLATE);
      })
      .post('/import-csv/preview', requireAdmin, limitBody(MAX_MULTIPART_BYTES), requireMultipart, async (c) => {
        const { file } = await readCsvUpload(c.req.raw, false);
        // Read in a worker thread with a deadline (ADR 094).
        return c.json(await parseSandbox().run({ kind: 'csv-preview', data: file }));
      })
      .post('/import-csv', requireAdmin, limitBody(MAX_MULTIPART_BYTES), requireMultipart, async (c) => {
        const { file, mapping } = await readCsvUpload(c.req.raw, true);
        return c.json(await importPartsCsv(deps, Readable.from([file]), mapping!));
      })
      .post('/prices', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('json', partPricesSchema), async (c) =>
        c.json({ prices: await service.partPrices(c.req.valid('json').ids) }),
      )
      .get('/:slug', publicAnswer(API_LIFETIME, API_LIFETIME), validate('param', slugParamSchema), async (c) => {
        const part = await partViewBySlug(deps, c.req.valid('param').slug);
        if (!part) throw new NotFoundError('Part not found');
        // The view is counted by the page's beacon (POST /api/demand/seen), cache hits included (docs/demand.md).
        return c.json(part);
      })
      .post('/', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('json', partInputSchema), async (c) => {
        const part = await service.createPart(c.req.valid('json'));
        // The missing-part demand for its number carries over (issue 31); a failure there never fails the create.
        const demand = await demandServiceOf(deps)
          .partCreated(part)
          .catch((err: unknown) => void deps.logger.error('demand.carry_over_failed', { partId: part.id, error: String(err) }));
        return c.json({ ...(await partViewOf(deps.catalog, part)), ...(demand ? { demand: { count: demand.count, requests: demand.requests } } : {}) }, 201);
      })
      .put('/:id', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('param', idParamSchema), validate('json', partInputSchema), async (c) => {
        const part = await service.updatePart(c.req.valid('param').id, c.req.valid('json'));
        return c.json(await partViewOf(deps.catalog, part));
      })
  );
}
