import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { loginInputSchema, registerInputSchema } from '@parts/shared/schemas';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/app-env';
import { validate } from '../http/validate';
import { MAX_JSON_BYTES, limitBody, requireJson } from '../http/body';
import { SESSION_COOKIE, clearSession, issueSession } from '../http/session';
import { clientAddress } from '../http/client-address';
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
      // A guest is a normal state, not an error: 200 with null (no 401 in every guest's console). A cookie
      // whose session has ended is cleared (ADR 100).
      .get('/me', async (c) => {
        const sessionUser = c.get('user');
        const user = sessionUser ? await deps.users.getUserByUsername(sessionUser.username) : undefined;
        if (!user) {
          if (getCookie(c, SESSION_COOKIE) !== undefined) clearSession(c);
          return c.json(null);
        }
        return c.json(toPublicUser(user));
      })
  );
}
