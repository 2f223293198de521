import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { REPLAY_WINDOW_SECONDS, signWebhook, verifyWebhook } from './signature';

const secret = 'whsec-unit-0123456789abcdef';
const body = '{"id":"evt_1","type":"offer.sent","time":"2026-11-26T10:00:00.000Z","data":{"quoteId":7}}';
const at = new Date('2026-11-26T10:00:00Z');
const ts = Math.floor(at.getTime() / 1000);

describe('webhook signatures (ADR 123)', () => {
  test('the signature is v1= and the hex HMAC-SHA256 of "<timestamp>.<body>" under the secret', () => {
    const hex = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
    expect(signWebhook(secret, ts, body)).toBe(`v1=${hex}`);
  });

  test('a receiver accepts the signed body inside the replay window, either side of its clock', () => {
    const signature = signWebhook(secret, ts, body);
    for (const skew of [0, REPLAY_WINDOW_SECONDS, -REPLAY_WINDOW_SECONDS]) {
      expect(verifyWebhook({ secret, body, timestamp: String(ts), signature, now: new Date(at.getTime() + skew * 1000) })).toEqual({ ok: true });
    }
  });

  test.each([
    ['a changed body', { body: body.replace('7', '8') }, 'bad signature'],
    ['another secret', { secret: 'another-secret-0123456789' }, 'bad signature'],
    ['a moved timestamp', { timestamp: String(ts + 1) }, 'bad signature'],
    ['no signature', { signature: undefined }, 'missing headers'],
    ['a timestamp that is not a number', { timestamp: '12a' }, 'missing headers'],
    ['a delivery older than the window', { now: new Date(at.getTime() + (REPLAY_WINDOW_SECONDS + 1) * 1000) }, 'outside the replay window'],
  ])('refuses %s', (_what, change, reason) => {
    const input = { secret, body, timestamp: String(ts), signature: signWebhook(secret, ts, body), now: at, ...change };
    expect(verifyWebhook(input)).toEqual({ ok: false, reason });
  });
});
