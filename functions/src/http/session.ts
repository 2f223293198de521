import type { Context, MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SignJWT, jwtVerify } from 'jose';
import type { AppEnv, SessionUser } from './app-env';
import { ForbiddenError, UnauthorizedError } from '../domain/errors';
import type { StoredUser, UserRepository } from '../modules/accounts';

export const SESSION_COOKIE = 'session';
const SESSION_TTL_SECONDS = 24 * 60 * 60;
const ISSUER = 'parts-catalogue';

function isLocalHost(c: Context): boolean {
  const host = new URL(c.req.url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

function cookieOptions(c: Context) {
  return { httpOnly: true, sameSite: 'Lax' as const, secure: !isLocalHost(c), path: '/' };
}

/**
 * A session is issued for the user record as it is now (its id and session version) and recorded in the
 * table under a fresh id (the token's jti), so logout can end it and the middleware can check it.
 */
export async function issueSession(
  c: Context,
  secret: Uint8Array,
  users: UserRepository,
  user: Pick<StoredUser, 'id' | 'username' | 'sessionVersion'>,
  now: Date,
): Promise<void> {
  const iat = Math.floor(now.getTime() / 1000);
  const sessionId = randomUUID();
  await users.startSession(user.username, sessionId, new Date((iat + SESSION_TTL_SECONDS) * 1000));
  const token = await new SignJWT({ uid: user.id, sv: user.sessionVersion })
    .setJti(sessionId)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.username)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_SECONDS)
    .sign(secret);
  setCookie(c, SESSION_COOKIE, token, { ...cookieOptions(c), maxAge: SESSION_TTL_SECONDS });
}

export function clearSession(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
}

interface SessionClaims {
  username: string;
  id: number;
  sessionVersion: number;
  sessionId: string;
}

async function readToken(token: string, secret: Uint8Array, now: Date): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
    });
    // Tokens from before revocable sessions (no `sv`/`jti`) are no longer accepted: their holder signs in once more.
    if (typeof payload.sub !== 'string' || typeof payload.uid !== 'number' || typeof payload.sv !== 'number' || typeof payload.jti !== 'string')
      return undefined;
    if (!/^[0-9a-f-]{36}$/.test(payload.jti)) return undefined;
    return { id: payload.uid, username: payload.sub, sessionVersion: payload.sv, sessionId: payload.jti };
  } catch {
    // Expired, tampered or foreign tokens simply mean "no session".
    return undefined;
  }
}

/**
 * The session's user as the table has them now, or undefined when the session has ended: logged out in
 * that browser (its session item is gone), the account is gone or was re-created (other id), or its
 * session version moved on (password reset, rights changed, every session ended). One consistent
 * BatchGetItem per request that carries a cookie (docs/benchmarks.md#security).
 */
export async function resolveSession(
  token: string,
  secret: Uint8Array,
  users: UserRepository,
  now: Date,
): Promise<{ user: SessionUser; sessionId: string } | undefined> {
  const claims = await readToken(token, secret, now);
  if (!claims) return undefined;
  const user = await users.getSessionUser(claims.username, claims.sessionId, now);
  if (!user || user.id !== claims.id || user.sessionVersion !== claims.sessionVersion) return undefined;
  // Rights come from the record, not the token: a demoted admin loses them with the next request.
  return { user: { id: user.id, username: user.username, isAdmin: user.isAdmin }, sessionId: claims.sessionId };
}

/** Puts the signed-in user (if any) on the context; a cookie whose session has ended means no user. */
export function sessionMiddleware(secret: Uint8Array, users: UserRepository, now: () => Date): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const session = await resolveSession(token, secret, users, now());
      if (session) {
        c.set('user', session.user);
        c.set('sessionId', session.sessionId);
      }
    }
    await next();
  };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw new UnauthorizedError();
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) throw new UnauthorizedError();
  if (!user.isAdmin) throw new ForbiddenError();
  await next();
};

/** The signed-in user inside a handler guarded by requireUser/requireAdmin. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new UnauthorizedError();
  return user;
}
