import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { loginInputSchema, registerInputSchema } from '@parts/shared/schemas';
import { verificationMailInputSchema, verificationSentMessage, verifyEmailInputSchema } from '@parts/shared/email-verification';
import type { AppDeps } from '../../../app';
import type { AppEnv } from '../../../http/app-env';
import { validate } from '../../../http/validate';
import { MAX_JSON_BYTES, limitBody, requireJson } from '../../../http/body';
import { SESSION_COOKIE, clearSession, issueSession, requireUser } from '../../../http/session';
import { UnauthorizedError } from '../../../domain/errors';
import { clientAddress } from '../../../http/client-address';
import { createAuthService, toPublicUser } from '../auth-service';
import { createHashGate } from '../hash-gate';
import { createRateLimits } from '../../../services/rate-limiter';
import { createEmailVerification } from '../email-verification';
import { siteSettings } from '../../../config/site-settings';

/** Two hashes at once leave the other two libuv threads to file reads and the rest (services/hash-gate.ts). */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 8;

export function authRoutes(deps: AppDeps) {
  const now = deps.now ?? (() => new Date());
  const limits = createRateLimits({ store: deps.rateLimits, now, env: deps.env, logger: deps.logger });
  const auth = createAuthService({
    users: deps.users,
    limits,
    hashGate: createHashGate({ concurrency: HASH_CONCURRENCY, queue: HASH_QUEUE }),
    logger: deps.logger,
    now,
  });
  const verification = createEmailVerification({
    users: deps.users,
    outbox: deps.outbox,
    ...(deps.mailQueue ? { mailQueue: deps.mailQueue } : {}),
    site: siteSettings(deps.env),
    logger: deps.logger,
    now,
  });
  const addressOptions = { trustCloudFrontViewerAddress: deps.env.TRUST_CLOUDFRONT_VIEWER_ADDRESS };
  return (
    new Hono<AppEnv>()
      .post('/register', limitBody(MAX_JSON_BYTES), requireJson, validate('json', registerInputSchema), async (c) => {
        const user = await auth.register(c.req.valid('json'), clientAddress(c, addressOptions));
        await issueSession(c, deps.jwtSecret, deps.users, user, now());
        // The confirmation link for the address given (ADR 096); the account works without it.
        await verification.sendAfterRegistration(user);
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
        if (user && sessionId) await auth.endSession(user.username, sessionId);
        clearSession(c);
        return c.json({ message: 'Logged out' });
      })
      // The link from the confirmation mail (opened on the web page /account/verify-email, in any browser: no session needed).
      .post('/verify-email', limitBody(MAX_JSON_BYTES), requireJson, validate('json', verifyEmailInputSchema), async (c) =>
        c.json(await verification.verify(c.req.valid('json').token)),
      )
      // A new link, to the account's address or to a new one (which then replaces it, unconfirmed).
      .post('/verification-mail', requireUser, limitBody(MAX_JSON_BYTES), requireJson, validate('json', verificationMailInputSchema), async (c) => {
        const sessionUser = c.get('user')!;
        await limits.enforce('verificationMail', { accountId: sessionUser.id, address: clientAddress(c, addressOptions) }, { username: sessionUser.username });
        const user = await auth.getUser(sessionUser.username);
        if (!user) {
          clearSession(c);
          throw new UnauthorizedError();
        }
        const { email } = await verification.send(user, c.req.valid('json').email);
        return c.json({ message: verificationSentMessage(email) }, 202);
      })
      // A guest is a normal state, not an error: 200 with null (no 401 in every guest's console). A cookie
      // whose session has ended is cleared (ADR 100).
      .get('/me', async (c) => {
        const sessionUser = c.get('user');
        const user = sessionUser ? await auth.getUser(sessionUser.username) : undefined;
        if (!user) {
          if (getCookie(c, SESSION_COOKIE) !== undefined) clearSession(c);
          return c.json(null);
        }
        return c.json(toPublicUser(user));
      })
  );
}
