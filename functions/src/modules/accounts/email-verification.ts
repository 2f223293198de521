import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  EMAIL_ALREADY_CONFIRMED,
  EMAIL_CONFIRMED,
  EMAIL_REQUIRED,
  EMAIL_VERIFICATION_TTL_HOURS,
  VERIFICATION_LINK_INVALID,
  type VerifyEmailResponse,
} from '@parts/shared/email-verification';
import type { SiteSettings } from '@parts/shared/site-settings';
import { ConflictError, ValidationError } from '../../domain/errors';
import type { Logger } from '../../lib/logger';
import { confirmedAddress, verifyEmailMail, type MailQueue, type OutboxMail, type OutboxRepository } from '../mail';
import type { StoredUser, UserRepository } from './ports/user-repository';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The confirmation mail (its wording: the mail module's verify-email template). */
export function verificationMail(site: SiteSettings, user: Pick<StoredUser, 'username'>, email: string, token: string): OutboxMail {
  return { id: randomUUID(), kind: 'auth.verify_email', to: [email], ...verifyEmailMail({ site, username: user.username, email, token }) };
}

export interface EmailVerificationDeps {
  users: UserRepository;
  outbox: OutboxRepository;
  mailQueue?: MailQueue;
  site: SiteSettings;
  logger: Logger;
  now: () => Date;
}

/** E-mail confirmation (ADR 096): a link mailed through the outbox, its token stored only as a hash. */
export function createEmailVerification(deps: EmailVerificationDeps) {
  async function queue(mails: OutboxMail[]) {
    await deps.outbox.enqueue(mails);
    deps.mailQueue?.kick(mails.map((m) => m.id));
  }

  return {
    /** Mails a (new) link for `email`, or for the account's address; a link sent before stops working. */
    async send(user: StoredUser, email: string | undefined = user.email): Promise<{ email: string }> {
      if (!email) throw new ValidationError(EMAIL_REQUIRED, [{ path: 'email', message: EMAIL_REQUIRED }]);
      if (confirmedAddress(user) === email) throw new ConflictError(EMAIL_ALREADY_CONFIRMED);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(deps.now().getTime() + EMAIL_VERIFICATION_TTL_HOURS * 3600_000);
      await deps.users.startEmailVerification(user.username, email, hashToken(token), expiresAt);
      await queue([verificationMail(deps.site, user, email, token)]);
      deps.logger.info('auth.verification_sent', { username: user.username });
      return { email };
    },

    /** At registration: a failure is logged, never fails the account that is already created (a new link can be asked for). */
    async sendAfterRegistration(user: StoredUser): Promise<void> {
      if (!user.email) return;
      try {
        await this.send(user);
      } catch (err) {
        deps.logger.error('auth.verification_failed', { username: user.username, error: err instanceof Error ? err.message : String(err) });
      }
    },

    /** Confirms the address of the link's account and sends the mails that waited for it. */
    async verify(token: string): Promise<VerifyEmailResponse> {
      const user = await deps.users.verifyEmail(hashToken(token), deps.now());
      const email = confirmedAddress(user);
      if (!user || !email) throw new ValidationError(VERIFICATION_LINK_INVALID);
      deps.logger.info('auth.email_verified', { username: user.username });
      try {
        const released = await deps.outbox.releaseHeld(user.username, deps.now());
        if (released.length > 0) deps.mailQueue?.kick(released);
      } catch (err) {
        // The address is confirmed all the same; the held mails stay held and the failure is logged for an operator.
        deps.logger.error('mail.release_failed', { username: user.username, error: err instanceof Error ? err.message : String(err) });
      }
      return { message: EMAIL_CONFIRMED, email };
    },
  };
}
export type EmailVerification = ReturnType<typeof createEmailVerification>;
