import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createLogger } from '../../src/lib/logger';
import { waitFor } from '../../src/local/aws-local';
import { createTestDeps, type TestDeps } from '../support/test-deps';

/** Clients that give up mid-body, against the real Node HTTP server: their own doing, not a server error. */
describe('client aborts', () => {
  const lines: { level: string; event: string; stack?: unknown; [k: string]: unknown }[] = [];
  let deps: TestDeps;
  let server: ServerType;
  let port: number;

  beforeAll(async () => {
    const logger = createLogger('debug', (line) => lines.push(JSON.parse(line) as (typeof lines)[number]));
    deps = await createTestDeps({ logger });
    server = serve({ fetch: buildApp(deps).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await deps.close();
  });

  /** Writes raw bytes, then (optionally after `thenClose`) ends the connection; resolves once the socket closed. */
  async function send(raw: string, thenClose: boolean) {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(raw);
        if (thenClose) socket.end();
      });
      socket.on('data', () => undefined);
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
    });
  }

  const chunked = (path: string, body: string) =>
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body}`;

  it('a malformed chunked body and a body cut short are logged at info, without a stack trace', async () => {
    await send(chunked('/api/auth/login', '5\r\n{"use\r\nZZ-not-hex\r\n\r\n'), false);
    await send(chunked('/api/auth/register', '40\r\n{"username":"half'), true);
    await waitFor(async () => lines.filter((l) => l.event === 'client_aborted').length >= 2, 10_000, 'the aborts were not logged');
    const aborts = lines.filter((l) => l.event === 'client_aborted');
    expect(aborts.map((l) => l.level)).toEqual(['info', 'info']);
    expect(aborts.map((l) => l.path).sort()).toEqual(['/api/auth/login', '/api/auth/register']);
    expect(aborts.every((l) => l.stack === undefined)).toBe(true);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('the server still answers afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-here', password: 'wrong-password' }),
    });
    expect(res.status).toBe(401);
  });
});
