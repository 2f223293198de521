import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { extractText } from 'unpdf';
import type { QuoteRequest } from '@parts/shared/schemas';
import { addDays, utcDay, type Offer, type QuoteRequestDetail } from '@parts/shared/quote-offers';
import type { Order } from '@parts/shared/orders';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { createApi, expectRejected, reportRejected, sessionCookie, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import { buildApp } from '../../src/app';

/**
 * Issue 28, "purchase order" (ADR 121): accepting places an order with the buyer's PO; the reseller confirms
 * it once with a ship date per line (or rejects lines with a reason); the request is then completed.
 */

let clock = new Date();
let api: Api;
let admin: { cookie: string; username: string };
let buyer: { cookie: string; username: string; id: number };
let other: { cookie: string; username: string; id: number };
let parts: StoredPart[];

beforeAll(async () => {
  api = await createApi({ now: () => clock });
  admin = await api.admin();
  buyer = await api.customer();
  other = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  parts = [];
  for (let i = 0; i < 5; i++) parts.push(await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })));
});
afterAll(async () => {
  reportRejected('quote-order.test.ts');
  await api.close();
});

const today = () => utcDay(clock);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(800, 0x20)]);

async function json<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const body = await r.text();
  expect(r.status, body).toBe(status);
  return JSON.parse(body) as T;
}

async function upload(fileName: string, data: Buffer, contentType = 'application/pdf'): Promise<string> {
  const signed = await json<{ key: string; url: string; headers: Record<string, string> }>(
    api.call('POST', '/api/uploads/attachments', { cookie: buyer.cookie, json: { fileName, contentType, size: data.length } }),
    201,
  );
  expect((await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: new Uint8Array(data) })).ok).toBe(true);
  return signed.key;
}

/** A request of 4 lines (references, needed-by dates) with version 1 of an offer on all four; line 2 has an alternative. */
async function offered(validDays = 10): Promise<QuoteRequest> {
  const request = await json<QuoteRequest>(
    api.call('POST', '/api/quote-requests', {
      cookie: buyer.cookie,
      json: {
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        customerCompany: 'Engines Ltd',
        items: [0, 1, 2, 3].map((i) => ({ partId: parts[i]!.id, quantity: 1000 * (i + 1), reference: `POS-${i + 1}`, neededBy: addDays(today(), 30 + i) })),
      },
    }),
    201,
  );
  await json<{ offer: Offer }>(
    api.call('POST', `/api/quote-requests/${request.id}/offers`, {
      cookie: admin.cookie,
      json: {
        basedOnVersion: 0,
        validUntil: addDays(today(), validDays),
        lines: [1, 2, 3, 4].map((itemId) => ({
          itemId,
          status: 'offered',
          quantity: 1000 * itemId,
          unitPriceMicros: 1_500_000,
          priceBreaks: [],
          leadTime: 10,
          minimumOrderQuantity: 1,
          ...(itemId === 2 ? { alternative: { partId: parts[4]!.id, unitPriceMicros: 1_200_000 } } : {}),
        })),
      },
    }),
    201,
  );
  return request;
}

const accept = (id: number, extra: Record<string, unknown> = {}, cookie = buyer.cookie) =>
  api.call('POST', `/api/quote-requests/${id}/offers/1/accept`, {
    cookie,
    json: {
      lines: [
        { itemId: 1, choice: 'offered' },
        { itemId: 2, choice: 'alternative' },
        { itemId: 3, choice: 'offered' },
        { itemId: 4, choice: 'declined' },
      ],
      ...extra,
    },
  });
const confirm = (id: number, lines: unknown, cookie = admin.cookie) => api.call('POST', `/api/quote-requests/${id}/order/confirm`, { cookie, json: { lines } });

async function mailsOf(quoteId: number, kind: string) {
  const { Items = [] } = await api.deps.doc.send(
    new ScanCommand({
      TableName: api.deps.tableName,
      FilterExpression: '#t = :o AND quoteId = :q AND kind = :k',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':o': 'outbox', ':q': quoteId, ':k': kind },
      ConsistentRead: true,
    }),
  );
  return Items as { toAccount?: string; to: string[]; subject: string; text: string }[];
}

describe('accepting places an order with the purchase order', () => {
  test('3 of 4 lines with a PO number and a PO document become an order with prices, the alternative, references and dates', async () => {
    const request = await offered();
    const documentKey = await upload('PO 7781.pdf', PDF);
    const answer = await json<{ quote: QuoteRequest; order: Order }>(accept(request.id, { purchaseOrder: { number: ' PO-7781 ', documentKey } }), 200);
    expect(answer.quote.status).toBe('approved');
    const order = await json<Order>(api.call('GET', `/api/quote-requests/${request.id}/order`, { cookie: buyer.cookie }), 200);
    expect(order).toMatchObject({
      quoteId: request.id,
      version: 1,
      state: 'placed',
      placedBy: buyer.username,
      customerCompany: 'Engines Ltd',
      purchaseOrder: { number: 'PO-7781', document: { fileName: 'PO 7781.pdf', contentType: 'application/pdf' } },
      totalCents: 1000 * 150 + 2000 * 120 + 3000 * 150,
    });
    expect(order.purchaseOrder.document?.url).toBeTruthy();
    expect(order.lines.map((l) => [l.itemId, l.partNumber, l.quantity, l.unitPriceMicros, l.reference, l.neededBy, l.state])).toEqual([
      [1, parts[0]!.partNumber, 1000, 1_500_000, 'POS-1', addDays(today(), 30), 'open'],
      [2, parts[4]!.partNumber, 2000, 1_200_000, 'POS-2', addDays(today(), 31), 'open'],
      [3, parts[2]!.partNumber, 3000, 1_500_000, 'POS-3', addDays(today(), 32), 'open'],
    ]);
    expect(order.lines[1]!.insteadOf).toEqual({ partNumber: parts[1]!.partNumber, name: parts[1]!.name });
    // The buyer's request page reads it with the request.
    const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: buyer.cookie }), 200);
    expect(detail.order?.state).toBe('placed');
    expect(detail.poNumber).toBe('optional');
    // The PO number reaches both sides' acceptance mails.
    const mails = await mailsOf(request.id, 'quote.offer_accepted');
    expect(mails.map((m) => m.text.includes('purchase order number: PO-7781'))).toEqual([true, true]);
  });

  test('the PO number is optional by default; an unchecked or wrong PO document is refused and nothing is accepted', async () => {
    const request = await offered();
    await expectRejected(accept(request.id, { purchaseOrder: { documentKey: 'uploads/attachments/1/nope/x.pdf' } }), 400);
    const fake = await upload('po.pdf', Buffer.from('MZ this is an executable, not a PDF at all'.padEnd(200, ' ')));
    await expectRejected(accept(request.id, { purchaseOrder: { documentKey: fake } }), 400);
    await expectRejected(accept(request.id, { purchaseOrder: { number: 'x'.repeat(61) } }), 400);
    expect((await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: buyer.cookie }), 200)).offer?.state).toBe('open');
    const answer = await json<{ order: Order }>(accept(request.id), 200);
    expect(answer.order.purchaseOrder).toEqual({});
  });

  test('with SITE_PO_NUMBER=required the server refuses an acceptance without a PO number', async () => {
    const strict = buildApp({ ...api.deps, env: { ...api.deps.env, SITE_PO_NUMBER: 'required' } });
    const request = await offered();
    const call = (body: unknown) =>
      strict.request(`/api/quote-requests/${request.id}/offers/1/accept`, {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const lines = [1, 2, 3, 4].map((itemId) => ({ itemId, choice: 'offered' }));
    await expectRejected(call({ lines }), 400, 'Enter your purchase order (PO) number');
    await expectRejected(call({ lines, purchaseOrder: { number: '   ' } }), 400, 'Enter your purchase order (PO) number');
    const detail = (await (await strict.request(`/api/quote-requests/${request.id}`, { headers: { cookie: buyer.cookie } })).json()) as QuoteRequestDetail;
    expect(detail.poNumber).toBe('required');
    expect((await call({ lines, purchaseOrder: { number: 'PO-1' } })).status).toBe(200);
  });

  test('accepting after the validity date is refused and places no order', async () => {
    const request = await offered(1);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 3 * 86_400_000);
      const login = await api.call('POST', '/api/auth/login', { json: { username: buyer.username, password: 'secret1' } });
      await expectRejected(accept(request.id, { purchaseOrder: { number: 'PO-9' } }, sessionCookie(login)), 409, /expired on .* and can no longer be accepted/);
      await expectRejected(
        api.call('GET', `/api/quote-requests/${request.id}/order`, { cookie: sessionCookie(login) }),
        404,
        'This quote request has no order yet',
      );
    } finally {
      clock = start;
    }
  });
});

describe('the reseller confirms the order', () => {
  test('ship dates per line and a rejected line: order confirmed, request completed, mails and PDF; a second confirmation is 409', async () => {
    const request = await offered();
    await json(accept(request.id, { purchaseOrder: { number: 'PO-42' } }), 200);
    const answer = await json<{ quote: QuoteRequest; order: Order }>(
      confirm(request.id, [
        { itemId: 1, shipDate: addDays(today(), 5) },
        { itemId: 2, shipDate: addDays(today(), 12) },
        { itemId: 3, rejectReason: 'Sold out since' },
      ]),
      200,
    );
    expect(answer.order).toMatchObject({ state: 'confirmed', confirmedBy: admin.username, confirmedTotalCents: 1000 * 150 + 2000 * 120 });
    expect(answer.order.lines.map((l) => [l.state, l.shipDate ?? l.rejectReason])).toEqual([
      ['confirmed', addDays(today(), 5)],
      ['confirmed', addDays(today(), 12)],
      ['rejected', 'Sold out since'],
    ]);
    expect(answer.quote.status).toBe('completed');
    expect(answer.quote.waitingFor).toBeUndefined();
    expect(answer.quote.history.slice(-2)).toEqual([
      expect.objectContaining({ event: 'order_confirmed', by: admin.username, note: '2 lines confirmed, 1 rejected, $3,900.00' }),
      expect.objectContaining({ from: 'approved', to: 'completed' }),
    ]);
    // The buyer reads the lines' states.
    const seen = await json<Order>(api.call('GET', `/api/quote-requests/${request.id}/order`, { cookie: buyer.cookie }), 200);
    expect(seen.lines.map((l) => l.state)).toEqual(['confirmed', 'confirmed', 'rejected']);
    // Both sides are mailed once.
    const mails = await mailsOf(request.id, 'quote.order_confirmed');
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.toAccount === buyer.username)?.subject).toBe(`Order confirmed: quote request #${request.id} (PO PO-42)`);
    expect(mails.find((m) => m.to.includes(DEFAULT_SITE_SETTINGS.quotesEmail))).toBeTruthy();
    // The order confirmation PDF.
    const pdf = await api.call('GET', `/api/quote-requests/${request.id}/order/pdf`, { cookie: buyer.cookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="order-${request.id}.pdf"`);
    const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    expect(text).toContain('Order confirmation');
    expect(text).toContain('Your PO number: PO-42');
    expect(text).toMatch(/Rejected:\s+Sold\s+out\s+since/);
    expect(text).toContain(`Ships ${addDays(today(), 5)}`);
    expect(text).toContain('POS-1');
    // Confirming twice is refused.
    await expectRejected(confirm(request.id, [{ itemId: 1, shipDate: addDays(today(), 5) }]), 409, 'This order was confirmed already');
    // The admin can still set any status.
    await json(api.call('PATCH', `/api/quote-requests/${request.id}/status`, { cookie: admin.cookie, json: { status: 'processing' } }), 200);
  });

  test('every line rejected: the order is rejected and so is the request', async () => {
    const request = await offered();
    await json(accept(request.id), 200);
    const answer = await json<{ quote: QuoteRequest; order: Order }>(
      confirm(
        request.id,
        [1, 2, 3].map((itemId) => ({ itemId, rejectReason: 'Plant closed' })),
      ),
      200,
    );
    expect(answer.order.state).toBe('rejected');
    expect(answer.quote.status).toBe('rejected');
  });

  test('refusals: missing or invalid ship dates, no reason, unknown lines, the buyer, another buyer, no order yet', async () => {
    const request = await offered();
    await expectRejected(confirm(request.id, [{ itemId: 1, shipDate: addDays(today(), 5) }]), 404, 'This quote request has no order yet');
    await json(accept(request.id), 200);
    const good = (itemId: number) => ({ itemId, shipDate: addDays(today(), 3) });
    await expectRejected(confirm(request.id, [good(1), good(2)]), 400, /Give .* a ship date, or reject it with a reason/);
    await expectRejected(confirm(request.id, [good(1), good(2), { itemId: 3 }]), 400);
    await expectRejected(confirm(request.id, [good(1), good(2), { itemId: 3, shipDate: '2027-02-30' }]), 400);
    await expectRejected(confirm(request.id, [good(1), good(2), { itemId: 3, shipDate: 'soon' }]), 400);
    await expectRejected(confirm(request.id, [good(1), good(2), { itemId: 3, shipDate: addDays(today(), -1) }]), 400, /is in the past/);
    await expectRejected(confirm(request.id, [good(1), good(2), { itemId: 3, shipDate: addDays(today(), 800) }]), 400, /more than 730 days away/);
    await expectRejected(confirm(request.id, [good(1), good(2), { itemId: 3, rejectReason: '  ' }]), 400);
    await expectRejected(confirm(request.id, [good(1), good(2), good(3), good(4)]), 400, 'Line 4 is not part of this order');
    await expectRejected(confirm(request.id, [good(1), good(1), good(2), good(3)]), 400, 'Line 1 is answered twice');
    await expectRejected(confirm(request.id, 'all'), 400);
    await expectRejected(confirm(request.id, [good(1), good(2), good(3)], buyer.cookie), 403);
    await expectRejected(api.call('GET', `/api/quote-requests/${request.id}/order`, { cookie: other.cookie }), 404);
    await expectRejected(api.call('GET', `/api/quote-requests/${request.id}/order/pdf`, { cookie: other.cookie }), 404);
    await expectRejected(api.call('GET', `/api/quote-requests/999999/order`, { cookie: admin.cookie }), 404);
    await expectRejected(api.call('GET', `/api/quote-requests/${request.id}/order`), 401);
    // Nothing changed.
    expect((await json<Order>(api.call('GET', `/api/quote-requests/${request.id}/order`, { cookie: admin.cookie }), 200)).state).toBe('placed');
    expect(await mailsOf(request.id, 'quote.order_confirmed')).toHaveLength(0);
  });

  test('two confirmations at once: one wins, the other is 409', async () => {
    const request = await offered();
    await json(accept(request.id), 200);
    const lines = [1, 2, 3].map((itemId) => ({ itemId, shipDate: addDays(today(), 4) }));
    const results = await Promise.all([confirm(request.id, lines), confirm(request.id, lines)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await mailsOf(request.id, 'quote.order_confirmed')).toHaveLength(2);
  });
});

describe('orders out for the ERP (admin)', () => {
  test('one order and a span of days, as CSV (a row per line, with the references and the PO) and as JSON', async () => {
    const request = await offered();
    await json(accept(request.id, { purchaseOrder: { number: '=PO-1+2' } }), 200);
    await json(
      confirm(request.id, [
        { itemId: 1, shipDate: addDays(today(), 5) },
        { itemId: 2, shipDate: addDays(today(), 6) },
        { itemId: 3, rejectReason: 'Sold out, sorry' },
      ]),
      200,
    );
    const csv = await api.call('GET', `/api/quote-requests/${request.id}/order/export`, { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="order-${request.id}.csv"`);
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Quote request,Offer version,Order state,Placed at,Confirmed at,Customer,Company,E-mail,PO number,Line,Part number,Description,Instead of,Your reference,Quantity,Unit price (USD),Line total (USD),Needed by,Line state,Ship date,Reject reason',
    );
    expect(rows).toHaveLength(4);
    // A PO number that a spreadsheet would run as a formula is written with a leading quote.
    expect(rows[2]).toContain(`,'=PO-1+2,2,${parts[4]!.partNumber},`);
    expect(rows[2]).toContain(`,${parts[1]!.partNumber},POS-2,2000,1.2000,2400.00,${addDays(today(), 31)},confirmed,${addDays(today(), 6)},`);
    expect(rows[3]).toMatch(/,rejected,,"Sold out, sorry"$/);

    const one = await json<{ orders: Order[] }>(api.call('GET', `/api/quote-requests/${request.id}/order/export?format=json`, { cookie: admin.cookie }), 200);
    expect(one.orders).toHaveLength(1);
    expect(one.orders[0]).toMatchObject({ quoteId: request.id, purchaseOrder: { number: '=PO-1+2' }, state: 'confirmed' });

    const range = await json<{ orders: Order[] }>(
      api.call('GET', `/api/orders/export?from=${today()}&to=${today()}&format=json`, { cookie: admin.cookie }),
      200,
    );
    expect(range.orders.map((o) => o.quoteId)).toContain(request.id);
    expect(range.orders.every((o) => o.placedAt.startsWith(today()))).toBe(true);
    const before = await json<{ orders: Order[] }>(
      api.call('GET', `/api/orders/export?from=${addDays(today(), -30)}&to=${addDays(today(), -1)}&format=json`, { cookie: admin.cookie }),
      200,
    );
    expect(before.orders).toEqual([]);
    const rangeCsv = await api.call('GET', `/api/orders/export?from=${today()}&to=${today()}`, { cookie: admin.cookie });
    expect(rangeCsv.headers.get('content-disposition')).toBe(`attachment; filename="orders-${today()}-to-${today()}.csv"`);
    expect((await rangeCsv.text()).split('\r\n').filter((r) => r.startsWith(`${request.id},`))).toHaveLength(3);
  });

  test('refusals: the buyer, bad or reversed days, more than a year, an unknown format, no order', async () => {
    const request = await offered();
    await expectRejected(api.call('GET', `/api/quote-requests/${request.id}/order/export`, { cookie: admin.cookie }), 404);
    await expectRejected(api.call('GET', `/api/quote-requests/${request.id}/order/export`, { cookie: buyer.cookie }), 403);
    await expectRejected(api.call('GET', `/api/orders/export?from=${today()}&to=${today()}`, { cookie: buyer.cookie }), 403);
    await expectRejected(api.call('GET', `/api/orders/export?from=yesterday&to=${today()}`, { cookie: admin.cookie }), 400);
    await expectRejected(api.call('GET', `/api/orders/export?to=${today()}`, { cookie: admin.cookie }), 400);
    await expectRejected(
      api.call('GET', `/api/orders/export?from=${today()}&to=${addDays(today(), -1)}`, { cookie: admin.cookie }),
      400,
      'The first day must not be after the last day',
    );
    await expectRejected(
      api.call('GET', `/api/orders/export?from=2020-01-01&to=2022-01-01`, { cookie: admin.cookie }),
      400,
      'Export at most 366 days at a time',
    );
    await expectRejected(api.call('GET', `/api/orders/export?from=${today()}&to=${today()}&format=xml`, { cookie: admin.cookie }), 400);
  });
});
