/**
 * Typed errors raised by services and adapters. The HTTP layer maps each to a status code with a
 * JSON `{ message, issues? }` body; nothing else ever reaches a client.
 */
export type ErrorIssue = { path: string; message: string };

export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly issues?: ErrorIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, issues?: ErrorIssue[]) {
    super(400, message, issues);
  }
}
export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class ForbiddenError extends DomainError {
  constructor(message = 'Admin privileges required') {
    super(403, message);
  }
}
export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends DomainError {
  constructor(message: string, issues?: ErrorIssue[]) {
    super(409, message, issues);
  }
}
/** `retryAfterSeconds` leaves as the Retry-After header. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
export class UnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(503, message);
  }
}
