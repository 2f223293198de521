import * as z from 'zod';
import { lazySchema } from './lazy-schema';

/** How long a confirmation link works (ADR 096). */
export const EMAIL_VERIFICATION_TTL_HOURS = 72;
export const VERIFY_EMAIL_PATH = '/account/verify-email';

export const VERIFICATION_LINK_INVALID = 'This confirmation link is not valid or has expired. Ask for a new one.';
export const EMAIL_CONFIRMED = 'Your e-mail address is confirmed.';
export const EMAIL_ALREADY_CONFIRMED = 'Your e-mail address is already confirmed.';
export const EMAIL_REQUIRED = 'Enter your e-mail address';
export const verificationSentMessage = (email: string) => `We sent a confirmation link to ${email}.`;

/** The link's token: 32 random bytes, base64url (43 characters). */
export const verifyEmailInputSchema = lazySchema(() => z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, VERIFICATION_LINK_INVALID) }));
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;

/** Asks for a (new) confirmation link: to the account's address, or to a new one given here. */
export const verificationMailInputSchema = lazySchema(() =>
  z.object({
    email: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.email('Please enter a valid email').max(254).optional(),
    ),
  }),
);
export type VerificationMailInput = z.infer<typeof verificationMailInputSchema>;

export interface VerifyEmailResponse {
  message: string;
  email: string;
}
