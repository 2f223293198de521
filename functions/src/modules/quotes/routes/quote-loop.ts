import { Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@parts/shared/constants';
import { idSchema } from '@parts/shared/schemas';
import {
  acceptOfferInputSchema,
  declineOfferInputSchema,
  extendOfferInputSchema,
  messageInputSchema,
  offerInputSchema,
  revisionRequestInputSchema,
} from '@parts/shared/quote-offers';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_JSON_BYTES, MAX_MULTIPART_BYTES, MAX_QUOTE_JSON_BYTES, UnsupportedMediaTypeError, limitBody, mediaType, requireJson } from '../../../http/body';
import { currentUser, requireAdmin, requireUser } from '../../../http/session';
import { idParamSchema } from '../../../http/params';
import { readMultipart } from '../../../http/multipart';
import { parseOrThrow, readJson } from '../../../http/parse';
import { ValidationError } from '../../../domain/errors';
import { TOO_MANY_ATTACHMENTS } from '../attachments';
import { createQuoteLoopService } from '../quote-loop-service';
import { clientAddress } from '../../../http/client-address';
import { createRateLimits, type RateAction } from '../../../services/rate-limiter';

const versionParamSchema = z.object({ id: idSchema, version: idSchema });
const messagesQuerySchema = z.object({ cursor: z.string().min(1).max(2000).optional() });
/** A 2,000-line offer with 5 breaks, an alternative and the longest notes on every line is ~2.9 MB of JSON (offer-2000-lines.test.ts). */
const MAX_OFFER_JSON_BYTES = MAX_QUOTE_JSON_BYTES;

/**
 * The quote loop under /api/quote-requests/:id — offers, the buyer's answers, messages and the quote
 * document. Every route reads the request through the service, which answers 404 to anyone but the
 * admin and the buyer who asked.
 */
export function quoteLoopRoutes(deps: AppDeps) {
  const loop = createQuoteLoopService(deps);
  const multipartLimit = limitBody(MAX_MULTIPART_BYTES);
  const jsonLimit = limitBody(MAX_JSON_BYTES);
  const limits = createRateLimits({ store: deps.rateLimits, now: deps.now ?? (() => new Date()), env: deps.env, logger: deps.logger });
  const addressOptions = { trustCloudFrontViewerAddress: deps.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS };
  /** A buyer's messages and revision requests each mail the reseller: counted per account and address before the body is read. The admin is not limited. */
  const limited =
    (action: RateAction): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const user = currentUser(c);
      if (!user.isAdmin) await limits.enforce(action, { accountId: user.id, address: clientAddress(c, addressOptions) }, { username: user.username });
      await next();
    };
  return new Hono<AppEnv>()
    .post(
      '/:id/offers',
      requireAdmin,
      limitBody(MAX_OFFER_JSON_BYTES),
      requireJson,
      validate('param', idParamSchema),
      validate('json', offerInputSchema),
      async (c) => c.json(await loop.sendOffer(currentUser(c), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .get('/:id/offers/:version', requireUser, validate('param', versionParamSchema), async (c) => {
      const { id, version } = c.req.valid('param');
      return c.json(await loop.offer(currentUser(c), id, version));
    })
    .get('/:id/offers/:version/pdf', requireUser, validate('param', versionParamSchema), async (c) => {
      const { id, version } = c.req.valid('param');
      const user = currentUser(c);
      const { offer } = await loop.offer(user, id, version);
      const quote = await loop.readable(user, id);
      // Loaded on first use: the PDF library stays out of the API's cold start.
      const { offerFileName, renderOfferPdf } = await import('../quote-pdf');
      const pdf = await renderOfferPdf({ site: loop.site, quote, offer });
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${offerFileName(id, version)}"`,
        'cache-control': 'private, no-store',
      });
    })
    .post(
      '/:id/offers/:version/accept',
      requireUser,
      jsonLimit,
      requireJson,
      validate('param', versionParamSchema),
      validate('json', acceptOfferInputSchema),
      async (c) => {
        const { id, version } = c.req.valid('param');
        return c.json(await loop.accept(currentUser(c), id, version, c.req.valid('json')));
      },
    )
    .post(
      '/:id/offers/:version/extend',
      requireAdmin,
      jsonLimit,
      requireJson,
      validate('param', versionParamSchema),
      validate('json', extendOfferInputSchema),
      async (c) => {
        const { id, version } = c.req.valid('param');
        return c.json(await loop.extendOffer(currentUser(c), id, version, c.req.valid('json')));
      },
    )
    .post(
      '/:id/offers/:version/decline',
      requireUser,
      jsonLimit,
      requireJson,
      validate('param', versionParamSchema),
      validate('json', declineOfferInputSchema),
      async (c) => {
        const { id, version } = c.req.valid('param');
        return c.json(await loop.decline(currentUser(c), id, version, c.req.valid('json')));
      },
    )
    .post(
      '/:id/offers/:version/revision-request',
      requireUser,
      limited('revision'),
      jsonLimit,
      requireJson,
      validate('param', versionParamSchema),
      validate('json', revisionRequestInputSchema),
      async (c) => {
        const { id, version } = c.req.valid('param');
        return c.json(await loop.requestRevision(currentUser(c), id, version, c.req.valid('json')));
      },
    )
    .get('/:id/messages', requireUser, validate('param', idParamSchema), validate('query', messagesQuerySchema), async (c) =>
      c.json(await loop.messages(currentUser(c), c.req.valid('param').id, c.req.valid('query').cursor)),
    )
    .post(
      '/:id/messages',
      requireUser,
      limited('message'),
      validate('param', idParamSchema),
      (c, next) => (mediaType(c.req.header('content-type')) === 'multipart/form-data' ? multipartLimit : jsonLimit)(c, next),
      async (c) => {
        const user = currentUser(c);
        const { id } = c.req.valid('param');
        const type = mediaType(c.req.header('content-type'));
        if (type === 'multipart/form-data') {
          const body = await readMultipart(c.req.raw, { maxFileBytes: MAX_ATTACHMENT_BYTES, maxFiles: MAX_ATTACHMENTS });
          if (body.tooManyFiles) throw new ValidationError(TOO_MANY_ATTACHMENTS);
          const { body: text } = parseOrThrow(messageInputSchema.pick({ body: true }), { body: body.fields.body });
          const files = body.files.filter((f) => f.field === 'attachments');
          return c.json(await loop.addMessageWithFiles(user, id, text, files), 201);
        }
        if (!/^application\/([\w.-]+\+)?json$/.test(type)) throw new UnsupportedMediaTypeError('application/json or multipart/form-data');
        return c.json(await loop.addMessage(user, id, parseOrThrow(messageInputSchema, await readJson(c.req.raw))), 201);
      },
    );
}
