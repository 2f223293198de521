import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { UPLOAD_URL_TTL_SECONDS, MAX_ATTACHMENT_BYTES, ATTACHMENT_MIME_TYPES } from '@parts/shared/constants';
import { attachmentUploadRequestSchema, csvUploadRequestSchema, type PresignedUpload } from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_JSON_BYTES, limitBody, requireJson } from '../../../http/body';
import { currentUser, requireAdmin, requireUser } from '../../../http/session';
import { parseOrThrow, readJson } from '../../../http/parse';
import { ValidationError } from '../../../domain/errors';
import { attachmentKey, attachmentUploadPrefix, tooLargeMessage, unsupportedTypeMessage } from '../../quotes';

export const CSV_STAGING_PREFIX = 'imports/';

export function uploadRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/attachments', requireUser, limitBody(MAX_JSON_BYTES), requireJson, async (c) => {
      const json = await readJson(c.req.raw);
      // The spec's file messages, when the request names the file.
      if (typeof json === 'object' && json !== null && 'fileName' in json && typeof json.fileName === 'string') {
        const { fileName } = json;
        if ('size' in json && typeof json.size === 'number' && json.size > MAX_ATTACHMENT_BYTES) {
          throw new ValidationError(tooLargeMessage(fileName));
        }
        if ('contentType' in json && !(ATTACHMENT_MIME_TYPES as readonly unknown[]).includes(json.contentType)) {
          throw new ValidationError(unsupportedTypeMessage(fileName));
        }
      }
      const input = parseOrThrow(attachmentUploadRequestSchema, json);
      const key = attachmentKey(attachmentUploadPrefix(currentUser(c).id), input.fileName);
      const signed = await deps.blobs.presignPut('attachments', key, input.contentType, input.size, UPLOAD_URL_TTL_SECONDS);
      const answer: PresignedUpload = { key, method: 'PUT', ...signed };
      return c.json(answer, 201);
    })
    .post('/csv', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('json', csvUploadRequestSchema), async (c) => {
      const key = `${CSV_STAGING_PREFIX}${randomUUID()}.csv`;
      const signed = await deps.blobs.presignPut('staging', key, 'text/csv', c.req.valid('json').size, UPLOAD_URL_TTL_SECONDS);
      const answer: PresignedUpload = { key, method: 'PUT', ...signed };
      return c.json(answer, 201);
    });
}
