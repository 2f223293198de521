/**
 * The parts-list endpoints' limit: a fixed window per key. Shaped like the shared rate limiter that
 * issue 10 adds (check(key, {kind: 'window', limit, windowMs})), so switching to it is a one-line change
 * in routes/bom.ts; until then the counts live in this API instance's memory.
 */
export interface WindowPolicy {
  kind: 'window';
  limit: number;
  windowMs: number;
}
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };
export interface BomRateLimiter {
  check(key: string, policy: WindowPolicy): Promise<RateDecision>;
}

export function createMemoryRateLimiter(now: () => Date, maxKeys = 50_000): BomRateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async check(key, policy) {
      const t = now().getTime();
      const start = t - (t % policy.windowMs);
      const current = windows.get(key);
      const entry = current && current.start === start ? current : { start, count: 0 };
      entry.count++;
      windows.delete(key);
      windows.set(key, entry);
      // Bounded memory: the least recently used keys go first (Map keeps insertion order).
      while (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
      if (entry.count > policy.limit) return { allowed: false, retryAfterSeconds: Math.ceil((start + policy.windowMs - t) / 1000) };
      return { allowed: true };
    },
  };
}
