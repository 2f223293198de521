import { randomBytes } from 'node:crypto';
import type { LoginInput, RegisterInput, User } from '@parts/shared/schemas';
import { TooManyRequestsError, UnauthorizedError } from '../domain/errors';
import { hashPassword, verifyPassword } from '../domain/password';
import type { Logger } from '../lib/logger';
import type { StoredUser, UserRepository } from '../ports/user-repository';
import type { LoginThrottle } from './login-throttle';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const LOGIN_FAILURES_ALLOWED = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

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
  throttle: LoginThrottle;
  logger: Logger;
  now: () => Date;
}

export function createAuthService(deps: AuthServiceDeps) {
  let dummyHash: Promise<string> | undefined;
  // Verifying against a real hash when the user is unknown keeps both answers equally slow.
  const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  return {
    async register(input: RegisterInput): Promise<StoredUser> {
      return deps.users.createUser({
        username: input.username,
        ...(input.email ? { email: input.email } : {}),
        ...(input.name ? { name: input.name } : {}),
        isAdmin: false,
        passwordHash: await hashPassword(input.password),
      });
    },

    async login(input: LoginInput, clientAddress: string): Promise<StoredUser> {
      const now = deps.now();
      const keys = [`user:${input.username.toLowerCase()}`, `addr:${clientAddress}`];
      const wait = deps.throttle.blockedFor(keys, now);
      if (wait > 0) {
        deps.logger.warn('security.login_throttled', { username: input.username, clientAddress });
        throw new TooManyRequestsError(
          `Too many failed login attempts. Try again in ${Math.max(1, Math.ceil(wait / 60))} minutes.`,
        );
      }
      const user = await deps.users.getUserByUsername(input.username);
      const ok = user ? await verifyPassword(input.password, user.passwordHash) : (await verifyPassword(input.password, await dummy()), false);
      if (!user || !ok) {
        deps.throttle.recordFailure(keys, now);
        if (user?.isAdmin) {
          deps.logger.warn('security.admin_login_failed', { username: user.username, clientAddress, at: now.toISOString() });
        }
        throw new UnauthorizedError(INVALID_CREDENTIALS);
      }
      deps.throttle.reset(keys[0]!);
      return user;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
