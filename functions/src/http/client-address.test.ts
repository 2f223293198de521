import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { clientAddress, parseViewerAddress } from './client-address';

const appWith = (trustCloudFrontViewerAddress: boolean) => new Hono().get('/ip', (c) => c.text(clientAddress(c, { trustCloudFrontViewerAddress })));

async function addressOf(app: Hono, headers: Record<string, string> = {}, env?: unknown): Promise<string> {
  return (await app.request('/ip', { headers }, env)).text();
}

const lambdaEnv = (sourceIp: string) => {
  const requestContext = { http: { method: 'POST', path: '/api/auth/login', sourceIp } };
  return { event: { version: '2.0', requestContext }, requestContext, lambdaContext: {} };
};

describe('parseViewerAddress', () => {
  test.each([
    ['198.51.100.10:46532', '198.51.100.10'],
    ['[2001:db8::8a2e:370:7334]:443', '2001:db8::8a2e:370:7334'],
    ['2001:db8::8a2e:370:7334:443', '2001:db8::8a2e:370:7334'],
    ['2001:DB8:0:0:0:0:0:1:50000', '2001:db8:0:0:0:0:0:1'],
    ['[::1]', '::1'],
    ['203.0.113.5', '203.0.113.5'],
    [' 192.0.2.1:80 ', '192.0.2.1'],
  ])('%s → %s', (value, expected) => {
    expect(parseViewerAddress(value)).toBe(expected);
  });

  test.each([undefined, '', 'unknown', 'evil.example:80', '999.1.1.1:80', '[not-ip]:80', '1.2.3.4:port', `${'1'.repeat(70)}:80`, '198.51.100.10, 10.0.0.1'])(
    'rejects %s',
    (value) => {
      expect(parseViewerAddress(value)).toBeUndefined();
    },
  );
});

describe('clientAddress', () => {
  test('behind CloudFront: the viewer address header wins over the peer and X-Forwarded-For', async () => {
    const app = appWith(true);
    const headers = { 'cloudfront-viewer-address': '198.51.100.10:46532', 'x-forwarded-for': '10.9.9.9' };
    expect(await addressOf(app, headers, lambdaEnv('130.176.1.1'))).toBe('198.51.100.10');
    expect(await addressOf(app, { 'cloudfront-viewer-address': '[2001:db8::1]:443' })).toBe('2001:db8::1');
  });

  test('behind CloudFront with a missing or broken header: the direct peer', async () => {
    const app = appWith(true);
    expect(await addressOf(app, {}, lambdaEnv('130.176.1.1'))).toBe('130.176.1.1');
    expect(await addressOf(app, { 'cloudfront-viewer-address': 'garbage' }, lambdaEnv('130.176.1.1'))).toBe('130.176.1.1');
  });

  test('not behind CloudFront: a client-sent CloudFront-Viewer-Address or X-Forwarded-For is ignored', async () => {
    const app = appWith(false);
    const forged = { 'cloudfront-viewer-address': '198.51.100.10:46532', 'x-forwarded-for': '198.51.100.11' };
    expect(await addressOf(app, forged, lambdaEnv('203.0.113.7'))).toBe('203.0.113.7');
    expect(await addressOf(app, forged)).toBe('unknown');
  });

  test('on Lambda without the event shape, or with a non-IP sourceIp: unknown', async () => {
    const app = appWith(false);
    expect(await addressOf(app, {}, { event: {} })).toBe('unknown');
    expect(await addressOf(app, {}, lambdaEnv('not-an-ip'))).toBe('unknown');
  });

  test('on the local Node server: the socket address', async () => {
    const app = appWith(false);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/ip`, { headers: { 'x-forwarded-for': '198.51.100.11' } });
      expect(await res.text()).toBe('127.0.0.1');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
