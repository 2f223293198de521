import type { StoredUser } from '../accounts';

/** The address mails for this account may go to: its e-mail once confirmed, else none (ADR 096). */
export const confirmedAddress = (user: Pick<StoredUser, 'email' | 'emailVerifiedAt'> | undefined): string | undefined =>
  user?.email && user.emailVerifiedAt ? user.email : undefined;
