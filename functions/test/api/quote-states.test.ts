import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { extractText } from 'unpdf';
import type { QuoteRequest } from '@parts/shared/schemas';
import { addDays, utcDay, type Offer, type OfferInput, type QuoteRequestDetail } from '@parts/shared/quote-offers';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';

/**
 * Issue 28: the request's status and both lists read the offer's state the same way (ADR 114); the
 * accepted offer's PDF and mails say which lines were accepted, declined, taken as the alternative or
 * could not be supplied; quantities and amounts carry thousands separators.
 */

let api: Api;
let admin: { cookie: string; username: string };
let buyer: { cookie: string; username: string; id: number };
let parts: StoredPart[];

beforeAll(async () => {
  api = await createApi();
  admin = await api.admin();
  buyer = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  parts = [];
  for (let i = 0; i < 5; i++) parts.push(await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })));
});
afterAll(async () => {
  reportRejected('quote-states.test.ts');
  await api.close();
});

async function json<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const body = await r.text();
  expect(r.status, body).toBe(status);
  return JSON.parse(body) as T;
}

/** Four lines: 12,000 of part 0, 5 of part 1, 2 of part 2, 1 of part 3. */
async function submitRequest(): Promise<QuoteRequest> {
  return json<QuoteRequest>(
    api.call('POST', '/api/quote-requests', {
      cookie: buyer.cookie,
      json: {
        customerName: 'Ada Lovelace',
        customerEmail: 'ada@example.com',
        items: [
          { partId: parts[0]!.id, quantity: 12_000 },
          { partId: parts[1]!.id, quantity: 5 },
          { partId: parts[2]!.id, quantity: 2 },
          { partId: parts[3]!.id, quantity: 1 },
        ],
      },
    }),
    201,
  );
}

/** Line 1: 12,000 at $1.25; line 2 with an alternative (part 4); line 3 in stock; line 4 cannot be supplied. */
function offerInput(basedOnVersion = 0): OfferInput {
  return {
    basedOnVersion,
    validUntil: addDays(utcDay(new Date()), 14),
    lines: [
      { itemId: 1, status: 'offered', quantity: 12_000, unitPriceMicros: 1_250_000, priceBreaks: [], leadTime: 14, minimumOrderQuantity: 1 },
      {
        itemId: 2,
        status: 'offered',
        quantity: 5,
        unitPriceMicros: 49_990_000,
        priceBreaks: [],
        leadTime: 30,
        minimumOrderQuantity: 1,
        alternative: { partId: parts[4]!.id, unitPriceMicros: 45_000_000 },
      },
      { itemId: 3, status: 'offered', quantity: 2, unitPriceMicros: 100_000_000, priceBreaks: [], leadTime: 'in_stock', minimumOrderQuantity: 1 },
      { itemId: 4, status: 'cannot_supply', reason: 'Discontinued by the maker' },
    ],
  };
}

const sendOffer = (id: number, basedOnVersion = 0) =>
  json<{ quote: QuoteRequest; offer: Offer }>(
    api.call('POST', `/api/quote-requests/${id}/offers`, { cookie: admin.cookie, json: offerInput(basedOnVersion) }),
    201,
  );

/** Accepts line 1, the alternative of line 2, declines line 3 (line 4 cannot be supplied). */
const acceptSome = (id: number) =>
  json<{ quote: QuoteRequest; offer: Offer }>(
    api.call('POST', `/api/quote-requests/${id}/offers/1/accept`, {
      cookie: buyer.cookie,
      json: {
        lines: [
          { itemId: 1, choice: 'offered' },
          { itemId: 2, choice: 'alternative' },
          { itemId: 3, choice: 'declined' },
          { itemId: 4, choice: 'declined' },
        ],
      },
    }),
    200,
  );

async function outboxFor(quoteId: number) {
  const { Items = [] } = await api.deps.doc.send(
    new ScanCommand({
      TableName: api.deps.tableName,
      FilterExpression: '#t = :o AND quoteId = :q',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':o': 'outbox', ':q': quoteId },
      ConsistentRead: true,
    }),
  );
  return Items as { kind: string; to: string[]; toAccount?: string; subject: string; text: string }[];
}

const listed = async (path: string, cookie: string, id: number) =>
  (await json<{ data: QuoteRequest[] }>(api.call('GET', path, { cookie }), 200)).data.find((q) => q.id === id);

describe('the request status follows the offer (ADR 114)', () => {
  test('offer sent → processing, accepted → approved; both lists show the accepted lines and the accepted total', async () => {
    const request = await submitRequest();
    expect(request.status).toBe('pending');
    const sent = await sendOffer(request.id);
    expect(sent.quote.status).toBe('processing');
    expect(sent.quote.history.at(-1)).toMatchObject({ by: admin.username, from: 'pending', to: 'processing' });
    expect(sent.quote.offer).toMatchObject({ state: 'open', offeredLines: 3 });

    const { quote } = await acceptSome(request.id);
    expect(quote.status).toBe('approved');
    expect(quote.history.slice(-2)).toMatchObject([
      { event: 'offer_accepted', by: buyer.username },
      { by: buyer.username, from: 'processing', to: 'approved' },
    ]);
    // 12,000 × $1.25 + the alternative 5 × $45.00.
    const accepted = { state: 'accepted', offeredLines: 3, acceptedLines: 2, acceptedTotalCents: 1_500_000 + 22_500, totalCents: 1_500_000 + 24_995 + 20_000 };
    expect(quote.offer).toMatchObject(accepted);

    for (const [path, cookie] of [
      ['/api/quote-requests/mine', buyer.cookie],
      ['/api/quote-requests', admin.cookie],
    ] as const) {
      expect(await listed(path, cookie, request.id)).toMatchObject({ status: 'approved', offer: accepted });
    }
    expect(await listed('/api/quote-requests?status=approved', admin.cookie, request.id)).toBeDefined();
    expect(await listed('/api/quote-requests?status=pending', admin.cookie, request.id)).toBeUndefined();
    const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: buyer.cookie }), 200);
    expect(detail.status).toBe('approved');
  });

  test('declined → rejected; a revision asked after it → processing; the admin can still set any status', async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    const declined = await json<QuoteRequest>(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/decline`, { cookie: buyer.cookie, json: { reason: 'Too dear' } }),
      200,
    );
    expect(declined.status).toBe('rejected');
    const revised = await json<QuoteRequest>(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/revision-request`, { cookie: buyer.cookie, json: { message: 'Cheaper, please' } }),
      200,
    );
    expect(revised.status).toBe('processing');
    expect(revised.waitingFor).toBe('reseller');

    const set = await json<QuoteRequest>(
      api.call('PATCH', `/api/quote-requests/${request.id}/status`, { cookie: admin.cookie, json: { status: 'completed' } }),
      200,
    );
    expect(set.status).toBe('completed');
    // The next offer event moves it again.
    expect((await sendOffer(request.id, 1)).quote.status).toBe('processing');
  });

  test('a refused move changes no status', async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    await acceptSome(request.id);
    await expectRejected(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/decline`, { cookie: buyer.cookie, json: { reason: 'Changed my mind' } }),
      409,
      'This offer was already accepted',
    );
    expect((await listed('/api/quote-requests/mine', buyer.cookie, request.id))?.status).toBe('approved');
  });
});

describe('the accepted offer says what was accepted', () => {
  test('both mails list each line as accepted, accepted as the alternative, declined or cannot supply, with separators', async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    await acceptSome(request.id);
    const mails = (await outboxFor(request.id)).filter((m) => m.kind === 'quote.offer_accepted');
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain(`- ${parts[0]!.partNumber} ${parts[0]!.name}: Accepted, 12,000 × $1.25 = $15,000.00`);
      expect(mail.text).toContain(
        `- ${parts[1]!.partNumber} ${parts[1]!.name}: Accepted the alternative ${parts[4]!.partNumber} ${parts[4]!.name}, 5 × $45.00 = $225.00`,
      );
      expect(mail.text).toContain(`- ${parts[2]!.partNumber} ${parts[2]!.name}: Declined`);
      expect(mail.text).toContain(`- ${parts[3]!.partNumber} ${parts[3]!.name}: Cannot supply (Discontinued by the maker)`);
      expect(mail.text).toContain('Accepted total: $15,225.00');
    }
    const sentMail = (await outboxFor(request.id)).find((m) => m.kind === 'quote.offer_sent' && m.toAccount === buyer.username);
    expect(sentMail?.text).toContain('12,000 × $1.25 = $15,000.00');
  });

  test("the accepted offer's PDF lists each line's answer and the accepted total, with separators", async () => {
    const request = await submitRequest();
    await sendOffer(request.id);
    await acceptSome(request.id);
    const res = await api.call('GET', `/api/quote-requests/${request.id}/offers/1/pdf`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      '12,000',
      '$15,000.00',
      `${parts[0]!.partNumber}: Accepted`,
      `${parts[1]!.partNumber}: Accepted the alternative ${parts[4]!.partNumber}`,
      `${parts[2]!.partNumber}: Declined`,
      `${parts[3]!.partNumber}: Cannot supply`,
      'Accepted total: $15,225.00',
      DEFAULT_SITE_SETTINGS.companyName,
    ]) {
      expect(flat).toContain(expected);
    }
  });
});
