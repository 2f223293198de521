import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuoteRequest, WebhookDelivery, WebhookEndpoint } from '@parts/shared/schemas';
import { addDays, utcDay, type OfferInput } from '@parts/shared/quote-offers';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import { createWebhookSecrets, createWebhookWorker, signWebhook, WEBHOOK_HEADERS } from '../../src/modules/webhooks';
import { silentLogger } from '../../src/lib/logger';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';

/**
 * Signed webhooks (issue 28, ADR 123) through the app and a local receiver: the admin's endpoints and their
 * refusals, the events of the quote loop signed and delivered, retries with back-off, the delivery log and
 * Redeliver. The worker is the one the mailer Lambda and `npm start` run, on the API's clock.
 */

const SECRET = 'whsec-test-0123456789abcdef';
const secrets = createWebhookSecrets({ WEBHOOK_SECRETS: JSON.stringify({ erp: SECRET }), AWS_REGION: 'us-east-1' });
/** The API's and the worker's clock: the real one, moved forward by the retry test. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
let api: Api;
let admin: { cookie: string; username: string };
let buyer: { cookie: string; username: string; id: number };
let receiver: WebhookReceiver;
let parts: StoredPart[];
let endpoint: WebhookEndpoint;
const worker = () => createWebhookWorker({ webhooks: api.deps.webhooks, secrets, logger: silentLogger, now: clock });

beforeAll(async () => {
  api = await createApi({ now: clock, webhookSecrets: secrets });
  admin = await api.admin();
  buyer = await api.customer();
  // The receiver's clock is the sender's: the retry test moves both forward.
  receiver = await startWebhookReceiver(SECRET, { now: clock });
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  parts = [];
  for (let i = 0; i < 2; i++) parts.push(await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })));
});
afterAll(async () => {
  reportRejected('webhooks.test.ts');
  await receiver.close();
  await api.close();
});

async function json<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const body = await r.text();
  expect(r.status, body).toBe(status);
  return (body ? JSON.parse(body) : undefined) as T;
}

const addEndpoint = (input: unknown, cookie = admin.cookie) => api.call('POST', '/api/admin/webhooks/endpoints', { cookie, json: input });
const deliveries = async () => (await json<{ data: WebhookDelivery[] }>(api.call('GET', '/api/admin/webhooks/deliveries', { cookie: admin.cookie }), 200)).data;

async function submitRequest(): Promise<QuoteRequest> {
  return json<QuoteRequest>(
    api.call('POST', '/api/quote-requests', {
      cookie: buyer.cookie,
      json: {
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        items: [
          { partId: parts[0]!.id, quantity: 1000, reference: 'POS-10' },
          { partId: parts[1]!.id, quantity: 5 },
        ],
      },
    }),
    201,
  );
}

const offer = (): OfferInput => ({
  basedOnVersion: 0,
  validUntil: addDays(utcDay(clock()), 14),
  lines: [
    { itemId: 1, status: 'offered', quantity: 1000, unitPriceMicros: 1_500_000, priceBreaks: [], leadTime: 14, minimumOrderQuantity: 1 },
    { itemId: 2, status: 'offered', quantity: 5, unitPriceMicros: 20_000_000, priceBreaks: [], leadTime: 'in_stock', minimumOrderQuantity: 1 },
  ],
});

describe('endpoints', () => {
  test('only the admin reads or changes webhooks', async () => {
    await expectRejected(api.call('GET', '/api/admin/webhooks/deliveries'), 401);
    await expectRejected(api.call('GET', '/api/admin/webhooks/endpoints', { cookie: buyer.cookie }), 403);
    await expectRejected(addEndpoint({ url: receiver.url, events: ['quote.submitted'], secretName: 'erp' }, buyer.cookie), 403);
    await expectRejected(api.call('POST', '/api/admin/webhooks/deliveries/x/redeliver', { cookie: buyer.cookie }), 403);
  });

  test.each([
    ['not a URL', 'erp.example.com/hooks', /^Enter a valid URL/],
    ['another scheme', 'ftp://erp.example.com/hooks', /^Use an https:\/\/ URL/],
    ['plain http to another host', 'http://erp.example.com/hooks', /^Use an https:\/\/ URL/],
    ['a user and password', 'https://erp:pw@erp.example.com/hooks', /^Leave the user name and password out/],
    ['the metadata address', 'https://169.254.169.254/latest/meta-data', /private, loopback or link-local/],
    ['a private address', 'https://10.0.0.8/hooks', /private, loopback or link-local/],
  ])('refuses %s with 400 and a message', async (_what, url, message) => {
    await expectRejected(addEndpoint({ url, events: ['quote.submitted'], secretName: 'erp' }), 400, message);
  });

  test('refuses a secret name that is not configured, and no events', async () => {
    await expectRejected(addEndpoint({ url: receiver.url, events: ['quote.submitted'], secretName: 'nope' }), 400, /No webhook secret named "nope"/);
    await expectRejected(addEndpoint({ url: receiver.url, events: [], secretName: 'erp' }), 400);
    await expectRejected(addEndpoint({ url: receiver.url, events: ['order.shipped'], secretName: 'erp' }), 400);
  });

  test('the admin adds an endpoint for the quote events (the secret stays outside the table)', async () => {
    endpoint = await json<WebhookEndpoint>(
      addEndpoint({ url: receiver.url, events: ['quote.submitted', 'offer.sent', 'offer.accepted'], secretName: 'erp' }),
      201,
    );
    expect(endpoint).toMatchObject({ url: receiver.url, secretName: 'erp' });
    expect(JSON.stringify(endpoint)).not.toContain(SECRET);
    const list = await json<{ data: WebhookEndpoint[] }>(api.call('GET', '/api/admin/webhooks/endpoints', { cookie: admin.cookie }), 200);
    expect(list.data.map((e) => e.id)).toEqual([endpoint.id]);
  });
});

describe('delivery', () => {
  test('quote.submitted, offer.sent and offer.accepted reach the receiver signed, each once', async () => {
    const request = await submitRequest();
    await json(api.call('POST', `/api/quote-requests/${request.id}/offers`, { cookie: admin.cookie, json: offer() }), 201);
    await json(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, {
        cookie: buyer.cookie,
        json: {
          lines: [
            { itemId: 1, choice: 'offered' },
            { itemId: 2, choice: 'declined' },
          ],
        },
      }),
      200,
    );
    expect(await worker().processDue()).toEqual({ delivered: 3, failed: 0, skipped: 0 });

    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.processed.map((p) => p.type)).toEqual(['quote.submitted', 'offer.sent', 'offer.accepted']);
    const [submitted, sent, accepted] = receiver.processed;
    expect(submitted!.data).toMatchObject({
      quoteId: request.id,
      customer: { name: 'Ada Lovelace' },
      lines: [{ itemId: 1, quantity: 1000, reference: 'POS-10' }, { itemId: 2 }],
    });
    expect(sent!.data).toMatchObject({ quoteId: request.id, version: 1, totalCents: 160_000 });
    expect(accepted!.data).toMatchObject({
      quoteId: request.id,
      version: 1,
      acceptedTotalCents: 150_000,
      lines: [
        { itemId: 1, choice: 'offered' },
        { itemId: 2, choice: 'declined' },
      ],
    });

    // The body is the event; the headers carry its id, the time and HMAC-SHA256(secret, timestamp + "." + body).
    const first = receiver.received[0]!;
    const body = JSON.parse(first.body) as { id: string; type: string; time: string; data: unknown };
    expect(Object.keys(body).sort()).toEqual(['data', 'id', 'time', 'type']);
    expect(first.eventId).toBe(body.id);
    expect(first.signature).toBe(signWebhook(SECRET, Number(first.timestamp), first.body));

    const log = await deliveries();
    expect(log.slice(0, 3).map((d) => [d.eventType, d.state, d.responseCode])).toEqual([
      ['offer.accepted', 'delivered', 200],
      ['offer.sent', 'delivered', 200],
      ['quote.submitted', 'delivered', 200],
    ]);
    expect(JSON.stringify(log)).not.toContain('"body"');
  });

  test('the order: offer.accepted carries the PO number; confirming sends order.confirmed and order.line_rejected, signed, once', async () => {
    await json(addEndpoint({ url: receiver.url, events: ['order.confirmed', 'order.line_rejected'], secretName: 'erp' }), 201);
    const request = await submitRequest();
    await json(api.call('POST', `/api/quote-requests/${request.id}/offers`, { cookie: admin.cookie, json: offer() }), 201);
    await json(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, {
        cookie: buyer.cookie,
        json: {
          lines: [
            { itemId: 1, choice: 'offered' },
            { itemId: 2, choice: 'offered' },
          ],
          purchaseOrder: { number: 'PO-4711' },
        },
      }),
      200,
    );
    await json(
      api.call('POST', `/api/quote-requests/${request.id}/order/confirm`, {
        cookie: admin.cookie,
        json: {
          lines: [
            { itemId: 1, shipDate: addDays(utcDay(clock()), 7) },
            { itemId: 2, rejectReason: 'Discontinued by the maker' },
          ],
        },
      }),
      200,
    );
    const before = receiver.processed.length;
    expect(await worker().processDue()).toEqual({ delivered: 5, failed: 0, skipped: 0 });

    const mine = receiver.processed.slice(before).filter((p) => (p.data as { quoteId: number }).quoteId === request.id);
    expect(mine.map((p) => p.type).sort()).toEqual(['offer.accepted', 'offer.sent', 'order.confirmed', 'order.line_rejected', 'quote.submitted']);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(mine.find((p) => p.type === 'offer.accepted')!.data).toMatchObject({ purchaseOrderNumber: 'PO-4711' });
    expect(mine.find((p) => p.type === 'order.confirmed')!.data).toMatchObject({
      quoteId: request.id,
      state: 'confirmed',
      purchaseOrderNumber: 'PO-4711',
      confirmedTotalCents: 150_000,
      lineCount: 2,
      lines: [
        { itemId: 1, state: 'confirmed', shipDate: addDays(utcDay(clock()), 7), reference: 'POS-10' },
        { itemId: 2, state: 'rejected', rejectReason: 'Discontinued by the maker' },
      ],
    });
    expect(mine.find((p) => p.type === 'order.line_rejected')!.data).toMatchObject({
      lineCount: 1,
      lines: [{ itemId: 2, state: 'rejected', rejectReason: 'Discontinued by the maker' }],
    });
  });

  test('a refused delivery is retried with back-off until the receiver takes it', async () => {
    receiver.answers.push(500, 503);
    const before = receiver.processed.length;
    const request = await submitRequest();
    expect(await worker().processDue()).toMatchObject({ delivered: 0, failed: 1 });
    let [latest] = await deliveries();
    expect(latest).toMatchObject({ eventType: 'quote.submitted', state: 'pending', attempts: 1, responseCode: 500, lastError: 'The endpoint answered 500' });
    expect(Date.parse(latest!.dueAt!) - Date.parse(latest!.lastAttemptAt!)).toBe(60_000);

    // Not due yet: nothing is sent.
    expect(await worker().processDue()).toMatchObject({ delivered: 0, failed: 0 });
    offset += 60_000;
    expect(await worker().processDue()).toMatchObject({ failed: 1 });
    [latest] = await deliveries();
    expect(latest).toMatchObject({ state: 'pending', attempts: 2, responseCode: 503 });
    expect(Date.parse(latest!.dueAt!) - Date.parse(latest!.lastAttemptAt!)).toBe(5 * 60_000);

    offset += 5 * 60_000;
    expect(await worker().processDue()).toMatchObject({ delivered: 1 });
    [latest] = await deliveries();
    expect(latest).toMatchObject({ state: 'delivered', attempts: 3, responseCode: 200 });
    expect(receiver.processed.slice(before).map((p) => (p.data as { quoteId: number }).quoteId)).toEqual([request.id]);
  });

  test('Redeliver sends the same event again, newly signed; the receiver takes it once', async () => {
    // Signed timestamps are whole seconds: the redelivery happens 2 s after the first delivery, not within the same second.
    offset += 2_000;
    const [latest] = await deliveries();
    const times = receiver.received.filter((r) => r.eventId === latest!.eventId).length;
    const processed = receiver.processed.length;
    const queued = await json<WebhookDelivery>(api.call('POST', `/api/admin/webhooks/deliveries/${latest!.id}/redeliver`, { cookie: admin.cookie }), 200);
    expect(queued).toMatchObject({ id: latest!.id, state: 'pending' });
    expect(await worker().processDue()).toMatchObject({ delivered: 1 });
    const again = receiver.received.filter((r) => r.eventId === latest!.eventId);
    expect(again).toHaveLength(times + 1);
    expect(again.at(-1)!.verified).toBe(true);
    expect(again.at(-1)!.timestamp).not.toBe(again.at(-2)!.timestamp);
    expect(receiver.processed).toHaveLength(processed);
    await expectRejected(
      api.call('POST', '/api/admin/webhooks/deliveries/evt_nope.we_nope/redeliver', { cookie: admin.cookie }),
      404,
      'Webhook delivery not found',
    );
  });

  test('the receiver refuses a forged or replayed delivery', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'offer.accepted', time: clock().toISOString(), data: {} });
    const now = Math.floor(clock().getTime() / 1000);
    const post = (timestamp: number, signature: string) =>
      fetch(receiver.url, { method: 'POST', headers: { [WEBHOOK_HEADERS.timestamp]: String(timestamp), [WEBHOOK_HEADERS.signature]: signature }, body });
    expect((await post(now, signWebhook('another-secret-0123456789', now, body))).status).toBe(401);
    expect((await post(now - 600, signWebhook(SECRET, now - 600, body))).status).toBe(401);
    expect(receiver.received.slice(-2).map((r) => r.reason)).toEqual(['bad signature', 'outside the replay window']);
    expect(receiver.processed.some((p) => p.id === 'evt_forged')).toBe(false);
  });

  test('once the endpoint is removed, new events make no deliveries for it', async () => {
    await json(api.call('DELETE', `/api/admin/webhooks/endpoints/${endpoint.id}`, { cookie: admin.cookie }), 204);
    await expectRejected(api.call('DELETE', `/api/admin/webhooks/endpoints/${endpoint.id}`, { cookie: admin.cookie }), 404);
    const count = (await deliveries()).length;
    await submitRequest();
    expect(await deliveries()).toHaveLength(count);
  });
});
