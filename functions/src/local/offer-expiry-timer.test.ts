import { afterEach, describe, expect, test, vi } from 'vitest';
import { silentLogger } from '../lib/logger';
import { startOfferExpiryTimer } from './offer-expiry-timer';

afterEach(() => {
  vi.useRealTimers();
});

describe('the local offer expiry timer', () => {
  test('runs the job at start and then every interval, never two runs at once, and stops', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: (() => void) | undefined;
    const job = {
      run: vi.fn(async () => {
        runs++;
        await new Promise<void>((resolve) => (finish = resolve));
        return { expired: 0, skipped: 0, reminded: 0 };
      }),
    };
    const timer = startOfferExpiryTimer({ job, intervalMs: 60_000, logger: silentLogger });
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1); // the first run is still going
    finish!();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    finish!();
    await timer.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(runs).toBe(2);
  });

  test('a failed run is logged and the next one still happens', async () => {
    vi.useFakeTimers();
    const error = vi.fn();
    const job = { run: vi.fn(async () => Promise.reject(new Error('table unreachable'))) };
    const timer = startOfferExpiryTimer({ job, intervalMs: 1000, logger: { ...silentLogger, error } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(job.run).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith('quote.expiry_failed', { error: 'Error: table unreachable' });
    await timer.stop();
  });
});
