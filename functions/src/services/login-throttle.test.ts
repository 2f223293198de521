import { expect, test } from 'vitest';
import { createMemoryLoginThrottle } from './login-throttle';

test('blocks a key after the allowed failures and frees it when the window passes', () => {
  const throttle = createMemoryLoginThrottle({ maxFailures: 3, windowMs: 60_000 });
  const t0 = new Date('2026-01-01T00:00:00Z');
  for (let i = 0; i < 3; i++) throttle.recordFailure(['user:a', 'addr:1'], t0);
  expect(throttle.blockedFor(['user:a'], t0)).toBe(60);
  expect(throttle.blockedFor(['addr:1'], t0)).toBe(60);
  expect(throttle.blockedFor(['user:b', 'addr:2'], t0)).toBe(0);
  expect(throttle.blockedFor(['user:a'], new Date(t0.getTime() + 60_001))).toBe(0);
  throttle.recordFailure(['user:c'], t0);
  throttle.reset('user:c');
  expect(throttle.blockedFor(['user:c'], t0)).toBe(0);
});

test('memory stays bounded by maxKeys', () => {
  const throttle = createMemoryLoginThrottle({ maxFailures: 1, windowMs: 60_000, maxKeys: 10 });
  const now = new Date();
  for (let i = 0; i < 100; i++) throttle.recordFailure([`addr:${i}`], now);
  expect(throttle.blockedFor(['addr:99'], now)).toBeGreaterThan(0);
  expect(throttle.blockedFor(['addr:0'], now)).toBe(0);
});
