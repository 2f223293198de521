import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError, TooManyRequestsError, UnavailableError } from '../domain/errors';
import type { Logger } from '../lib/logger';

/**
 * The client went away mid-request (closed the connection, sent a body Node could not parse): reading
 * the body then fails with "aborted". Nothing is wrong on the server's side.
 */
export function isClientAbort(err: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return true;
  // Node's own error for an incoming request whose socket closed early; an upstream reset (S3, DynamoDB) says otherwise.
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === 'ECONNRESET' && e.message === 'aborted') return true;
  }
  return false;
}

/** Every failure leaves as JSON `{ message, issues? }`; unexpected errors are logged, never echoed. */
export function errorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (isClientAbort(err, c.req.raw)) {
      logger.info('client_aborted', { path: c.req.path, method: c.req.method, reason: err.message });
      return c.json({ message: 'The request was aborted' }, 400);
    }
    if (err instanceof DomainError) {
      if ((err instanceof TooManyRequestsError || err instanceof UnavailableError) && err.retryAfterSeconds !== undefined) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      }
      return c.json({ message: err.message, ...(err.issues ? { issues: err.issues } : {}) }, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = err.message || (status === 413 ? 'Request body too large' : 'Request failed');
      return c.json({ message }, status);
    }
    logger.error('unhandled_error', { path: c.req.path, method: c.req.method, error: err.message, stack: err.stack });
    return c.json({ message: 'Internal server error' }, 500);
  };
}
