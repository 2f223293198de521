import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WEBHOOK_HEADERS } from '../../src/modules/webhooks';

export interface ReceivedWebhook {
  eventId: string | undefined;
  type: string | undefined;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  /** The signature checked out with the receiver's secret, inside the replay window. */
  verified: boolean;
  reason?: string;
}

/**
 * A local webhook receiver, as an ERP integrator would write one (docs/webhooks.md): verifies each
 * delivery's signature over the raw body, refuses a bad one with 401, and processes each event id once
 * (a redelivered event is acknowledged with 200 and not processed again).
 */
export async function startWebhookReceiver(secret: string, options: { now?: () => Date } = {}) {
  const received: ReceivedWebhook[] = [];
  /** Events processed, in order, each once. */
  const processed: { id: string; type: string; data: unknown }[] = [];
  /** Answers to give, in order, before answering 200 (e.g. [500, 503] fails the first two). */
  const answers: number[] = [];
  /** While set, requests are held (not answered) and reported here. */
  let holding: ((r: ReceivedWebhook) => void) | undefined;
  const held: (() => void)[] = [];

  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const server: Server = createServer((req, res) => {
    void read(req).then((body) => {
      const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
      const timestamp = header(WEBHOOK_HEADERS.timestamp);
      const signature = header(WEBHOOK_HEADERS.signature);
      const check = verifyWebhook({ secret, body, timestamp, signature, ...(options.now ? { now: options.now() } : {}) });
      let event: { id?: string; type?: string; data?: unknown } = {};
      try {
        event = JSON.parse(body) as typeof event;
      } catch {
        // recorded as received; refused below when unsigned
      }
      const record: ReceivedWebhook = {
        eventId: header(WEBHOOK_HEADERS.id),
        type: event.type,
        body,
        timestamp,
        signature,
        verified: check.ok,
        ...(check.ok ? {} : { reason: check.reason }),
      };
      received.push(record);
      const answer = () => {
        if (!check.ok) return res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: check.reason }));
        const code = answers.shift() ?? 200;
        if (code === 200 && event.id && !processed.some((p) => p.id === event.id)) processed.push({ id: event.id, type: String(event.type), data: event.data });
        res.writeHead(code).end();
      };
      if (holding) {
        held.push(answer);
        holding(record);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    processed,
    answers,
    /** Holds every request from now on; resolves with the first one held. */
    hold(): Promise<ReceivedWebhook> {
      return new Promise((resolve) => {
        holding = (r) => {
          resolve(r);
        };
      });
    },
    /** Stops holding: answers the held requests (if their senders still listen) and every later one at once. */
    release() {
      holding = undefined;
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
