import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, inject, test } from 'vitest';
import type { WebhookDelivery } from '@parts/shared/schemas';
import { freePort, waitFor } from '@parts/functions/local/aws-local';
import { startWebhookReceiver, type WebhookReceiver } from '../../functions/test/support/webhook-receiver';

/**
 * Issue 28 with real processes (ADR 123): `npm start`'s server is killed with SIGKILL while a webhook
 * delivery is in flight (the receiver holds the request), with more deliveries queued behind it, and
 * started again on the same table. The receiver then has every event, each processed once, every
 * delivery correctly signed: the one in flight arrives a second time with the same event id (at least
 * once) and is deduplicated by the receiver; the ones queued behind it arrive once.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'whsec-crash-test-0123456789';
const ADMIN = { username: 'hook-admin', password: 'hook-password-1' };
const EVENTS = 3;
// Two starts of the local server (tsx, no Java: the harness's DynamoDB Local and s3rver) on a shared 2-core machine.
const SLOW = 120_000;

interface Run {
  child: ChildProcess;
  output(): string;
  closed: Promise<void>;
}
const runs: Run[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'parts-hook-crash-'));
const table = `hook-crash-${process.pid}-${Date.now()}`;
let port = 0;
let receiver: WebhookReceiver | undefined;
const base = () => `http://127.0.0.1:${port}`;

function launch(): Run {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    TABLE_NAME: table,
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
    S3_ENDPOINT: inject('s3Endpoint'),
    SEED_PARTS: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    MAIL_TRANSPORT: 'none',
    MAIL_CATCHER: 'false',
    WEBHOOK_SECRETS: JSON.stringify({ erp: SECRET }),
    // A crashed attempt is due again after 2 s; the sweep looks every second.
    WEBHOOK_LEASE_SECONDS: '2',
    WEBHOOK_SWEEP_SECONDS: '1',
  };
  // Its own process group: SIGKILL to the group is a crash of the whole tree.
  const child = spawn(process.execPath, ['--import', 'tsx', 'functions/src/local/start.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const run = { child, output: () => output, closed };
  runs.push(run);
  return run;
}

async function until(run: Run, check: () => Promise<boolean>, what: string): Promise<void> {
  await waitFor(
    async () => {
      if (run.child.exitCode !== null || run.child.signalCode !== null) throw new Error(`npm start exited while waiting for ${what}:\n${run.output()}`);
      return check();
    },
    SLOW,
    what,
  ).catch((err: unknown) => {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nOutput so far:\n${run.output()}`);
  });
}

async function api<T>(path: string, init: { method?: string; cookie?: string; json?: unknown } = {}): Promise<{ status: number; body: T; cookie?: string }> {
  const headers: Record<string, string> = { origin: base() };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  const text = await res.text();
  const cookie = /(session=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, ...(cookie ? { cookie } : {}) };
}

afterAll(async () => {
  for (const run of runs) {
    if (run.child.exitCode === null && run.child.signalCode === null) process.kill(-run.child.pid!, 'SIGKILL');
    await run.closed;
  }
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test(
  'kill -9 mid-delivery and a restart: the receiver processes each event once, every delivery signed',
  async () => {
    port = await freePort();
    receiver = await startWebhookReceiver(SECRET);
    const first = launch();
    await until(first, async () => (await fetch(`${base()}/api/health`).catch(() => undefined))?.status === 200, 'GET /api/health 200');

    const login = await api('/api/auth/login', { method: 'POST', json: ADMIN });
    expect(login.status).toBe(200);
    const admin = login.cookie!;
    const added = await api('/api/admin/webhooks/endpoints', {
      method: 'POST',
      cookie: admin,
      json: { url: receiver.url, events: ['quote.submitted'], secretName: 'erp' },
    });
    expect(added.status).toBe(201);
    const register = await api('/api/auth/register', { method: 'POST', json: { username: 'hook-buyer', password: 'secret1', email: 'buyer@example.com' } });
    expect(register.status).toBe(201);

    // The first delivery is held by the receiver: the server waits for its answer when it is killed.
    const held = receiver.hold();
    const quoteIds: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const res = await api<{ id: number }>('/api/quote-requests', {
        method: 'POST',
        cookie: register.cookie!,
        json: { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', items: [{ freeText: { partNumber: `PN-${i}` }, quantity: 10 + i }] },
      });
      expect(res.status).toBe(201);
      quoteIds.push(res.body.id);
    }
    const inFlight = await held;
    process.kill(-first.child.pid!, 'SIGKILL');
    await first.closed;
    // The answer the ERP sends after its work is done never reaches the dead sender.
    receiver.release();
    expect(receiver.received).toHaveLength(1);

    const second = launch();
    await until(second, async () => (await fetch(`${base()}/api/health`).catch(() => undefined))?.status === 200, 'GET /api/health 200 after the restart');
    const again = (await api('/api/auth/login', { method: 'POST', json: ADMIN })).cookie!;
    const log = async () => (await api<{ data: WebhookDelivery[] }>('/api/admin/webhooks/deliveries', { cookie: again })).body.data;
    await until(second, async () => (await log()).filter((d) => d.state === 'delivered').length === EVENTS, `${EVENTS} deliveries delivered`);

    const processed = receiver.processed.map((p) => (p.data as { quoteId: number }).quoteId);
    expect(processed.sort()).toEqual([...quoteIds].sort());
    expect(new Set(receiver.processed.map((p) => p.id)).size).toBe(EVENTS);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // At least once: the delivery in flight came twice with one event id; the others once.
    const receipts = new Map<string, number>();
    for (const r of receiver.received) receipts.set(r.eventId!, (receipts.get(r.eventId!) ?? 0) + 1);
    expect(receipts.get(inFlight.eventId!)).toBe(2);
    expect([...receipts.values()].sort()).toEqual([1, 1, 2]);
  },
  SLOW * 3,
);
