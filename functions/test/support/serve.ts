import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** Serves a fetch handler on 127.0.0.1 at a free port, as `npm start` does; for tests that need real sockets. */
export async function serveOnLoopback(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      }),
  };
}
