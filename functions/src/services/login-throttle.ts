/**
 * Counts failed logins per key (username, client address) in a sliding window. Kept in memory per
 * API instance: no port exists for it, and the per-username limit still bounds guessing on each
 * instance; a DynamoDB-backed implementation can replace it behind this interface.
 */
export interface LoginThrottle {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(keys: string[], now: Date): number;
  recordFailure(keys: string[], now: Date): void;
  reset(key: string): void;
}

export function createMemoryLoginThrottle(options: { maxFailures: number; windowMs: number; maxKeys?: number }): LoginThrottle {
  const failures = new Map<string, number[]>();
  const maxKeys = options.maxKeys ?? 50_000;
  const recent = (key: string, now: number) => {
    const times = (failures.get(key) ?? []).filter((t) => now - t < options.windowMs);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };
  return {
    blockedFor(keys, now) {
      const t = now.getTime();
      let wait = 0;
      for (const key of keys) {
        const times = recent(key, t);
        if (times.length >= options.maxFailures) {
          const oldest = times[times.length - options.maxFailures]!;
          wait = Math.max(wait, Math.ceil((oldest + options.windowMs - t) / 1000));
        }
      }
      return wait;
    },
    recordFailure(keys, now) {
      const t = now.getTime();
      for (const key of keys) {
        const times = recent(key, t);
        times.push(t);
        failures.delete(key);
        failures.set(key, times.slice(-options.maxFailures));
      }
      // Bounded memory: forget the least recently failed keys first (Map keeps insertion order).
      while (failures.size > maxKeys) {
        const first = failures.keys().next().value;
        if (first === undefined) break;
        failures.delete(first);
      }
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
