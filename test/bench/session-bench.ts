/**
 * npm run bench:session [-- --requests 500]
 * What revocable sessions cost per request: the same public read (GET /api/categories) with and without
 * a session cookie, interleaved, against DynamoDB Local started here. With a cookie the session
 * middleware verifies the JWT and reads the user and session items in one consistent BatchGetItem
 * (http/session.ts); the difference of the medians is that cost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@parts/functions/app';
import { loadEnv } from '@parts/functions/config/env';
import { silentLogger } from '@parts/functions/lib/logger';
import { hashPassword } from '@parts/functions/modules/accounts/password';
import { startDynamoLocal, startS3Local } from '@parts/functions/local/aws-local';
import { createLocalDeps } from '@parts/functions/local/local-deps';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const REQUESTS = Number(args.get('requests') ?? 500);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'session-bench-'));
  const [dynamo, s3] = await Promise.all([startDynamoLocal(), startS3Local({ directory: join(dir, 's3'), buckets: ['bench-attachments', 'bench-staging'] })]);
  const env = loadEnv({
    NODE_ENV: 'test',
    TABLE_NAME: 'session-bench',
    ATTACHMENTS_BUCKET: 'bench-attachments',
    STAGING_BUCKET: 'bench-staging',
    LOG_LEVEL: 'error',
  });
  const local = await createLocalDeps({
    env,
    logger: silentLogger,
    jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret!'),
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    searchFile: join(dir, 'search.sqlite'),
  });
  try {
    const { deps } = local;
    const app = buildApp(deps);
    await deps.users.upsertAdmin({ username: 'bench-admin', isAdmin: true, passwordHash: await hashPassword('bench-pass') });
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench-admin', password: 'bench-pass' }),
    });
    const cookie = /session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    const time = async (headers: Record<string, string>) => {
      const t = performance.now();
      const res = await app.request('/api/categories', { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      return performance.now() - t;
    };
    // Warm-up: JIT, connection pool.
    for (let i = 0; i < 50; i++) await Promise.all([time({}), time({ cookie })]);
    const without: number[] = [];
    const withCookie: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      without.push(await time({}));
      withCookie.push(await time({ cookie }));
    }
    without.sort((a, b) => a - b);
    withCookie.sort((a, b) => a - b);
    const row = (name: string, xs: number[]) => `${name.padEnd(16)} median ${quantile(xs, 0.5).toFixed(2)} ms   p95 ${quantile(xs, 0.95).toFixed(2)} ms`;
    console.log(`${REQUESTS} requests each, GET /api/categories, DynamoDB Local`);
    console.log(row('no cookie', without));
    console.log(row('session cookie', withCookie));
    console.log(`session check: +${(quantile(withCookie, 0.5) - quantile(without, 0.5)).toFixed(2)} ms per request (median)`);
  } finally {
    await local.close().catch(() => undefined);
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
