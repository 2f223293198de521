import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SignJWT, jwtVerify } from 'jose';
import type { AppEnv, SessionUser } from './app-env';
import { ForbiddenError, UnauthorizedError } from '../domain/errors';

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

export async function issueSession(c: Context, secret: Uint8Array, user: SessionUser, now: Date): Promise<void> {
  const iat = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({ uid: user.id, adm: user.isAdmin })
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

async function readSession(token: string, secret: Uint8Array, now: Date): Promise<SessionUser | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.uid !== 'number' || typeof payload.adm !== 'boolean') return undefined;
    return { id: payload.uid, username: payload.sub, isAdmin: payload.adm };
  } catch {
    // Expired, tampered or foreign tokens simply mean "no session".
    return undefined;
  }
}

/** Puts the signed-in user (if any) on the context; the admin flag comes only from the signed token. */
export function sessionMiddleware(secret: Uint8Array, now: () => Date): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const user = await readSession(token, secret, now());
      if (user) c.set('user', user);
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
