import type { Env } from '../config/env';
import { TooManyRequestsError } from '../domain/errors';
import type { Logger } from '../lib/logger';
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
 * the store (DynamoDB). The one limiter of the API: the login throttle, registration, quote submissions,
 * messages, revision requests, parts-list reads and confirmation mails all count here, with the policies
 * of RATE_POLICIES below (docs/security.md).
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Login throttle (docs/security.md). Per (username, address): 5 attempts at once, then growing delays
 * (1 s, 2 s, 4 s … at most 15 min apart), forgotten after a day without attempts or at a successful
 * login from that address. Per address: 100 attempts per 15 minutes across all usernames, successful
 * logins not counted. No limit per username alone: a stranger elsewhere must not lock the owner out.
 */
export const LOGIN_PAIR_POLICY: BackoffPolicy = { kind: 'backoff', free: 5, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE, idleMs: 24 * HOUR };
export const LOGIN_ADDRESS_POLICY: WindowPolicy = { kind: 'window', limit: 100, windowMs: 15 * MINUTE };

/** A limited action: its policy per signed-in account and per client address, its refusal and its log event. */
export interface RateRule {
  perAccount?: WindowPolicy;
  perAddress: WindowPolicy;
  message: (seconds: number) => string;
  event: string;
}

const hourly = (limit: number): WindowPolicy => ({ kind: 'window', limit, windowMs: HOUR });

/**
 * THE policy table: every rate limit of the API in one place (the login throttle's own shape is above).
 * Counted before the work, refused with 429, the message and `Retry-After`. Per address is three times
 * per account where one office (one address) holds several buyers.
 */
export function ratePolicies(
  env: Pick<
    Env,
    | 'RATE_LIMIT_REGISTRATIONS_PER_HOUR'
    | 'RATE_LIMIT_QUOTES_PER_HOUR'
    | 'RATE_LIMIT_MESSAGES_PER_HOUR'
    | 'RATE_LIMIT_REVISIONS_PER_HOUR'
    | 'RATE_LIMIT_BOM_READS_PER_10_MINUTES'
  >,
) {
  const bom: WindowPolicy = { kind: 'window', limit: env.RATE_LIMIT_BOM_READS_PER_10_MINUTES, windowMs: 10 * MINUTE };
  return {
    register: {
      perAddress: hourly(env.RATE_LIMIT_REGISTRATIONS_PER_HOUR),
      message: (s: number) => `Too many new accounts from your network. Try again in ${waitText(s)}.`,
      event: 'security.registration_throttled',
    },
    quote: {
      perAccount: hourly(env.RATE_LIMIT_QUOTES_PER_HOUR),
      perAddress: hourly(3 * env.RATE_LIMIT_QUOTES_PER_HOUR),
      message: (s: number) => `Too many quote requests. Try again in ${waitText(s)}.`,
      event: 'security.quote_throttled',
    },
    message: {
      perAccount: hourly(env.RATE_LIMIT_MESSAGES_PER_HOUR),
      perAddress: hourly(3 * env.RATE_LIMIT_MESSAGES_PER_HOUR),
      message: (s: number) => `Too many messages. Try again in ${waitText(s)}.`,
      event: 'security.message_throttled',
    },
    revision: {
      perAccount: hourly(env.RATE_LIMIT_REVISIONS_PER_HOUR),
      perAddress: hourly(3 * env.RATE_LIMIT_REVISIONS_PER_HOUR),
      message: (s: number) => `Too many revision requests. Try again in ${waitText(s)}.`,
      event: 'security.revision_throttled',
    },
    /** Reading (parse) and matching parts lists; open to guests, so per address, and per account when signed in. */
    bom: {
      perAccount: bom,
      perAddress: bom,
      message: (s: number) => `Too many parts lists in a short time; try again in ${waitText(s)}`,
      event: 'security.bom_throttled',
    },
    /**
     * The web's page-shown beacons (a search listing, a part page; docs/demand.md): one per page a person looks at,
     * so generous, but a script posting counts in a loop is stopped.
     */
    demandBeacon: {
      perAccount: { kind: 'window', limit: 300, windowMs: 10 * MINUTE },
      perAddress: { kind: 'window', limit: 900, windowMs: 10 * MINUTE },
      message: (s: number) => `Too many page views counted; try again in ${waitText(s)}`,
      event: 'security.demand_beacon_throttled',
    },
    /** Confirmation links for e-mail addresses: each one mails an address that is not confirmed yet. */
    verificationMail: {
      perAccount: hourly(5),
      perAddress: hourly(20),
      message: (s: number) => `Too many confirmation mails. Try again in ${waitText(s)}.`,
      event: 'security.verification_mail_throttled',
    },
  } satisfies Record<string, RateRule>;
}
export type RateAction = keyof ReturnType<typeof ratePolicies>;

/**
 * The limiter with the policy table: `enforce(action, who)` counts one attempt per account (when signed
 * in) and per address, and throws 429 with the longer wait if either is over its policy.
 */
export function createRateLimits(deps: { store: RateLimitStore; now: () => Date; env: Parameters<typeof ratePolicies>[0]; logger: Logger }) {
  const limiter = createRateLimiter(deps);
  const policies = ratePolicies(deps.env);
  return {
    limiter,
    policies,
    async enforce(action: RateAction, who: { accountId?: number | undefined; address: string }, logFields: Record<string, unknown> = {}): Promise<void> {
      const rule: RateRule = policies[action];
      const checks = [limiter.check(`${action}-address:${who.address}`, rule.perAddress)];
      if (rule.perAccount && who.accountId !== undefined) checks.push(limiter.check(`${action}-account:${who.accountId}`, rule.perAccount));
      const decisions = await Promise.all(checks);
      const wait = Math.max(0, ...decisions.map((d) => (d.allowed ? 0 : d.retryAfterSeconds)));
      if (wait > 0) {
        deps.logger.warn(rule.event, { ...logFields, clientAddress: who.address, retryAfterSeconds: Math.ceil(wait) });
        throw new TooManyRequestsError(rule.message(wait), wait);
      }
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
