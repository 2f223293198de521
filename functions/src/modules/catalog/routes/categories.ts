import { Hono } from 'hono';
import { categoryInputSchema } from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_JSON_BYTES, limitBody, requireJson } from '../../../http/body';
import { requireAdmin } from '../../../http/session';
import { idParamSchema, slugParamSchema } from '../../../http/params';
import { NotFoundError } from '../../../domain/errors';
import { publicAnswer } from '../../../http/cache';
import { API_LIFETIME } from '@parts/shared/http-cache';
import { createCatalogService } from '../catalog-service';

export function categoryRoutes(deps: AppDeps) {
  const service = createCatalogService(deps);
  return new Hono<AppEnv>()
    .get('/', publicAnswer(API_LIFETIME), async (c) => c.json(await service.listCategories()))
    .get('/:slug', publicAnswer(API_LIFETIME, API_LIFETIME), validate('param', slugParamSchema), async (c) => {
      const category = await service.getCategoryBySlug(c.req.valid('param').slug);
      if (!category) throw new NotFoundError('Category not found');
      return c.json(category);
    })
    .post('/', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('json', categoryInputSchema), async (c) =>
      c.json(await service.createCategory(c.req.valid('json')), 201),
    )
    .put('/:id', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('param', idParamSchema), validate('json', categoryInputSchema), async (c) =>
      c.json(await service.updateCategory(c.req.valid('param').id, c.req.valid('json'))),
    );
}
