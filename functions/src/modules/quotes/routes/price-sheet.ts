import { Hono } from 'hono';
import { MAX_BOM_FILE_BYTES } from '@parts/shared/bom';
import { megabytes } from '@parts/shared/constants';
import { priceSheetExportSchema } from '@parts/shared/price-sheet';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_QUOTE_JSON_BYTES, limitBody, requireJson } from '../../../http/body';
import { requireAdmin } from '../../../http/session';
import { idParamSchema } from '../../../http/params';
import { readMultipart } from '../../../http/multipart';
import { DomainError, ValidationError } from '../../../domain/errors';
import { parseSandbox } from '../../../lib/parse-sandbox';
import { createPriceSheetService } from '../price-sheet-service';

export const SHEET_FILE_REQUIRED = 'Choose the priced sheet (.xlsx or CSV)';
export const SHEET_TOO_LARGE = `The sheet is larger than ${megabytes(MAX_BOM_FILE_BYTES)} MB; save it alone as .xlsx or CSV`;

/**
 * The price sheet (admin, ADR 117): `POST …/price-sheet/export` answers the request's lines as XLSX or
 * CSV filled with the editor's draft; `POST …/price-sheet/import` reads a priced sheet (multipart `file`)
 * in the parse sandbox with the BOM upload's bounds (ADR 094) and answers the checked lines and problems.
 * Neither changes the offer.
 */
export function priceSheetRoutes(deps: AppDeps) {
  const sheets = createPriceSheetService(deps);
  return new Hono<AppEnv>()
    .post(
      '/:id/price-sheet/export',
      requireAdmin,
      limitBody(MAX_QUOTE_JSON_BYTES),
      requireJson,
      validate('param', idParamSchema),
      validate('json', priceSheetExportSchema),
      async (c) => {
        const file = await sheets.exportSheet(c.req.valid('param').id, c.req.valid('json'));
        return c.body(new Uint8Array(file.body), 200, {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'cache-control': 'private, no-store',
        });
      },
    )
    .post('/:id/price-sheet/import', requireAdmin, limitBody(MAX_BOM_FILE_BYTES + 64 * 1024), validate('param', idParamSchema), async (c) => {
      const body = await readMultipart(c.req.raw, { maxFileBytes: MAX_BOM_FILE_BYTES, maxFiles: 1 });
      const file = body.files.find((f) => f.field === 'file');
      if (!file) throw new ValidationError(SHEET_FILE_REQUIRED);
      if (file.truncated) throw new DomainError(413, SHEET_TOO_LARGE);
      // Read like a BOM upload: in a worker thread with a deadline, bounded in bytes, lines, columns and cells.
      const table = await parseSandbox().run({ kind: 'bom-file', data: file.data });
      return c.json(await sheets.readSheet(c.req.valid('param').id, table));
    });
}
