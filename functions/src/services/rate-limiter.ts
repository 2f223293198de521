import type { RateLimitStore } from '../ports/rate-limit-store';

/** At most `limit` counted attempts per fixed window of `windowMs`. */
export interface WindowPolicy {
  kind: 'window';
  limit: number;
  windowMs: number;
}

/**
 * Growing delays: the first `free` attempts of a streak go through at once; after that each attempt
 * must come a further delay after the streak's start: `firstDelayMs`, doubling per attempt, each step
 * at most `maxDelayMs`. Refused attempts count too, so hammering only pushes the next slot further.
 * A streak is forgotten `idleMs` after its latest attempt (or when the caller clears it).
 */
export interface BackoffPolicy {
  kind: 'backoff';
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  idleMs: number;
}

export type RatePolicy = WindowPolicy | BackoffPolicy;

export type RateDecision =
  | { allowed: true; /** Takes this attempt back off a window count (e.g. it proved to be legitimate). */ refund(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/** How long after a streak's start attempt number `n` may go through. */
export function backoffOffsetMs(policy: BackoffPolicy, n: number): number {
  let total = 0;
  for (let k = policy.free + 1; k <= n; k++) {
    const step = policy.firstDelayMs * 2 ** Math.min(k - policy.free - 1, 40);
    total += Math.min(step, policy.maxDelayMs);
  }
  return total;
}

/**
 * Counts an attempt against a policy before the work it guards; shared by every API instance through
 * the store. One small service for the login throttle, registration, quote submissions and any other
 * endpoint that needs a limit.
 */
export function createRateLimiter(deps: { store: RateLimitStore; now: () => Date }) {
  return {
    async check(key: string, policy: RatePolicy): Promise<RateDecision> {
      const now = deps.now().getTime();
      if (policy.kind === 'window') {
        const windowStart = now - (now % policy.windowMs);
        const count = await deps.store.addToWindow(key, windowStart, policy.windowMs);
        if (count > policy.limit) return { allowed: false, retryAfterSeconds: (windowStart + policy.windowMs - now) / 1000 };
        return { allowed: true, refund: () => deps.store.addToWindow(key, windowStart, policy.windowMs, -1).then(() => undefined) };
      }
      const { count, since } = await deps.store.addToStreak(key, now, policy.idleMs);
      const due = since + backoffOffsetMs(policy, count);
      if (now < due) return { allowed: false, retryAfterSeconds: (since + backoffOffsetMs(policy, count + 1) - now) / 1000 };
      return { allowed: true, refund: async () => undefined };
    },

    /** Ends a backoff streak (e.g. after a successful login). */
    clear: (key: string) => deps.store.clearStreak(key),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** "5 seconds", "1 minute", "3 minutes": for messages that say how long to wait. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.ceil(s / 60);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}
