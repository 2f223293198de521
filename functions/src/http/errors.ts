import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '../domain/errors';
import type { Logger } from '../lib/logger';

/** Every failure leaves as JSON `{ message, issues? }`; unexpected errors are logged, never echoed. */
export function errorHandler(logger: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof DomainError) {
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
