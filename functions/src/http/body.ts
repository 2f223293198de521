import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../domain/errors';

/**
 * Lambda takes at most 6 MB of request (the event, JSON), and a function URL (as API Gateway did) hands it a multipart body
 * base64-encoded: 4/3 of its size. 4 MiB is the most that fits with headers to spare, so that is the cap here as in
 * AWS (ADR 108); bigger files go to S3 with presigned requests (attachment and CSV uploads).
 */
export const MAX_MULTIPART_BYTES = 4 * 1024 * 1024;
export const MAX_JSON_BYTES = 256 * 1024;
const MIB = 1024 * 1024;
/** A quote submission can carry a 2,000-line bill of materials with the richer line fields. */
export const MAX_QUOTE_JSON_BYTES = 4 * 1024 * 1024;

export function limitBody(maxSize: number): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: (c) =>
      c.json({ message: `Request body too large (limit ${maxSize % MIB === 0 ? `${maxSize / MIB} MB` : `${Math.floor(maxSize / 1024)} KB`})` }, 413),
  });
}

export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(expected: string) {
    super(415, `Content-Type must be ${expected}`);
  }
}

/** Refuses non-JSON bodies with 415 (the validator would otherwise see an empty object). */
export const requireJson: MiddlewareHandler = async (c, next) => {
  if (!/^application\/([\w.-]+\+)?json$/.test(mediaType(c.req.header('content-type')))) {
    throw new UnsupportedMediaTypeError('application/json');
  }
  await next();
};

export const requireMultipart: MiddlewareHandler = async (c, next) => {
  if (mediaType(c.req.header('content-type')) !== 'multipart/form-data') {
    throw new UnsupportedMediaTypeError('multipart/form-data');
  }
  await next();
};
