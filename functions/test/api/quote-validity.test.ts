import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { QuoteRequest } from '@parts/shared/schemas';
import { addDays, utcDay, type Offer, type QuoteRequestDetail } from '@parts/shared/quote-offers';
import { DEFAULT_SITE_SETTINGS } from '@parts/shared/site-settings';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { createApi, expectRejected, reportRejected, sessionCookie, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import { createOfferExpiryJob } from '../../src/modules/quotes';
import { silentLogger } from '../../src/lib/logger';

/**
 * Issue 28, "expiry for real": on top of the scheduled expiry job (ADR 113), the buyer's reminder some days
 * before the last valid day (once per version) and the reseller's "extend validity" without a new version.
 */

/** The API's and the job's clock: tests move it forward. */
let clock = new Date();
let api: Api;
let admin: { cookie: string; username: string };
let buyer: { cookie: string; username: string; id: number };
let part: StoredPart;

beforeAll(async () => {
  api = await createApi({ now: () => clock });
  admin = await api.admin();
  buyer = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  part = await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
});
afterAll(async () => {
  reportRejected('quote-validity.test.ts');
  await api.close();
});

const today = () => utcDay(clock);

/** Moves the clock `days` on; sessions last 24 h, so both sides sign in again on the later day. */
async function later(days: number) {
  clock = new Date(clock.getTime() + days * 86_400_000);
  const login = async (username: string, password: string) => sessionCookie(await api.call('POST', '/api/auth/login', { json: { username, password } }));
  admin.cookie = await login(admin.username, 'admin123');
  buyer.cookie = await login(buyer.username, 'secret1');
}
const job = (daysBefore = 3) =>
  createOfferExpiryJob({ quotes: api.deps.quotes, logger: silentLogger, site: DEFAULT_SITE_SETTINGS, now: () => clock, reminders: { daysBefore } });

async function json<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const body = await r.text();
  expect(r.status, body).toBe(status);
  return JSON.parse(body) as T;
}

/** A request of one line (1,500 of the part) with version 1 of an offer valid for `days` more days. */
async function offered(days: number): Promise<QuoteRequest> {
  const request = await json<QuoteRequest>(
    api.call('POST', '/api/quote-requests', {
      cookie: buyer.cookie,
      json: { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', items: [{ partId: part.id, quantity: 1500 }] },
    }),
    201,
  );
  await json<{ offer: Offer }>(
    api.call('POST', `/api/quote-requests/${request.id}/offers`, {
      cookie: admin.cookie,
      json: {
        basedOnVersion: 0,
        validUntil: addDays(today(), days),
        lines: [{ itemId: 1, status: 'offered', quantity: 1500, unitPriceMicros: 2_000_000, priceBreaks: [], leadTime: 10, minimumOrderQuantity: 1 }],
      },
    }),
    201,
  );
  return request;
}

const extend = (id: number, validUntil: string, who = admin.cookie, version = 1) =>
  api.call('POST', `/api/quote-requests/${id}/offers/${version}/extend`, { cookie: who, json: { validUntil } });

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

describe('the buyer is reminded before an offer runs out', () => {
  test('once, QUOTE_REMINDER_DAYS_BEFORE days before the last valid day, with the total and the last day', async () => {
    const soon = await offered(3);
    const distant = await offered(10);
    await job().run();
    const reminders = await mailsOf(soon.id, 'quote.offer_expiring');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({
      toAccount: buyer.username,
      subject: `Reminder: our offer for quote request #${soon.id} is valid until ${addDays(today(), 3)}`,
    });
    expect(reminders[0]!.text).toContain('($3,000.00) is valid until');
    expect(reminders[0]!.text).toContain('(3 days left)');
    expect(await mailsOf(distant.id, 'quote.offer_expiring')).toHaveLength(0);

    // A second run (or an overlapping one) sends no second reminder.
    await job().run();
    expect(await mailsOf(soon.id, 'quote.offer_expiring')).toHaveLength(1);

    // Seven days on, the later offer's turn comes; the first one has run out and gets none.
    await later(7);
    const result = await job().run();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await mailsOf(distant.id, 'quote.offer_expiring')).toHaveLength(1);
    expect(await mailsOf(soon.id, 'quote.offer_expiring')).toHaveLength(1);
  });

  test('0 days before means no reminder', async () => {
    clock = new Date();
    await later(0);
    const request = await offered(1);
    await job(0).run();
    expect(await mailsOf(request.id, 'quote.offer_expiring')).toHaveLength(0);
  });
});

describe('an offer that runs out is reported to both sides', () => {
  test('the job that records the expiry mails the buyer and the reseller, once each even when two runs overlap', async () => {
    clock = new Date();
    await later(0);
    const request = await offered(1);
    await later(2);
    const [first, second] = await Promise.all([job(0).run(), job(0).run()]);
    expect(first.expired + second.expired).toBeGreaterThanOrEqual(1);
    await job(0).run();
    const mails = await mailsOf(request.id, 'quote.offer_expired');
    expect(mails).toHaveLength(2);
    const toBuyer = mails.find((m) => m.toAccount === buyer.username);
    const toReseller = mails.find((m) => m.to.includes(DEFAULT_SITE_SETTINGS.quotesEmail));
    expect(toBuyer?.subject).toBe(`Our offer for quote request #${request.id} has expired`);
    expect(toBuyer?.text).toContain(`($3,000.00) was valid until ${addDays(today(), -1)} and can no longer be accepted.`);
    expect(toReseller?.subject).toBe(`Quote request #${request.id}: offer version 1 expired unanswered`);
  });

  test('an offer the buyer answered in time gets no expiry mail', async () => {
    clock = new Date();
    await later(0);
    const request = await offered(1);
    await json(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, { cookie: buyer.cookie, json: { lines: [{ itemId: 1, choice: 'offered' }] } }),
      200,
    );
    await later(2);
    await job(0).run();
    expect(await mailsOf(request.id, 'quote.offer_expired')).toHaveLength(0);
  });
});

describe('the reseller extends the validity without a new version', () => {
  test('the same version is valid longer: history entry, mail to the buyer, still one version; the buyer can accept', async () => {
    clock = new Date();
    await later(0);
    const request = await offered(5);
    const newDay = addDays(today(), 20);
    const quote = await json<QuoteRequest>(extend(request.id, newDay), 200);
    expect(quote.offer).toMatchObject({ version: 1, state: 'open', validUntil: newDay });
    expect(quote.waitingFor).toBe('buyer');
    expect(quote.history.at(-1)).toMatchObject({
      event: 'offer_extended',
      by: admin.username,
      version: 1,
      note: `Valid until ${newDay} (was ${addDays(today(), 5)})`,
    });
    const detail = await json<QuoteRequestDetail>(api.call('GET', `/api/quote-requests/${request.id}`, { cookie: buyer.cookie }), 200);
    expect(detail.offers).toHaveLength(1);
    expect(detail.offers[0]).toMatchObject({ version: 1, validUntil: newDay });
    const offer = await json<{ offer: Offer }>(api.call('GET', `/api/quote-requests/${request.id}/offers/1`, { cookie: buyer.cookie }), 200);
    expect(offer.offer.validUntil).toBe(newDay);
    const mails = await mailsOf(request.id, 'quote.offer_extended');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAccount: buyer.username, subject: `Our offer for quote request #${request.id} is now valid until ${newDay}` });

    // Past the old day, it is still open and can be accepted.
    await later(10);
    await job().run();
    const accepted = await json<{ quote: QuoteRequest }>(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, { cookie: buyer.cookie, json: { lines: [{ itemId: 1, choice: 'offered' }] } }),
      200,
    );
    expect(accepted.quote.offer?.state).toBe('accepted');
  });

  test('an expired offer opens again; the reminder is due again before its new day', async () => {
    clock = new Date();
    await later(0);
    const request = await offered(2);
    await job().run();
    expect(await mailsOf(request.id, 'quote.offer_expiring')).toHaveLength(1);
    await later(3);
    await job().run();
    await expectRejected(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, { cookie: buyer.cookie, json: { lines: [{ itemId: 1, choice: 'offered' }] } }),
      409,
      /expired on .* and can no longer be accepted/,
    );
    const quote = await json<QuoteRequest>(extend(request.id, addDays(today(), 2)), 200);
    expect(quote.offer).toMatchObject({ state: 'open' });
    expect(quote.waitingFor).toBe('buyer');
    await job().run();
    expect(await mailsOf(request.id, 'quote.offer_expiring')).toHaveLength(2);
  });

  test('refusals: the buyer cannot extend; an earlier day, a past day or an answered offer are refused; nothing changes', async () => {
    clock = new Date();
    await later(0);
    const request = await offered(5);
    await expectRejected(extend(request.id, addDays(today(), 9), buyer.cookie), 403);
    await expectRejected(extend(request.id, addDays(today(), 4)), 400, `Choose a day after the current validity date, ${addDays(today(), 5)}`);
    await expectRejected(extend(request.id, addDays(today(), 400)), 400, 'The offer can be valid for at most 366 days');
    await expectRejected(extend(request.id, 'someday'), 400);
    await expectRejected(extend(request.id, addDays(today(), 9), admin.cookie, 2), 404);
    await json(
      api.call('POST', `/api/quote-requests/${request.id}/offers/1/accept`, { cookie: buyer.cookie, json: { lines: [{ itemId: 1, choice: 'offered' }] } }),
      200,
    );
    await expectRejected(extend(request.id, addDays(today(), 9)), 409, 'This offer was already accepted');
    expect(await mailsOf(request.id, 'quote.offer_extended')).toHaveLength(0);
  });
});
