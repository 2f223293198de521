import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { extractText } from 'unpdf';
import type { QuoteRequest } from '@parts/shared/schemas';
import {
  addDays,
  diffOffers,
  utcDay,
  type MessagePage,
  type Offer,
  type OfferInput,
  type OfferWithPrevious,
  type QuoteMessage,
  type QuoteRequestDetail,
} from '@parts/shared/quote-offers';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { TEST_BUCKETS } from '../support/test-deps';
import { createApi, expectRejected, reportRejected, sessionCookie, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import { createOfferExpiryJob } from '../../src/modules/quotes';
import { silentLogger } from '../../src/lib/logger';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20)]);
const NOT_A_PDF = Buffer.from('MZ this is an executable, not a PDF');

/** The API's clock: tests move it forward to let offers run out. */
let clock = new Date();
let api: Api;
let admin: { cookie: string; username: string };
let buyer: { cookie: string; username: string; id: number };
let otherBuyer: { cookie: string; username: string; id: number };
let parts: StoredPart[];

beforeAll(async () => {
  api = await createApi({ now: () => clock });
  admin = await api.admin();
  buyer = await api.customer();
  otherBuyer = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  parts = [];
  for (let i = 0; i < 4; i++) parts.push(await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })));
});
afterAll(async () => {
  reportRejected('quote-loop.test.ts');
  await api.close();
});

async function json<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const body = await r.text();
  expect(r.status, body).toBe(status);
  return JSON.parse(body) as T;
}

/** A buyer's request for parts 0, 1 and 2 (quantities 10, 5, 2). */
async function submitRequest(who = buyer): Promise<QuoteRequest> {
  return json<QuoteRequest>(
    api.call('POST', '/api/quote-requests', {
      cookie: who.cookie,
      json: {
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        customerCompany: 'Analytical Engines',
        items: [
          { partId: parts[0]!.id, quantity: 10 },
          { partId: parts[1]!.id, quantity: 5 },
          { partId: parts[2]!.id, quantity: 2 },
        ],
      },
    }),
    201,
  );
}

const today = () => utcDay(clock);
/** The scheduled expiry job on the API's clock (an EventBridge rule in AWS, a timer in `npm start`). */
const expiryJob = () => createOfferExpiryJob({ quotes: api.deps.quotes, logger: silentLogger, site: DEFAULT_SITE_SETTINGS, now: () => clock });

/** Line 1 with price breaks at 10 and 50, line 2 with an alternative (part 3), line 3 in stock. */
function buildOffer(overrides: Partial<OfferInput> = {}): OfferInput {
  return {
    basedOnVersion: 0,
    validUntil: addDays(today(), 14),
    message: 'Thank you for asking.',
    lines: [
      {
        itemId: 1,
        status: 'offered',
        quantity: 10,
        unitPriceMicros: 12_500_000,
        priceBreaks: [
          { minQuantity: 10, unitPriceMicros: 11_000_000 },
          { minQuantity: 50, unitPriceMicros: 9_900_000 },
        ],
        leadTime: 14,
        minimumOrderQuantity: 5,
        note: 'Packed in tens',
      },
      {
        itemId: 2,
        status: 'offered',
        quantity: 5,
        unitPriceMicros: 49_990_000,
        priceBreaks: [],
        leadTime: 30,
        minimumOrderQuantity: 1,
        alternative: { partId: parts[3]!.id, unitPriceMicros: 45_000_000, note: 'Same bore, newer series' },
      },
      { itemId: 3, status: 'offered', quantity: 2, unitPriceMicros: 100_000_000, priceBreaks: [], leadTime: 'in_stock', minimumOrderQuantity: 1 },
    ],
    ...overrides,
  };
}

async function sendOffer(id: number, input: OfferInput = buildOffer()) {
  return json<{ quote: QuoteRequest; offer: Offer }>(api.call('POST', `/api/quote-requests/${id}/offers`, { cookie: admin.cookie, json: input }), 201);
}

async function outboxFor(quoteId: number) {
  const { Items = [] } = await api.deps.doc.send(
    new (await import('@aws-sdk/lib-dynamodb')).ScanCommand({
      TableName: api.deps.tableName,
      FilterExpression: '#t = :o AND quoteId = :q',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':o': 'outbox', ':q': quoteId },
      ConsistentRead: true,
    }),
  );
  return Items as { kind: string; to: string[]; toAccount?: string; subject: string; text: string }[];
}

describe('the offer', () => {
  test('the reseller sends a priced offer: totals, breaks and alternatives come from the server; the request waits for the buyer', async () => {
    const request = await submitRequest();
    expect(request.waitingFor).toBeUndefined();
    const { quote, offer } = await sendOffer(request.id);
    expect(offer).toMatchObject({ quoteId: request.id, version: 1, sentBy: admin.username, state: 'open' });
    const [l1, l2, l3] = offer.lines;
    // 10 reaches the first break: 10 × $11.00.
    expect(l1).toMatchObject({
      status: 'offered',
      partNumber: parts[0]!.partNumber,
      requestedQuantity: 10,
      appliedUnitPriceMicros: 11_000_000,
      lineTotalCents: 11000,
      leadTime: 14,
    });
    expect(l2).toMatchObject({ lineTotalCents: 24995, alternative: { partId: parts[3]!.id, partNumber: parts[3]!.partNumber, lineTotalCents: 22500 } });
    expect(l3).toMatchObject({ leadTime: 'in_stock', lineTotalCents: 20000 });
    expect(offer.totalCents).toBe(11000 + 24995 + 20000);
    expect(quote.waitingFor).toBe('buyer');
    expect(quote.offer).toMatchObject({ version: 1, state: 'open', totalCents: 55995 });
    expect(quote.history.at(-2)).toMatchObject({ event: 'offer_sent', by: admin.username, version: 1 });

    const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: buyer.cookie }), 200);
    expect(detail.offers).toEqual([expect.objectContaining({ version: 1, state: 'open', totalCents: 55995 })]);
    const read = await json<OfferWithPrevious>(api.call('GET', `/api/quote-requests/${request.id}/offers/1`, { cookie: buyer.cookie }), 200);
    expect(read.offer.lines).toEqual(offer.lines);
    expect(read.previous).toBeUndefined();
  });

  test('a bad offer is refused with a clear 400 and nothing is stored', async () => {
    const request = await submitRequest();
    const path = `/api/quote-requests/${request.id}/offers`;
    const send = (input: unknown) => api.call('POST', path, { cookie: admin.cookie, json: input });
    const base = buildOffer();
    const [line1, line2, line3] = base.lines as unknown as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    await expectRejected(
      send({ ...base, lines: [line1, line2] }),
      400,
      'Line 3 (' + parts[2]!.partNumber + ') needs a price or a reason why it cannot be supplied',
    );
    await expectRejected(send({ ...base, lines: [line1, line2, { ...line3, itemId: 9 }] }), 400, /Line 9 is not part of this quote request/);
    await expectRejected(send({ ...base, lines: [line1, line2, line3, line1] }), 400, /offered twice/);
    await expectRejected(
      send({ ...base, lines: [{ ...line1, quantity: 4 }, line2, line3] }),
      400,
      'The quantity must be at least the minimum order quantity (5)',
    );
    await expectRejected(send({ ...base, lines: [{ ...line1, unitPriceMicros: 12.5 }, line2, line3] }), 400, 'Unit prices are whole micros (1/1,000,000 USD)');
    await expectRejected(send({ ...base, lines: [{ ...line1, unitPriceMicros: -1 }, line2, line3] }), 400, 'Price must be 0 or more');
    await expectRejected(
      send({
        ...base,
        lines: [
          {
            ...line1,
            priceBreaks: [
              { minQuantity: 50, unitPriceMicros: 10_000 },
              { minQuantity: 10, unitPriceMicros: 20_000 },
            ],
          },
          line2,
          line3,
        ],
      }),
      400,
      'Price break quantities must increase',
    );
    await expectRejected(send({ ...base, lines: [{ ...line1, leadTime: 0 }, line2, line3] }), 400);
    await expectRejected(
      send({ ...base, lines: [line1, { ...line2, alternative: { partId: 999999, unitPriceMicros: 10_000 } }, line3] }),
      400,
      'Part 999999 not found',
    );
    await expectRejected(
      send({ ...base, lines: [line1, { ...line2, alternative: { partId: parts[1]!.id, unitPriceMicros: 10_000 } }, line3] }),
      400,
      'Choose a different part as the alternative',
    );
    await expectRejected(send({ ...base, lines: [line1, line2, { itemId: 3, status: 'cannot_supply', reason: '' }] }), 400, 'Give a reason');
    await expectRejected(send({ ...base, validUntil: addDays(today(), -1) }), 400, 'The offer must be valid until today or later');
    await expectRejected(send({ ...base, validUntil: '2030-02-30' }), 400, 'Use a date that exists');
    await expectRejected(send({ ...base, validUntil: addDays(today(), 400) }), 400, /at most 366 days/);
    await expectRejected(send({ ...base, basedOnVersion: 3 }), 409, /Version 0 was sent in the meantime/);
    await expectRejected(
      api.call('POST', path, { cookie: admin.cookie, body: '{"lines":', headers: { 'content-type': 'application/json' } }),
      400,
      'Malformed JSON in request body',
    );
    const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: admin.cookie }), 200);
    expect(detail.offers).toEqual([]);
    expect(detail.offer).toBeUndefined();
    expect(detail.history.filter((h) => 'event' in h)).toEqual([]);
    expect(await outboxFor(request.id)).toHaveLength(2); // only the new-request mails
  });

  test('a line the reseller cannot supply carries its reason and counts for nothing', async () => {
    const request = await submitRequest();
    const base = buildOffer();
    const { offer } = await sendOffer(request.id, {
      ...base,
      lines: [base.lines[0]!, base.lines[1]!, { itemId: 3, status: 'cannot_supply', reason: 'Discontinued by the maker' }],
    });
    expect(offer.lines[2]).toMatchObject({ status: 'cannot_supply', reason: 'Discontinued by the maker', partNumber: parts[2]!.partNumber });
    expect(offer.totalCents).toBe(11000 + 24995);
  });

  test('a long request of free-text lines gets an offer of every line, stored in pages and read back whole', async () => {
    const items = Array.from({ length: 130 }, (_, i) => ({ freeText: { partNumber: `FT-${i + 1}`, description: `Custom bracket ${i + 1}` }, quantity: i + 1 }));
    const request = await json<QuoteRequest>(
      api.call('POST', '/api/quote-requests', { cookie: buyer.cookie, json: { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', items } }),
      201,
    );
    const lines = items.map((item, i) => ({
      itemId: i + 1,
      status: 'offered' as const,
      quantity: item.quantity,
      unitPriceMicros: 1_000_000,
      priceBreaks: [],
      leadTime: 7,
      minimumOrderQuantity: 1,
    }));
    const { offer } = await sendOffer(request.id, { basedOnVersion: 0, validUntil: addDays(today(), 7), lines });
    expect(offer.totalCents).toBe(100 * ((130 * 131) / 2));
    const read = await json<OfferWithPrevious>(api.call('GET', `/api/quote-requests/${request.id}/offers/1`, { cookie: buyer.cookie }), 200);
    expect(read.offer.lines).toHaveLength(130);
    expect(read.offer.lines[129]).toMatchObject({ itemId: 130, partNumber: 'FT-130', name: 'Custom bracket 130', lineTotalCents: 13000 });
    const accepted = await json<{ quote: QuoteRequest }>(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, {
        cookie: buyer.cookie,
        json: { lines: lines.map((l) => ({ itemId: l.itemId, choice: 'offered' })) },
      }),
      200,
    );
    expect(accepted.quote.offer?.acceptedTotalCents).toBe(offer.totalCents);
    expect(accepted.quote.items).toHaveLength(130);
  });
});

describe('the buyer answers', () => {
  test('accepts two lines (one as the alternative) and declines one; the server computes the accepted total', async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    const path = `/api/quote-requests/${request.id}/offers/1/accept`;
    await expectRejected(
      api.call('POST', path, { cookie: buyer.cookie, json: { lines: [{ itemId: 1, choice: 'offered' }] } }),
      400,
      /Choose whether to accept line 2/,
    );
    await expectRejected(
      api.call('POST', path, {
        cookie: buyer.cookie,
        json: {
          lines: [
            { itemId: 1, choice: 'alternative' },
            { itemId: 2, choice: 'offered' },
            { itemId: 3, choice: 'offered' },
          ],
        },
      }),
      400,
      'Line 1 has no alternative to choose',
    );
    await expectRejected(
      api.call('POST', path, { cookie: buyer.cookie, json: { lines: [1, 2, 3].map((itemId) => ({ itemId, choice: 'declined' })) } }),
      400,
      'Accept at least one line, or decline the offer',
    );
    await expectRejected(api.call('POST', path, { cookie: buyer.cookie, json: { lines: [{ itemId: 1, choice: 'maybe' }] } }), 400);

    const { quote, offer } = await json<{ quote: QuoteRequest; offer: Offer }>(
      api.call('POST', path, {
        cookie: buyer.cookie,
        json: {
          lines: [
            { itemId: 1, choice: 'offered' },
            { itemId: 2, choice: 'alternative' },
            { itemId: 3, choice: 'declined' },
          ],
        },
      }),
      200,
    );
    expect(offer.response).toMatchObject({ kind: 'accepted', by: buyer.username, acceptedTotalCents: 11000 + 22500 });
    expect(quote.offer).toMatchObject({ state: 'accepted', acceptedTotalCents: 33500 });
    expect(quote.waitingFor).toBe('reseller');
    // The status follows the offer (ADR 114): sent → processing, accepted → approved.
    expect(quote.status).toBe('approved');
    expect(quote.history.at(-2)).toMatchObject({ event: 'offer_accepted', by: buyer.username, version: 1, note: '2 of 3 lines, $335.00' });

    await expectRejected(
      api.call('POST', path, {
        cookie: buyer.cookie,
        json: {
          lines: [
            { itemId: 1, choice: 'offered' },
            { itemId: 2, choice: 'offered' },
            { itemId: 3, choice: 'offered' },
          ],
        },
      }),
      409,
      'This offer was already accepted',
    );
    await expectRejected(
      api.call('POST', `/api/quote-requests/${request.id}/offers`, { cookie: admin.cookie, json: buildOffer({ basedOnVersion: 1 }) }),
      409,
      'The buyer accepted version 1; it can no longer be revised',
    );

    const stored = await json<OfferWithPrevious>(api.call('GET', `/api/quote-requests/${request.id}/offers/1`, { cookie: admin.cookie }), 200);
    expect(stored.offer.response?.lines).toEqual([
      { itemId: 1, choice: 'offered' },
      { itemId: 2, choice: 'alternative' },
      { itemId: 3, choice: 'declined' },
    ]);
  });

  test('declines with a reason: nobody is waiting; the reason is in the history', async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    const path = `/api/quote-requests/${request.id}/offers/1/decline`;
    await expectRejected(api.call('POST', path, { cookie: buyer.cookie, json: { reason: '  ' } }), 400, 'Give a reason');
    const quote = await json<QuoteRequest>(api.call('POST', path, { cookie: buyer.cookie, json: { reason: 'Found it cheaper elsewhere' } }), 200);
    expect(quote.offer?.state).toBe('declined');
    expect(quote.waitingFor).toBeUndefined();
    expect(quote.history.at(-2)).toMatchObject({ event: 'offer_declined', by: buyer.username, note: 'Found it cheaper elsewhere' });
  });

  test('asks for a revision; version 2 shows what changed; version 1 can no longer be answered', async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    const asked = await json<QuoteRequest>(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/revision-request`, {
        cookie: buyer.cookie,
        json: { message: 'Can you do better on line 2?' },
      }),
      200,
    );
    expect(asked).toMatchObject({ waitingFor: 'reseller', offer: { state: 'revision_requested' } });
    const base = buildOffer({ basedOnVersion: 1 });
    const revised = {
      ...base,
      lines: [base.lines[0]!, { ...base.lines[1]!, unitPriceMicros: 45_990_000, leadTime: 21 } as OfferInput['lines'][number], base.lines[2]!],
    };
    const { offer } = await sendOffer(request.id, revised);
    expect(offer.version).toBe(2);
    const read = await json<OfferWithPrevious>(api.call('GET', `/api/quote-requests/${request.id}/offers/2`, { cookie: buyer.cookie }), 200);
    expect(read.previous?.version).toBe(1);
    const changes = diffOffers(read.previous!, read.offer);
    expect([...changes.keys()]).toEqual([2]);
    expect(changes.get(2)?.fields).toEqual(['unitPrice', 'leadTime']);

    await expectRejected(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, { cookie: buyer.cookie, json: { lines: [{ itemId: 1, choice: 'offered' }] } }),
      409,
      'Version 2 of this offer replaces version 1; answer the latest version',
    );
    const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: buyer.cookie }), 200);
    expect(detail.offers.map((o) => [o.version, o.state])).toEqual([
      [2, 'open'],
      [1, 'revision_requested'],
    ]);
    expect(detail.history.filter((h) => 'event' in h).map((h) => ('event' in h ? [h.event, h.by] : []))).toEqual([
      ['offer_sent', admin.username],
      ['revision_requested', buyer.username],
      ['offer_sent', admin.username],
    ]);
  });

  test('acceptance after the validity date is refused with a clear message and the expiry is recorded', async () => {
    const request = await submitRequest();
    await sendOffer(request.id, buildOffer({ validUntil: today() }));
    const validUntil = today();
    const start = clock;
    try {
      clock = new Date(start.getTime() + 2 * 24 * 60 * 60 * 1000);
      // Sessions last 24 h: the buyer signs in again on the later day.
      const login = await api.call('POST', '/api/auth/login', { json: { username: buyer.username, password: 'secret1' } });
      const cookie = sessionCookie(login);
      const longDate = new Date(`${validUntil}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
      await expectRejected(
        api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, {
          cookie,
          json: { lines: [1, 2, 3].map((itemId) => ({ itemId, choice: 'offered' })) },
        }),
        409,
        `This offer expired on ${longDate} and can no longer be accepted. Ask for a revision to get a new offer.`,
      );
      // The scheduled job records it (reads only show it: the next test).
      expect((await expiryJob().run()).expired).toBeGreaterThanOrEqual(1);
      const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie }), 200);
      expect(detail.offer?.state).toBe('expired');
      expect(detail.waitingFor).toBe('reseller');
      expect(detail.history.filter((h) => 'event' in h && h.event === 'offer_expired')).toEqual([expect.objectContaining({ by: 'system', version: 1 })]);
      // The buyer may still ask for a new version.
      await json(api.call('POST', `/api/quote-requests/${request.id}/offers/1/revision-request`, { cookie, json: { message: 'Please renew it' } }), 200);
    } finally {
      clock = start;
    }
  });

  test('reading an offer past its validity writes nothing: it shows as expired until the scheduled job records it', async () => {
    const request = await submitRequest();
    await sendOffer(request.id, buildOffer({ validUntil: today() }));
    const start = clock;
    const stored = async () => {
      const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
      const key = { pk: `QUOTE#${request.id}` };
      const [quote, offer] = await Promise.all([
        api.deps.doc.send(new GetCommand({ TableName: api.deps.tableName, Key: { ...key, sk: 'QUOTE' }, ConsistentRead: true })),
        api.deps.doc.send(new GetCommand({ TableName: api.deps.tableName, Key: { ...key, sk: 'OFFER#000001' }, ConsistentRead: true })),
      ]);
      return { quote: quote.Item, offer: offer.Item };
    };
    try {
      clock = new Date(start.getTime() + 2 * 24 * 60 * 60 * 1000);
      const login = await api.call('POST', '/api/auth/login', { json: { username: buyer.username, password: 'secret1' } });
      const cookie = sessionCookie(login);
      const before = await stored();
      const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie }), 200);
      const read = await json<OfferWithPrevious>(api.call('GET', `/api/quote-requests/${request.id}/offers/1`, { cookie }), 200);
      await json(api.call('GET', `/api/quote-requests/${request.id}/messages`, { cookie }), 200);
      const pdf = await api.call('GET', `/api/quote-requests/${request.id}/offers/1/pdf`, { cookie });
      expect(pdf.status).toBe(200);
      // Shown as expired, computed on read…
      expect(detail.offer?.state).toBe('expired');
      expect(detail.offers[0]?.state).toBe('expired');
      expect(detail.waitingFor).toBe('reseller');
      expect(read.offer.state).toBe('expired');
      // …and nothing stored changed.
      expect(await stored()).toEqual(before);
      expect(before.quote?.offer).toMatchObject({ state: 'open' });

      // The scheduled job records it once: the history entry, the stored states; the offer leaves its queue.
      expect((await expiryJob().run()).expired).toBeGreaterThanOrEqual(1);
      const after = await stored();
      expect(after.quote).toMatchObject({ offer: { state: 'expired' }, waitingFor: 'reseller' });
      expect(after.offer).toMatchObject({ state: 'expired' });
      expect(after.offer?.gsi1pk).toBeUndefined();
      expect(await expiryJob().run()).toEqual({ expired: 0, skipped: 0, reminded: 0 });
      const history = (after.quote?.history as { event?: string; by: string }[]).filter((h) => h.event === 'offer_expired');
      expect(history).toEqual([expect.objectContaining({ by: 'system', version: 1 })]);
    } finally {
      clock = start;
    }
  });
});

test('every step answers the request as stored, without reading it again: the same as the next read', async () => {
  const request = await submitRequest();
  const loopFields = (q: QuoteRequest) => ({
    history: q.history,
    offer: q.offer,
    waitingFor: q.waitingFor,
    messageCount: q.messageCount,
    lastActivityAt: q.lastActivityAt,
    status: q.status,
  });
  const read = async () => loopFields(await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: buyer.cookie }), 200));
  const sent = await sendOffer(request.id);
  expect(loopFields(sent.quote)).toEqual(await read());
  const message = await json<{ quote: QuoteRequest }>(
    api.call('POST', `/api/quote-requests/${request.id}/messages`, { cookie: buyer.cookie, json: { body: 'Can you do better on line 2?' } }),
    201,
  );
  expect(loopFields(message.quote)).toEqual(await read());
  const accepted = await json<{ quote: QuoteRequest }>(
    api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, {
      cookie: buyer.cookie,
      json: { lines: [1, 2, 3].map((itemId) => ({ itemId, choice: 'offered' })) },
    }),
    200,
  );
  expect(loopFields(accepted.quote)).toEqual(await read());
  expect(accepted.quote.offer).toMatchObject({ state: 'accepted', acceptedTotalCents: 55995 });
});

describe('authorisation', () => {
  test('another buyer gets 404 on every route of a request that is not theirs; guests 401; roles are kept apart', async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    const base = `/api/quote-requests/${request.id}`;
    const attempts: [string, string, unknown?][] = [
      ['GET', base],
      ['GET', `${base}/offers/1`],
      ['GET', `${base}/offers/1/pdf`],
      ['POST', `${base}/offers/1/accept`, { lines: [{ itemId: 1, choice: 'offered' }] }],
      ['POST', `${base}/offers/1/decline`, { reason: 'No' }],
      ['POST', `${base}/offers/1/revision-request`, { message: 'Cheaper' }],
      ['GET', `${base}/messages`],
      ['POST', `${base}/messages`, { body: 'Hello?' }],
    ];
    for (const [method, path, body] of attempts) {
      await expectRejected(api.call(method, path, { cookie: otherBuyer.cookie, ...(body ? { json: body } : {}) }), 404, 'Quote request not found');
      await expectRejected(api.call(method, path, body ? { json: body } : {}), 401);
    }
    await expectRejected(api.call('POST', `${base}/offers`, { cookie: buyer.cookie, json: buildOffer({ basedOnVersion: 1 }) }), 403);
    await expectRejected(
      api.call('POST', `${base}/offers/1/accept`, { cookie: admin.cookie, json: { lines: [{ itemId: 1, choice: 'offered' }] } }),
      403,
      'Only the buyer who asked for this quote can answer its offers',
    );
    await expectRejected(api.call('GET', `${base}/offers/7`, { cookie: buyer.cookie }), 404, 'Offer not found');
    await expectRejected(api.call('GET', `${base}/offers/x`, { cookie: buyer.cookie }), 400);
    // The other buyer's list never shows it either.
    const mine = (await json<{ data: QuoteRequest[] }>(api.call('GET', '/api/quote-requests/mine', { cookie: otherBuyer.cookie }), 200)).data;
    expect(mine.map((q) => q.id)).not.toContain(request.id);
    // Nothing the other buyer tried left a trace.
    const detail = await json<QuoteRequestDetail>(api.call('GET', base, { cookie: buyer.cookie }), 200);
    expect(detail.offer?.state).toBe('open');
    expect(detail.messageCount).toBeUndefined();
  });
});

describe('messages', () => {
  async function objectsUnder(prefix: string): Promise<string[]> {
    const res = await api.deps.s3.send(new ListObjectsV2Command({ Bucket: TEST_BUCKETS.attachments, Prefix: prefix }));
    return (res.Contents ?? []).map((o) => o.Key!);
  }

  test('buyer and reseller write in one thread, with attachments checked like the request’s and stored under the quote', async () => {
    const request = await submitRequest();
    const path = `/api/quote-requests/${request.id}/messages`;
    const form = new FormData();
    form.append('body', 'Here is the drawing.');
    form.append('attachments', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'drawing.pdf');
    const first = await json<{ quote: QuoteRequest; message: QuoteMessage }>(api.call('POST', path, { cookie: buyer.cookie, body: form }), 201);
    expect(first.message).toMatchObject({
      from: 'buyer',
      by: buyer.username,
      body: 'Here is the drawing.',
      attachments: [{ fileName: 'drawing.pdf', contentType: 'application/pdf' }],
    });
    expect(first.message.attachments[0]!.key.startsWith(`quotes/${request.id}/messages/`)).toBe(true);
    expect(first.message.attachments[0]!.url).toBeTruthy();
    expect(first.quote).toMatchObject({ waitingFor: 'reseller', messageCount: 1 });

    // A presigned upload, claimed into the thread.
    const presigned = await json<{ key: string; url: string }>(
      api.call('POST', '/api/uploads/attachments', {
        cookie: admin.cookie,
        json: { fileName: 'datasheet.pdf', contentType: 'application/pdf', size: PDF.length },
      }),
      201,
    );
    expect((await fetch(presigned.url, { method: 'PUT', body: new Uint8Array(PDF), headers: { 'content-type': 'application/pdf' } })).ok).toBe(true);
    const answer = await json<{ quote: QuoteRequest; message: QuoteMessage }>(
      api.call('POST', path, { cookie: admin.cookie, json: { body: 'Thanks, datasheet attached.', attachmentKeys: [presigned.key] } }),
      201,
    );
    expect(answer.message).toMatchObject({ from: 'reseller', by: admin.username, attachments: [{ fileName: 'datasheet.pdf' }] });
    expect(answer.quote.waitingFor).toBe('buyer');
    expect(await objectsUnder(presigned.key)).toEqual([]);
    expect(await objectsUnder(`quotes/${request.id}/messages/`)).toHaveLength(2);

    const page = await json<MessagePage>(api.call('GET', path, { cookie: buyer.cookie }), 200);
    expect(page.data.map((m) => m.body)).toEqual(['Thanks, datasheet attached.', 'Here is the drawing.']);
    expect(page.nextCursor).toBeNull();
    expect(answer.quote.history.filter((h) => 'event' in h)).toEqual([
      expect.objectContaining({ event: 'message', by: buyer.username, note: 'Here is the drawing.' }),
      expect.objectContaining({ event: 'message', by: admin.username }),
    ]);
  });

  test('bad messages and files are refused and leave nothing behind', async () => {
    const request = await submitRequest();
    const path = `/api/quote-requests/${request.id}/messages`;
    const withFiles = (files: { name: string; data: Buffer }[], body = 'See attached') => {
      const form = new FormData();
      form.append('body', body);
      for (const f of files) form.append('attachments', new Blob([new Uint8Array(f.data)]), f.name);
      return form;
    };
    await expectRejected(api.call('POST', path, { cookie: buyer.cookie, json: { body: '' } }), 400, 'Write a message');
    await expectRejected(api.call('POST', path, { cookie: buyer.cookie, json: { body: 'x'.repeat(5001) } }), 400);
    await expectRejected(
      api.call('POST', path, { cookie: buyer.cookie, body: withFiles([{ name: 'virus.pdf', data: NOT_A_PDF }]) }),
      400,
      'virus.pdf is not a supported file type.',
    );
    // A multipart body past 4 MiB never reaches the route (ADR 108): files that large go up directly (attachmentKeys).
    await expectRejected(
      api.call('POST', path, { cookie: buyer.cookie, body: withFiles([{ name: 'huge.pdf', data: Buffer.concat([PDF, Buffer.alloc(5_242_880)]) }]) }),
      413,
    );
    await expectRejected(
      api.call('POST', path, { cookie: buyer.cookie, body: withFiles(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, data: PDF }))) }),
      400,
      'At most 10 attachments',
    );
    await expectRejected(
      api.call('POST', path, { cookie: buyer.cookie, json: { body: 'Hi', attachmentKeys: ['uploads/999/x/y.pdf'] } }),
      400,
      'Attachment not found; upload it again',
    );
    await expectRejected(api.call('POST', path, { cookie: buyer.cookie, body: 'hello', headers: { 'content-type': 'text/plain' } }), 415);
    await expectRejected(api.call('GET', `${path}?cursor=not-a-cursor`, { cookie: buyer.cookie }), 400, 'Invalid cursor');
    expect(await objectsUnder(`quotes/${request.id}/messages/`)).toEqual([]);
    const page = await json<MessagePage>(api.call('GET', path, { cookie: buyer.cookie }), 200);
    expect(page.data).toEqual([]);
  });

  test('a long thread pages by cursor, newest first', async () => {
    const request = await submitRequest();
    const path = `/api/quote-requests/${request.id}/messages`;
    for (let i = 1; i <= 47; i++) await json(api.call('POST', path, { cookie: i % 2 ? buyer.cookie : admin.cookie, json: { body: `Message ${i}` } }), 201);
    // Written at the same moment, they all land, each with its own place in the thread.
    await Promise.all([48, 49, 50, 51].map((i) => json(api.call('POST', path, { cookie: buyer.cookie, json: { body: `Message ${i}` } }), 201)));
    await json(api.call('POST', path, { cookie: admin.cookie, json: { body: 'Message 52' } }), 201);
    const first = await json<MessagePage>(api.call('GET', path, { cookie: buyer.cookie }), 200);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.body).toBe('Message 52');
    expect(first.data.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 52 - i));
    const second = await json<MessagePage>(api.call('GET', `${path}?cursor=${first.nextCursor}`, { cookie: buyer.cookie }), 200);
    expect(second.data.map((m) => m.body)).toEqual(['Message 2', 'Message 1']);
    // 53 writes one after another: on a loaded two-core machine that is more than the default 30 s.
  }, 120_000);
});

describe('the quote document', () => {
  test('downloads as a PDF whose text carries the company, lines, breaks, lead times, totals, validity and terms', async () => {
    const request = await submitRequest();
    const base = buildOffer();
    await sendOffer(request.id, {
      ...base,
      lines: [base.lines[0]!, base.lines[1]!, { itemId: 3, status: 'cannot_supply', reason: 'Discontinued by the maker' }],
    });
    const res = await api.call('GET', `/api/quote-requests/${request.id}/offers/1/pdf`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="quote-${request.id}-v1.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await extractText(bytes, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      DEFAULT_SITE_SETTINGS.companyName,
      DEFAULT_SITE_SETTINGS.addressLines[0]!,
      DEFAULT_SITE_SETTINGS.phone,
      `Quote request #${request.id}`,
      'Offer version 1',
      'Ada Lovelace',
      parts[0]!.partNumber,
      parts[1]!.partNumber,
      '10+: $11.00',
      '50+: $9.90',
      '14 days',
      '30 days',
      `Alternative: ${parts[3]!.partNumber}`,
      'Cannot supply: Discontinued by the maker',
      'Total: $359.95',
      'Thank you for asking.',
      'The warranty is 1 year, given by the reseller and not by the manufacturer.',
    ]) {
      expect(flat).toContain(expected);
    }
    const validUntil = new Date(`${base.validUntil}T00:00:00Z`).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    expect(flat).toContain(`Valid until: ${validUntil}`);
  });
});

describe('mails in the outbox', () => {
  test('each step stores its mails for the buyer and the reseller with the data', async () => {
    const request = await submitRequest();
    const reseller = DEFAULT_SITE_SETTINGS.quotesEmail;
    await sendOffer(request.id);
    await json(api.call('POST', `/api/quote-requests/${request.id}/messages`, { cookie: admin.cookie, json: { body: 'Any questions?' } }), 201);
    await json(api.call('POST', `/api/quote-requests/${request.id}/messages`, { cookie: buyer.cookie, json: { body: 'All clear.' } }), 201);
    await json(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, {
        cookie: buyer.cookie,
        json: { lines: [1, 2, 3].map((itemId) => ({ itemId, choice: 'offered' })) },
      }),
      200,
    );
    // The buyer's mails are addressed to their account (its confirmed address when sent, ADR 096), never to the form's e-mail.
    const mails = (await outboxFor(request.id)).map((m) => [m.kind, m.toAccount ?? m.to[0], m.subject]);
    expect(mails).toEqual(
      expect.arrayContaining([
        ['quote.new_request', buyer.username, `We received your quote request #${request.id}`],
        ['quote.new_request', reseller, `New quote request #${request.id} from Ada Lovelace`],
        ['quote.offer_sent', buyer.username, `Your offer for quote request #${request.id} (version 1)`],
        ['quote.offer_sent', reseller, `Offer version 1 sent for quote request #${request.id}`],
        ['quote.message', buyer.username, `New message about your quote request #${request.id}`],
        ['quote.message', reseller, `New message on quote request #${request.id} from Ada Lovelace`],
        ['quote.offer_accepted', buyer.username, `You accepted our offer for quote request #${request.id}`],
        ['quote.offer_accepted', reseller, `Quote request #${request.id}: offer version 1 accepted`],
      ]),
    );
    expect(mails).toHaveLength(8);
  });
});

test('the admin list shows whose move it is on each request', async () => {
  const fresh = await submitRequest();
  const offered = await submitRequest();
  await sendOffer(offered.id);
  const list = (await json<{ data: QuoteRequest[] }>(api.call('GET', '/api/quote-requests', { cookie: admin.cookie }), 200)).data;
  const byId = new Map(list.map((q) => [q.id, q]));
  expect(byId.get(fresh.id)?.waitingFor).toBeUndefined();
  expect(byId.get(fresh.id)?.offer).toBeUndefined();
  expect(byId.get(offered.id)).toMatchObject({ waitingFor: 'buyer', offer: { version: 1, state: 'open' } });
  const mine = (await json<{ data: QuoteRequest[] }>(api.call('GET', '/api/quote-requests/mine', { cookie: buyer.cookie }), 200)).data;
  expect(mine.find((q) => q.id === offered.id)?.offer).toMatchObject({ version: 1, totalCents: 55995 });
});
