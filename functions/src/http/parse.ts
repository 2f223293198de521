import type { ZodType, z } from 'zod';
import { ValidationError } from '../domain/errors';

/** Same error shape as validate(), for values that do not come straight from a body (multipart fields, JSON text). */
export function parseOrThrow<T extends ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new ValidationError(issues[0]?.message ?? 'Invalid request', issues);
  }
  return result.data;
}

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ValidationError('Malformed JSON in request body');
  }
}
