import { randomBytes } from 'node:crypto';
import { usernameKey } from '@parts/shared/username';
import type { LoginInput, RegisterInput, User } from '@parts/shared/schemas';
import { TooManyRequestsError, UnauthorizedError } from '../../domain/errors';
import { hashPassword, needsRehash, verifyPassword } from './password';
import type { Logger } from '../../lib/logger';
import type { StoredUser, UserRepository } from './ports/user-repository';
import type { HashGate } from './hash-gate';
import { LOGIN_ADDRESS_POLICY, LOGIN_PAIR_POLICY, waitText, type RateLimits } from '../../services/rate-limiter';
import { confirmedAddress } from '../mail';

export const INVALID_CREDENTIALS = 'Invalid username or password';

export { LOGIN_ADDRESS_POLICY, LOGIN_PAIR_POLICY };

export const loginThrottledMessage = (seconds: number) => `Too many failed login attempts. Try again in ${waitText(seconds)}.`;

export function toPublicUser(user: StoredUser): User {
  return {
    id: user.id,
    username: user.username,
    ...(user.email ? { email: user.email } : {}),
    emailVerified: confirmedAddress(user) !== undefined,
    ...(user.name ? { name: user.name } : {}),
    isAdmin: user.isAdmin,
  };
}

export interface AuthServiceDeps {
  users: UserRepository;
  /** The API's limiter and policy table (services/rate-limiter.ts). */
  limits: RateLimits;
  /** Every password hash and check goes through it (bounded concurrency). */
  hashGate: HashGate;
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
    /** The signed-in account as stored now (undefined once deleted). */
    getUser: (username: string) => deps.users.getUserByUsername(username),
    /** Ends one session (this browser's); the account's other sessions stay. */
    endSession: (username: string, sessionId: string) => deps.users.endSession(username, sessionId),
    async register(input: RegisterInput, clientAddress: string): Promise<StoredUser> {
      await deps.limits.enforce('register', { address: clientAddress });
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
        deps.limits.limiter.check(pairKey, LOGIN_PAIR_POLICY),
        deps.limits.limiter.check(`login-address:${clientAddress}`, LOGIN_ADDRESS_POLICY),
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
      await Promise.all([deps.limits.limiter.clear(pairKey), address.refund()]);
      if (needsRehash(user.passwordHash)) {
        const upgraded = await hash(input.password).catch(() => undefined);
        if (upgraded) await deps.users.updatePasswordHash(user.username, user.passwordHash, upgraded).catch(() => undefined);
      }
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
