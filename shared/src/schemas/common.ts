import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

/** What every feature's schemas share: the zod error wording, ids, slugs, text helpers, the error body and the health answer. */

// Spec section 5: where no custom message is set, a missing value reads 'Required'.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Required' : undefined),
});

export const idSchema = lazySchema(() => z.coerce.number().int().positive());
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = lazySchema(() =>
  z.string().trim().min(1, 'Required').max(200).regex(slugPattern, 'Use lower-case letters, digits and single hyphens'),
);
export const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);
/** Optional text: empty strings and null become undefined. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().max(max).optional());
export const optionalUrl = lazySchema(() =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .url({ protocol: /^https?$/, message: 'Enter a valid URL' })
      .max(2048)
      .optional(),
  ),
);

export const optionalId = lazySchema(() =>
  z.preprocess((v) => (v === null || v === '' || v === 0 || v === '0' ? null : v), z.coerce.number().int().positive().nullable()),
);

export const errorBodySchema = lazySchema(() =>
  z.object({
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
);
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthSchema = lazySchema(() =>
  z.object({
    /** indexing: every dependency is up, and the search index is being checked against the table or repaired. */
    status: z.enum(['ok', 'degraded', 'indexing']),
    dependencies: z.record(z.string(), z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() })),
    indexing: z.object({ phase: z.enum(['checking', 'indexing']), done: z.number().int(), total: z.number().int() }).optional(),
  }),
);
export type Health = z.infer<typeof healthSchema>;
