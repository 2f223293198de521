import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { buildPartInput, createCatalogFixture, unique } from '../support/builders';
import { addDays, utcDay } from '@parts/shared/quote-offers';
import type { QuoteRequest } from '@parts/shared/schemas';
import { buildApp } from '../../src/app';
import { createApi, expectRejected, reportRejected, type Api } from '../api/api-helpers';

/**
 * Registration (per address), quote submission, messages, revision requests and parts-list reads (per account
 * and per address): one limiter and one policy table (services/rate-policies.ts), shared through DynamoDB.
 */
let clock = new Date('2026-03-02T09:00:00Z').getTime();
let api: Api;
let partId: number;
beforeAll(async () => {
  api = await createApi((deps) => ({
    env: {
      ...deps.env,
      TRUST_CLOUDFRONT_VIEWER_ADDRESS: true,
      RATE_LIMIT_QUOTES_PER_HOUR: 2,
      RATE_LIMIT_MESSAGES_PER_HOUR: 3,
      RATE_LIMIT_REVISIONS_PER_HOUR: 2,
      RATE_LIMIT_BOM_READS_PER_10_MINUTES: 4,
    },
    now: () => new Date(clock),
  }));
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  partId = (await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }))).id;
});
afterAll(async () => {
  reportRejected('rate-limits.test.ts');
  await api.close();
});

const from = (address: string) => ({ 'cloudfront-viewer-address': `${address}:443` });
describe('registration', () => {
  test('at most RATE_LIMIT_REGISTRATIONS_PER_HOUR new accounts per address per hour, even when sent at once', async () => {
    const limited = await createApi((deps) => ({
      env: { ...deps.env, TRUST_CLOUDFRONT_VIEWER_ADDRESS: true, RATE_LIMIT_REGISTRATIONS_PER_HOUR: 3 },
      now: () => new Date(clock),
    }));
    onTestFinished(() => limited.close());
    const register = (address: string) =>
      limited.call('POST', '/api/auth/register', { json: { username: unique('reg'), password: 'secret1' }, headers: from(address) });
    const results = await Promise.all(Array.from({ length: 6 }, () => register('198.51.100.5')));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRejected(refused, 429, /^Too many new accounts from your network\. Try again in \d+ minutes\.$/);
    expect((await register('198.51.100.6')).status).toBe(201);
    clock += 60 * 60 * 1000;
    expect((await register('198.51.100.5')).status).toBe(201);
  });
});

describe('quote submission', () => {
  const submit = (cookie: string, address: string, path = '/api/quote-requests') =>
    api.call('POST', path, {
      cookie,
      headers: from(address),
      json: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', items: [{ partId, quantity: 1 }] },
    });

  test('at most RATE_LIMIT_QUOTES_PER_HOUR per account, counted before anything is stored', async () => {
    const customer = await api.customer();
    const before = await api.deps.quotes.countQuoteRequests();
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(customer.cookie, '203.0.113.7')));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 429, 429, 429]);
    await expectRejected(
      results.find((r) => r.status === 429)!,
      429,
      /^Too many quote requests\. Try again in \d+ minutes\.$/,
    );
    expect(await api.deps.quotes.countQuoteRequests()).toBe(before + 2);
    // Another account is not held back by this one.
    expect((await submit((await api.customer()).cookie, '203.0.113.8')).status).toBe(201);
  });

  test('and three times that per address, whichever accounts it uses', async () => {
    clock += 60 * 60 * 1000;
    const accounts = await Promise.all(Array.from({ length: 4 }, () => api.customer()));
    const statuses: number[] = [];
    // The spec's path and the customers' own route share the limits.
    for (const account of accounts) {
      statuses.push((await submit(account.cookie, '198.18.0.9')).status);
      statuses.push((await submit(account.cookie, '198.18.0.9', '/api/quote-requests/submissions')).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429, 429]);
  });
});

/** A request of the buyer's. */
async function submittedRequest(customer: { cookie: string }, address: string): Promise<QuoteRequest> {
  const res = await api.call('POST', '/api/quote-requests', {
    cookie: customer.cookie,
    headers: from(address),
    json: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', items: [{ partId, quantity: 1 }] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as QuoteRequest;
}

/** A request of the buyer's with an offer from the reseller (version 1, open). */
async function offeredRequest(customer: { cookie: string }, address: string): Promise<QuoteRequest> {
  const quote = await submittedRequest(customer, address);
  const admin = await api.admin();
  const offer = await api.call('POST', `/api/quote-requests/${quote.id}/offers`, {
    cookie: admin.cookie,
    json: {
      basedOnVersion: 0,
      validUntil: addDays(utcDay(new Date(clock)), 14),
      lines: [{ itemId: 1, status: 'offered', quantity: 1, unitPriceCents: 1250, priceBreaks: [], leadTime: 'in_stock', minimumOrderQuantity: 1 }],
    },
  });
  expect(offer.status, await offer.clone().text()).toBe(201);
  return quote;
}

describe('quote messages (issue 26: 150 of 150 were accepted in 19 s, each mailing the reseller)', () => {
  const post = (cookie: string, quoteId: number, address: string) =>
    api.call('POST', `/api/quote-requests/${quoteId}/messages`, { cookie, headers: from(address), json: { body: 'Any news?' } });

  test('at most RATE_LIMIT_MESSAGES_PER_HOUR per account, with Retry-After, counted before anything is stored', async () => {
    clock += 60 * 60 * 1000;
    const customer = await api.customer();
    const quote = await submittedRequest(customer, '192.0.2.10');
    const results = await Promise.all(Array.from({ length: 6 }, () => post(customer.cookie, quote.id, '192.0.2.10')));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRejected(refused, 429, /^Too many messages\. Try again in \d+ minutes\.$/);
    const page = (await (await api.call('GET', `/api/quote-requests/${quote.id}/messages`, { cookie: customer.cookie })).json()) as { data: unknown[] };
    expect(page.data).toHaveLength(3);
    // A new window lets the buyer write again.
    clock += 60 * 60 * 1000;
    expect((await post(customer.cookie, quote.id, '192.0.2.10')).status).toBe(201);
  });

  test('and three times that per address, whichever accounts it uses', async () => {
    clock += 60 * 60 * 1000;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const customer = await api.customer();
      const quote = await submittedRequest(customer, `198.51.100.${100 + i}`);
      for (let j = 0; j < 3; j++) statuses.push((await post(customer.cookie, quote.id, '198.51.100.99')).status);
    }
    expect(statuses).toEqual([...Array(9).fill(201), 429, 429, 429]);
  });
});

describe('revision requests', () => {
  test('at most RATE_LIMIT_REVISIONS_PER_HOUR per account (refused attempts count too), with Retry-After', async () => {
    clock += 60 * 60 * 1000;
    const customer = await api.customer();
    const quote = await offeredRequest(customer, '192.0.2.20');
    const ask = () =>
      api.call('POST', `/api/quote-requests/${quote.id}/offers/1/revision-request`, {
        cookie: customer.cookie,
        headers: from('192.0.2.20'),
        json: { message: 'Cheaper please' },
      });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(409);
    const refused = await ask();
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRejected(refused, 429, /^Too many revision requests\. Try again in \d+ minutes\.$/);
  });
});

describe('parts-list reads (parse and match)', () => {
  const match = (app: { request: Api['app']['request'] }, address: string, cookie?: string) =>
    Promise.resolve(
      app.request('/api/bom/match', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from(address), ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ lines: [{ partNumber: 'X' }] }),
      }),
    );
  const parse = (address: string, cookie?: string) =>
    api.call('POST', '/api/bom/parse', { headers: from(address), json: { text: 'Part Number\nX-1' }, ...(cookie ? { cookie } : {}) });

  test('per address, counted by every API instance together (one shared limiter, not one per instance)', async () => {
    clock += 60 * 60 * 1000;
    const second = buildApp(api.deps);
    const statuses = [
      (await match(api.app, '203.0.113.30')).status,
      (await match(second, '203.0.113.30')).status,
      (await parse('203.0.113.30')).status,
      (await match(second, '203.0.113.30')).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200]);
    const refused = await match(second, '203.0.113.30');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRejected(refused, 429, /^Too many parts lists in a short time; try again in \d+ minutes$/);
    expect((await match(api.app, '203.0.113.31')).status).toBe(200);
  });

  test('per account, whichever addresses it uses', async () => {
    clock += 60 * 60 * 1000;
    const customer = await api.customer();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await parse(`203.0.113.${40 + i}`, customer.cookie)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
