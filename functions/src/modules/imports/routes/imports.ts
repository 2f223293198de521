import { Hono } from 'hono';
import * as z from 'zod';
import { importStartSchema } from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_JSON_BYTES, limitBody, requireJson } from '../../../http/body';
import { requireAdmin } from '../../../http/session';
import { NotFoundError } from '../../../domain/errors';
import { readImportJob, startImportJob } from '../import-job-service';

const jobIdParam = z.object({ id: z.string().uuid('Import job not found') });

export function importRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('json', importStartSchema), async (c) => {
      const { key, columnMapping } = c.req.valid('json');
      return c.json(await startImportJob(deps, key, columnMapping), 202);
    })
    .get('/:id', requireAdmin, async (c) => {
      const id = jobIdParam.safeParse({ id: c.req.param('id') });
      const job = id.success ? await readImportJob(deps, id.data.id) : undefined;
      if (!job) throw new NotFoundError('Import job not found');
      return c.json(job);
    });
}
