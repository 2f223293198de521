import pLimit from 'p-limit';
import { UnavailableError } from '../../domain/errors';

export const HASH_BUSY_MESSAGE = 'The server is busy signing people in. Try again in a moment.';

/**
 * Bounds password hashing (scrypt, ~0.25 s of a libuv thread each): at most `concurrency` at once and
 * `queue` waiting; beyond that the caller gets 503 with Retry-After at once. Without it a flood of
 * logins takes every libuv thread, and file reads, DNS and other requests wait behind it.
 * On Lambda an instance serves one request at a time, so the queue only ever matters on a shared server.
 */
export function createHashGate(options: { concurrency: number; queue: number }) {
  const limit = pLimit(options.concurrency);
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.activeCount + limit.pendingCount >= options.concurrency + options.queue) return Promise.reject(new UnavailableError(HASH_BUSY_MESSAGE, 1));
    return limit(work);
  };
}
export type HashGate = ReturnType<typeof createHashGate>;
