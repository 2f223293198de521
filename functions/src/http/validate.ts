import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { ValidationError } from '../domain/errors';

/**
 * zValidator with the project's error shape: 400 `{ message, issues }`, where message is the first
 * issue's text (so the web can show it as is); issues carry the paths.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const first = issues[0];
      const message = first?.message ?? 'Invalid request';
      throw new ValidationError(message, issues);
    }
  });
}
