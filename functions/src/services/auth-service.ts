import { randomBytes } from 'node:crypto';
import { usernameKey } from '@parts/shared/username';
import type { LoginInput, RegisterInput, User } from '@parts/shared/schemas';
import { TooManyRequestsError, UnauthorizedError } from '../domain/errors';
import { hashPassword, needsRehash, verifyPassword } from '../domain/password';
import type { Logger } from '../lib/logger';
import type { StoredUser, UserRepository } from '../ports/user-repository';
import type { HashGate } from './hash-gate';
import { waitText, type BackoffPolicy, type RateLimiter, type WindowPolicy } from './rate-limiter';

export const INVALID_CREDENTIALS = 'Invalid username or password';

/**
 * Login throttle (docs/security.md). Per (username, address): 5 attempts at once, then growing delays
 * (1 s, 2 s, 4 s … at most 15 min apart), forgotten after a day without attempts or at a successful
 * login from that address. Per address: 100 attempts per 15 minutes across all usernames, successful
 * logins not counted. No limit per username alone: a stranger elsewhere must not lock the owner out.
 */
export const LOGIN_PAIR_POLICY: BackoffPolicy = {
  kind: 'backoff',
  free: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  idleMs: 24 * 60 * 60 * 1000,
};
export const LOGIN_ADDRESS_POLICY: WindowPolicy = { kind: 'window', limit: 100, windowMs: 15 * 60 * 1000 };

export const loginThrottledMessage = (seconds: number) => `Too many failed login attempts. Try again in ${waitText(seconds)}.`;
export const registrationThrottledMessage = (seconds: number) => `Too many new accounts from your network. Try again in ${waitText(seconds)}.`;

export function toPublicUser(user: StoredUser): User {
  return {
    id: user.id,
    username: user.username,
    ...(user.email ? { email: user.email } : {}),
    ...(user.name ? { name: user.name } : {}),
    isAdmin: user.isAdmin,
  };
}

export interface AuthServiceDeps {
  users: UserRepository;
  limiter: RateLimiter;
  /** Every password hash and check goes through it (bounded concurrency). */
  hashGate: HashGate;
  registrationPolicy: WindowPolicy;
  logger: Logger;
  now: () => Date;
}

export function createAuthService(deps: AuthServiceDeps) {
  let dummyHash: Promise<string> | undefined;
  // Verifying against a real hash when the user is unknown keeps both answers equally slow.
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));
  const hash = (password: string) => deps.hashGate(() => hashPassword(password));
  const verify = (password: string, stored: string) => deps.hashGate(() => verifyPassword(password, stored));

  return {
    async register(input: RegisterInput, clientAddress: string): Promise<StoredUser> {
      const decision = await deps.limiter.check(`register:${clientAddress}`, deps.registrationPolicy);
      if (!decision.allowed) {
        deps.logger.warn('security.registration_throttled', { clientAddress });
        throw new TooManyRequestsError(registrationThrottledMessage(decision.retryAfterSeconds), decision.retryAfterSeconds);
      }
      return deps.users.createUser({
        username: input.username,
        ...(input.email ? { email: input.email } : {}),
        ...(input.name ? { name: input.name } : {}),
        isAdmin: false,
        passwordHash: await hash(input.password),
      });
    },

    /** Counts the attempt before any hashing, so concurrent guesses beyond the policy are never checked. */
    async login(input: LoginInput, clientAddress: string): Promise<StoredUser> {
      const pairKey = `login:${usernameKey(input.username)}|${clientAddress}`;
      const [pair, address] = await Promise.all([
        deps.limiter.check(pairKey, LOGIN_PAIR_POLICY),
        deps.limiter.check(`login-address:${clientAddress}`, LOGIN_ADDRESS_POLICY),
      ]);
      if (!pair.allowed || !address.allowed) {
        const wait = Math.max(pair.allowed ? 0 : pair.retryAfterSeconds, address.allowed ? 0 : address.retryAfterSeconds);
        deps.logger.warn('security.login_throttled', { username: input.username, clientAddress, retryAfterSeconds: Math.ceil(wait) });
        throw new TooManyRequestsError(loginThrottledMessage(wait), wait);
      }
      const user = await deps.users.getUserByUsername(input.username);
      const ok = user ? await verify(input.password, user.passwordHash) : (await verify(input.password, await dummy()), false);
      if (!user || !ok) {
        if (user?.isAdmin) {
          deps.logger.warn('security.admin_login_failed', { username: user.username, clientAddress, at: deps.now().toISOString() });
        }
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      // A successful login ends this address's streak for the account and does not count against the address.
      await Promise.all([deps.limiter.clear(pairKey), address.refund()]);
      if (needsRehash(user.passwordHash)) {
        const upgraded = await hash(input.password).catch(() => undefined);
        if (upgraded) await deps.users.updatePasswordHash(user.username, user.passwordHash, upgraded).catch(() => undefined);
      }
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
