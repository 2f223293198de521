import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';
import type { AppEnv } from './app-env';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const DIRECT_ACCESS_MESSAGE = 'Forbidden';

/**
 * On AWS the API Gateway URL is public; CloudFront adds a secret header to every request it forwards
 * (infra/src/constructs/web.ts), so a request without it did not come through CloudFront (no WAF, and
 * a CloudFront-Viewer-Address it could have forged) and is refused before anything else runs.
 * `secrets` is one value, or during a rotation two comma-separated values, either of which is accepted (ADR 106).
 */
export function originVerify(secrets: string, logger: Logger): MiddlewareHandler<AppEnv> {
  const accepted = secrets
    .split(',')
    .filter((s) => s !== '')
    .map((s) => Buffer.from(s, 'utf8'));
  const matches = (given: Buffer) => accepted.some((expected) => given.length === expected.length && timingSafeEqual(given, expected));
  return async (c, next) => {
    const given = Buffer.from(c.req.header(ORIGIN_VERIFY_HEADER) ?? '', 'utf8');
    if (!matches(given)) {
      logger.warn('security.direct_api_access', { method: c.req.method, path: c.req.path });
      return c.json({ message: DIRECT_ACCESS_MESSAGE }, 403);
    }
    await next();
  };
}
