import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (ADR 123): `HMAC-SHA256(secret, "<timestamp>.<body>")` in hex, sent as
 * `Webhook-Signature: v1=<hex>` with `Webhook-Timestamp: <unix seconds>` and `Webhook-Id: <event id>`.
 * A receiver recomputes it over the raw body, compares in constant time, and refuses a timestamp
 * outside the replay window.
 */
export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;
/** A receiver refuses a delivery whose timestamp is further than this from its own clock (either way). */
export const REPLAY_WINDOW_SECONDS = 300;

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'missing headers' | 'bad signature' | 'outside the replay window' };

/** What a receiver runs on each delivery: the headers as received, the raw body, its own clock. */
export function verifyWebhook(input: {
  secret: string;
  body: string;
  timestamp: string | null | undefined;
  signature: string | null | undefined;
  now?: Date;
  toleranceSeconds?: number;
}): VerifyResult {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missing headers' };
  const expected = Buffer.from(signWebhook(input.secret, Number(timestamp), input.body));
  // Several signatures may be sent while a secret is rotated: any one that matches is enough.
  const matches = signature
    .split(/[ ,]+/)
    .map((s) => Buffer.from(s))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  if (!matches) return { ok: false, reason: 'bad signature' };
  const skew = Math.abs((input.now ?? new Date()).getTime() / 1000 - Number(timestamp));
  if (skew > (input.toleranceSeconds ?? REPLAY_WINDOW_SECONDS)) return { ok: false, reason: 'outside the replay window' };
  return { ok: true };
}
