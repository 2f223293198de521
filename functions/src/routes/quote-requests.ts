import { Hono } from 'hono';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@parts/shared/constants';
import { adminQuoteCreateSchema, quoteStatusUpdateSchema, quoteSubmissionSchema } from '@parts/shared/schemas';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { MAX_JSON_BYTES, MAX_MULTIPART_BYTES, UnsupportedMediaTypeError, limitBody, mediaType, requireJson } from '../http/body';
import { currentUser, requireAdmin, requireUser } from '../http/session';
import { idParamSchema } from '../http/params';
import { readMultipart } from '../http/multipart';
import { parseOrThrow, readJson } from '../http/parse';
import { NotFoundError, ValidationError } from '../domain/errors';
import { TOO_MANY_ATTACHMENTS, createQuoteService } from '../services/quote-service';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function quoteRequestRoutes(deps: AppDeps) {
  const service = createQuoteService(deps);
  const multipartLimit = limitBody(MAX_MULTIPART_BYTES);
  const jsonLimit = limitBody(MAX_JSON_BYTES);
  return new Hono<AppEnv>()
    .get('/', requireAdmin, async (c) => c.json(await deps.quotes.listQuoteRequests()))
    .get('/mine', requireUser, async (c) => c.json(await deps.quotes.listQuoteRequestsBySubmitter(currentUser(c).username)))
    .get('/:id', requireAdmin, validate('param', idParamSchema), async (c) => {
      const request = await deps.quotes.getQuoteRequest(c.req.valid('param').id);
      if (!request) throw new NotFoundError('Quote request not found');
      return c.json(await service.withDownloadLinks(request));
    })
    .post(
      '/',
      requireUser,
      (c, next) => (mediaType(c.req.header('content-type')) === 'multipart/form-data' ? multipartLimit : jsonLimit)(c, next),
      async (c) => {
        const user = currentUser(c);
        const type = mediaType(c.req.header('content-type'));
        if (type === 'multipart/form-data') {
          const body = await readMultipart(c.req.raw, { maxFileBytes: MAX_ATTACHMENT_BYTES, maxFiles: MAX_ATTACHMENTS });
          if (body.tooManyFiles) throw new ValidationError(TOO_MANY_ATTACHMENTS);
          let items: unknown = [];
          if (body.fields.items !== undefined) {
            try {
              items = JSON.parse(body.fields.items);
            } catch {
              throw new ValidationError('items must be JSON text of a list of {partId, quantity}');
            }
          }
          const form = parseOrThrow(quoteSubmissionSchema.omit({ attachmentKeys: true }), { ...body.fields, items });
          const files = body.files.filter((f) => f.field === 'attachments');
          const created = await service.submitWithFiles(user, form, form.items, files);
          return c.json(created, 201);
        }
        if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
          throw new UnsupportedMediaTypeError('application/json or multipart/form-data');
        }
        const json = await readJson(c.req.raw);
        // An admin's JSON without items is the admin dialog's create; anything else is a customer's submission.
        if (user.isAdmin && isObject(json) && !('items' in json) && !('attachmentKeys' in json)) {
          return c.json(await service.adminCreate(user, parseOrThrow(adminQuoteCreateSchema, json)), 201);
        }
        const input = parseOrThrow(quoteSubmissionSchema, isObject(json) ? { items: [], ...json } : json);
        return c.json(await service.submitWithKeys(user, input, input.items, input.attachmentKeys), 201);
      },
    )
    .patch('/:id/status', requireAdmin, limitBody(MAX_JSON_BYTES), requireJson, validate('param', idParamSchema), validate('json', quoteStatusUpdateSchema), async (c) =>
      c.json(await deps.quotes.updateQuoteStatus(c.req.valid('param').id, c.req.valid('json').status, currentUser(c).username)),
    );
}
