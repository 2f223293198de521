import type { ZodType, z } from 'zod';
import { ValidationError } from './errors';

/**
 * The one way zod issues become a ValidationError (request bodies, query strings, multipart fields,
 * repository input): the message is the first issue's text, which a form shows as is; `issues`
 * carry every issue with its field path.
 */
export function toValidationError(
  error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] },
  pathPrefix: readonly PropertyKey[] = [],
): ValidationError {
  const issues = error.issues.map((i) => ({ path: [...pathPrefix, ...i.path].map(String).join('.'), message: i.message }));
  return new ValidationError(issues[0]?.message ?? 'Invalid input', issues);
}

/** Parses `value` with `schema` or throws toValidationError's error. */
export function parseOrThrow<T extends ZodType>(schema: T, value: unknown, pathPrefix: readonly PropertyKey[] = []): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw toValidationError(result.error, pathPrefix);
  return result.data;
}

/** A refusal as one line in a list of rows: the field, then the message ("price: Price must be 0 or more"). */
export function rowErrorText(error: ValidationError): string {
  const issue = error.issues?.[0];
  return issue?.path ? `${issue.path}: ${issue.message}` : error.message;
}
