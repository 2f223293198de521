import { ValidationError } from '../domain/errors';

/** For values that do not come straight from a body (multipart fields, JSON text); same error shape as validate(). */
export { parseOrThrow } from '../domain/validation';

export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new ValidationError('Malformed JSON in request body');
  }
}
