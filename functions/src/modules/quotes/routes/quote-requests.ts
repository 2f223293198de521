import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, QUOTE_LIST_PAGE_SIZE } from '@parts/shared/constants';
import { adminQuoteCreateSchema, quoteStatusSchema, quoteStatusUpdateSchema, quoteSubmissionSchema, type QuoteRequestPage } from '@parts/shared/schemas';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_JSON_BYTES, MAX_MULTIPART_BYTES, MAX_QUOTE_JSON_BYTES, UnsupportedMediaTypeError, limitBody, mediaType, requireJson } from '../../../http/body';
import { currentUser, requireAdmin, requireUser } from '../../../http/session';
import { idParamSchema } from '../../../http/params';
import { readMultipart } from '../../../http/multipart';
import { parseOrThrow, readJson } from '../../../http/parse';
import { ValidationError } from '../../../domain/errors';
import { TOO_MANY_ATTACHMENTS, createQuoteService } from '../quote-service';
import { createQuoteLoopService } from '../quote-loop-service';
import { clientAddress } from '../../../http/client-address';
import { createRateLimits } from '../../../services/rate-limiter';

/** Query of the quote lists: a page of at most 50, optionally one status and (admin) a search. */
const listQuerySchema = z.object({
  status: quoteStatusSchema.optional(),
  q: z.string().trim().max(200, 'Search text must be at most 200 characters').optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(QUOTE_LIST_PAGE_SIZE, `limit must be at most ${QUOTE_LIST_PAGE_SIZE}`).default(QUOTE_LIST_PAGE_SIZE),
});
/** "123" or "#123": the admin looks a request up by its id. */
const QUOTE_ID_SEARCH = /^#?(\d{1,12})$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isJson = (type: string) => /^application\/([\w.-]+\+)?json$/.test(type);

export function quoteRequestRoutes(deps: AppDeps) {
  const service = createQuoteService(deps);
  const loop = createQuoteLoopService(deps);
  const multipartLimit = limitBody(MAX_MULTIPART_BYTES);
  const jsonLimit = limitBody(MAX_QUOTE_JSON_BYTES);
  const adminJsonLimit = limitBody(MAX_JSON_BYTES);
  const limits = createRateLimits({ store: deps.rateLimits, now: deps.now ?? (() => new Date()), env: deps.env, logger: deps.logger });
  const addressOptions = { trustCloudFrontViewerAddress: deps.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS };
  /** Counted before the body is read or anything is stored. */
  const checkSubmissionLimits = (c: Context<AppEnv>) =>
    limits.enforce('quote', { accountId: currentUser(c).id, address: clientAddress(c, addressOptions) }, { username: currentUser(c).username });
  const limitSubmission: MiddlewareHandler<AppEnv> = async (c, next) => {
    await checkSubmissionLimits(c);
    await next();
  };
  const limitByType: MiddlewareHandler<AppEnv> = (c, next) =>
    (mediaType(c.req.header('content-type')) === 'multipart/form-data' ? multipartLimit : jsonLimit)(c, next);

  /** A customer's submission: the spec's multipart form, or JSON naming files uploaded straight to S3. */
  async function submit(c: Context<AppEnv>, json?: unknown) {
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
      return c.json(await service.submitWithFiles(user, form, form.items, files), 201);
    }
    if (!isJson(type)) throw new UnsupportedMediaTypeError('application/json or multipart/form-data');
    const body = json ?? (await readJson(c.req.raw));
    const input = parseOrThrow(quoteSubmissionSchema, isObject(body) ? { items: [], ...body } : body);
    return c.json(await service.submitWithKeys(user, input, input.items, input.attachmentKeys), 201);
  }

  return (
    new Hono<AppEnv>()
      // Paginated (Lambda answers at most 6 MB; one customer could otherwise make the list unreadable).
      .get('/', requireAdmin, validate('query', listQuerySchema), async (c) => {
        const { status, q, cursor, limit } = c.req.valid('query');
        const byId = q ? QUOTE_ID_SEARCH.exec(q) : null;
        if (byId) {
          const found = await service.getQuoteRequest(Number(byId[1]));
          const page: QuoteRequestPage = { data: found && (!status || found.status === status) ? [found] : [], nextCursor: null };
          return c.json(page);
        }
        return c.json(await service.listQuoteRequestPage({ limit, ...(status ? { status } : {}), ...(q ? { search: q } : {}), ...(cursor ? { cursor } : {}) }));
      })
      .get('/mine', requireUser, validate('query', listQuerySchema.omit({ q: true })), async (c) => {
        const { status, cursor, limit } = c.req.valid('query');
        return c.json(
          await service.listQuoteRequestPage({ submittedBy: currentUser(c).username, limit, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) }),
        );
      })
      // The admin reads any request, a buyer only their own (anyone else's is "not found"): quote-loop-service.
      .get('/:id', requireUser, validate('param', idParamSchema), async (c) => c.json(await loop.detail(currentUser(c), c.req.valid('param').id)))
      // Each caller has its own route: a customer's submission (rate-limited) and the admin dialog's create.
      .post('/submissions', requireUser, limitSubmission, limitByType, (c) => submit(c))
      .post('/admin', requireAdmin, adminJsonLimit, requireJson, validate('json', adminQuoteCreateSchema), async (c) =>
        c.json(await service.adminCreate(currentUser(c), c.req.valid('json')), 201),
      )
      // The spec's one path for both: an admin's JSON without items or attachment keys is the admin dialog's
      // create; anything else is a customer's submission, with the same checks and limits as /submissions.
      .post('/', requireUser, limitByType, async (c) => {
        const user = currentUser(c);
        if (user.isAdmin && isJson(mediaType(c.req.header('content-type')))) {
          const json = await readJson(c.req.raw);
          if (isObject(json) && !('items' in json) && !('attachmentKeys' in json)) {
            return c.json(await service.adminCreate(user, parseOrThrow(adminQuoteCreateSchema, json)), 201);
          }
          await checkSubmissionLimits(c);
          return submit(c, json);
        }
        await checkSubmissionLimits(c);
        return submit(c);
      })
      .patch(
        '/:id/status',
        requireAdmin,
        limitBody(MAX_JSON_BYTES),
        requireJson,
        validate('param', idParamSchema),
        validate('json', quoteStatusUpdateSchema),
        async (c) => c.json(await service.updateQuoteStatus(c.req.valid('param').id, c.req.valid('json').status, currentUser(c).username)),
      )
  );
}
