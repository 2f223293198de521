import * as z from 'zod';
import { lazySchema } from '../lazy-schema';
import { normalizeUsername, usernameProblem } from '../username';
import { optionalOneLine } from '../one-line';
import { MIN_PASSWORD, MIN_USERNAME, MAX_PASSWORD, MAX_USERNAME } from '../constants';
import './common';

/** Users, usernames, passwords, login and registration. */

export const userSchema = lazySchema(() =>
  z.object({
    id: z.number().int().optional(),
    username: z.string(),
    email: z.string().optional(),
    /** Whether `email` is confirmed through the link mailed to it (ADR 096); only confirmed addresses get mail. */
    emailVerified: z.boolean().optional(),
    name: z.string().optional(),
    isAdmin: z.boolean(),
  }),
);
export type User = z.infer<typeof userSchema>;

/** NFKC-normalised (fullwidth letters are plain ones) and trimmed; uniqueness is decided on usernameKey (username.ts). */
export const usernameSchema = lazySchema(() =>
  z
    .string()
    .transform(normalizeUsername)
    .pipe(
      z
        .string()
        .min(MIN_USERNAME, `Username must be at least ${MIN_USERNAME} characters`)
        .max(MAX_USERNAME, `Username must be at most ${MAX_USERNAME} characters`),
    ),
);
/** A new username also has no invisible or direction characters and does not mix alphabets. */
export const newUsernameSchema = lazySchema(() =>
  usernameSchema.superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);
export const passwordSchema = lazySchema(() =>
  z.string().min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`).max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
);

export const loginInputSchema = lazySchema(() => z.object({ username: usernameSchema, password: passwordSchema }));
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = lazySchema(() =>
  z.object({
    username: newUsernameSchema,
    password: passwordSchema,
    email: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z.email('Please enter a valid email').max(254).optional(),
    ),
    name: optionalOneLine(200, 'Full name'),
    /** Ignored by the server: registration never creates an administrator. */
    isAdmin: z.unknown().optional(),
  }),
);
export type RegisterInput = z.infer<typeof registerInputSchema>;
