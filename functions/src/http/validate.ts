import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { toValidationError } from '../domain/validation';

/** zValidator with the project's error shape: 400 `{ message, issues }` (see domain/validation.ts). */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw toValidationError(result.error);
  });
}
