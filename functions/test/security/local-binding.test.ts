import { createServer, connect, type AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';

/** Every address of this machine that is not loopback (the LAN side a neighbour would reach). */
function outsideAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && !a.address.startsWith('fe80:'))
    .map((a) => a!.address);
}

/** Hex local addresses of the TCP sockets listening on `port` (Linux /proc/net/tcp and tcp6). */
function listeningSockets(port: number): string[] {
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [address, hexPort] = local.split(':');
      if (parseInt(hexPort!, 16) === port) out.push(address!);
    }
  }
  return out;
}

function tryConnect(host: string, port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const portOf = (endpoint: string) => Number(new URL(endpoint).port);

describe('local stand-ins listen on 127.0.0.1 only', () => {
  const addresses = outsideAddresses();
  // A control listener on every interface proves the outside addresses are reachable at all from here,
  // so a refused connection below means "bound to loopback", not "no route".
  const control = createServer((s) => s.destroy());
  let controlPort = 0;
  beforeAll(async () => {
    await new Promise<void>((r) => control.listen(0, '::', () => r()));
    controlPort = (control.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => control.close(() => r())));

  test('this machine has an outside address, and a server bound to every interface is reachable on it', async () => {
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(await tryConnect(address, controlPort)).toBe('connected');
  });

  for (const [name, key] of [
    ['DynamoDB Local', 'dynamoEndpoint'],
    ['s3rver', 's3Endpoint'],
  ] as const) {
    test(`${name} answers on 127.0.0.1 and refuses connections on every other address`, async () => {
      const port = portOf(inject(key));
      expect(await tryConnect('127.0.0.1', port)).toBe('connected');
      for (const address of addresses) expect({ address, result: await tryConnect(address, port) }).toEqual({ address, result: 'ECONNREFUSED' });
    });
  }

  test('no listening socket of either is bound to the wildcard address (read from /proc/net)', () => {
    for (const key of ['dynamoEndpoint', 's3Endpoint'] as const) {
      const sockets = listeningSockets(portOf(inject(key)));
      expect(sockets.length).toBeGreaterThan(0);
      expect(sockets.filter((address) => /^0+$/.test(address))).toEqual([]);
    }
  });
});
