import { Hono } from 'hono';
import { loginInputSchema, registerInputSchema } from '@parts/shared/schemas';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { MAX_JSON_BYTES, limitBody, requireJson } from '../http/body';
import { clearSession, issueSession, requireUser } from '../http/session';
import { clientAddress } from '../http/client-address';
import { UnauthorizedError } from '../domain/errors';
import { createAuthService, toPublicUser } from '../services/auth-service';
import { createHashGate } from '../services/hash-gate';
import { createRateLimiter } from '../services/rate-limiter';

/** Two hashes at once leave the other two libuv threads to file reads and the rest (services/hash-gate.ts). */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 8;

export function authRoutes(deps: AppDeps) {
  const now = deps.now ?? (() => new Date());
  const auth = createAuthService({
    users: deps.users,
    limiter: createRateLimiter({ store: deps.rateLimits, now }),
    hashGate: createHashGate({ concurrency: HASH_CONCURRENCY, queue: HASH_QUEUE }),
    registrationPolicy: { kind: 'window', limit: deps.env.RATE_LIMIT_REGISTRATIONS_PER_HOUR, windowMs: 60 * 60 * 1000 },
    logger: deps.logger,
    now,
  });
  const addressOptions = { trustCloudFrontViewerAddress: deps.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS };
  return (
    new Hono<AppEnv>()
      .post('/register', limitBody(MAX_JSON_BYTES), requireJson, validate('json', registerInputSchema), async (c) => {
        const user = await auth.register(c.req.valid('json'), clientAddress(c, addressOptions));
        await issueSession(c, deps.jwtSecret, deps.users, user, now());
        return c.json(toPublicUser(user), 201);
      })
      .post('/login', limitBody(MAX_JSON_BYTES), requireJson, validate('json', loginInputSchema), async (c) => {
        const user = await auth.login(c.req.valid('json'), clientAddress(c, addressOptions));
        await issueSession(c, deps.jwtSecret, deps.users, user, now());
        return c.json(toPublicUser(user));
      })
      // Ends this browser's session in the table, so a copy of its cookie stops working too; the account's
      // other sessions (other devices) stay.
      .post('/logout', async (c) => {
        const user = c.get('user');
        const sessionId = c.get('sessionId');
        if (user && sessionId) await deps.users.endSession(user.username, sessionId);
        clearSession(c);
        return c.json({ message: 'Logged out' });
      })
      .get('/me', requireUser, async (c) => {
        const sessionUser = c.get('user')!;
        const user = await deps.users.getUserByUsername(sessionUser.username);
        if (!user) {
          clearSession(c);
          throw new UnauthorizedError();
        }
        return c.json(toPublicUser(user));
      })
  );
}
