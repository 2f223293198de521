import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { buildPartInput, createCatalogFixture, unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from '../api/api-helpers';

/** Registration (per address) and quote submission (per account and per address) limits, shared through DynamoDB. */
let clock = new Date('2026-03-02T09:00:00Z').getTime();
let api: Api;
let partId: number;
beforeAll(async () => {
  api = await createApi((deps) => ({
    env: { ...deps.env, TRUST_CLOUDFRONT_VIEWER_ADDRESS: true, RATE_LIMIT_QUOTES_PER_HOUR: 2 },
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
