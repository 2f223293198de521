/**
 * Attempt counters shared by every API instance (DynamoDB items with a TTL). Each call counts the
 * attempt atomically and answers the count including it, so concurrent callers each see a distinct
 * number and the decision can be taken before any expensive work.
 */
export interface RateLimitStore {
  /** Adds `delta` to the counter of `key` in the fixed window starting at `windowStart` (ms); answers the new count. */
  addToWindow(key: string, windowStart: number, windowMs: number, delta?: number): Promise<number>;
  /**
   * Adds one attempt to the streak of `key`: a streak starts with its first attempt and is forgotten
   * `idleMs` after its latest one. Answers the attempt's number in the streak and when the streak began (ms).
   */
  addToStreak(key: string, now: number, idleMs: number): Promise<{ count: number; since: number }>;
  /** Forgets the streak of `key`. */
  clearStreak(key: string): Promise<void>;
}
