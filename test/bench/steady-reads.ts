/**
 * Reads at a steady rate, open loop (as wrk2 does): request i is due at start + i / rate, whether or not the
 * earlier ones have answered, and its latency counts from when it was due, not from when it could be sent.
 * So a server that stalls is charged for every request that waited behind the stall (no coordinated omission),
 * and the rate is smooth, not a burst each second (autocannon's `overallRate` sends a second's requests at once).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface SteadyResult {
  rate: number;
  sent: number;
  answered: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function steadyReads(
  baseUrl: string,
  path: () => string,
  rate: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<SteadyResult> {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const pending: Promise<void>[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = request({ host: url.hostname, port: url.port, path: path(), headers, agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.once('end', () => {
          latencies.push(performance.now() - due);
          if ((res.statusCode ?? 0) >= 300) non2xx += 1;
          resolve();
        });
      });
      req.once('timeout', () => req.destroy(new Error('timeout')));
      req.once('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });

  const start = performance.now();
  for (let i = 0; i < total;) {
    const now = performance.now();
    // Every request now due goes out; then wait about until the next one is due.
    while (i < total && start + (i * 1000) / rate <= now) {
      pending.push(send(start + (i * 1000) / rate));
      i += 1;
    }
    if (i < total) await new Promise((r) => setTimeout(r, Math.max(0, start + (i * 1000) / rate - performance.now())));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    rate,
    sent: total,
    answered: latencies.length,
    non2xx,
    errors,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
  };
}
