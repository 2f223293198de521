import { afterAll, beforeAll, expect, test } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QuoteRequest } from '@parts/shared/schemas';
import { addDays, utcDay, type OfferWithPrevious } from '@parts/shared/quote-offers';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import { keys } from '../../src/adapters/dynamodb/keys';

/**
 * Issue 29: a 2,000-line offer is sent, stored within DynamoDB's item size (lines in pages of 100 beside the
 * offer item), and read back. One with every text at its longest passes the 4 MiB body but not the store's
 * bound on one transaction (DynamoDB's 4 MB): a 400 that says so, never a 500.
 */

const clock = new Date('2026-11-26T10:00:00Z');
const LINES = 2000;
/** DynamoDB's item size limit (names and values, UTF-8). */
const ITEM_LIMIT = 400 * 1024;
let api: Api;

beforeAll(async () => {
  api = await createApi({ now: () => clock });
});
afterAll(async () => {
  reportRejected('offer-2000-lines.test.ts');
  await api.close();
});

test('every line priced with 5 breaks, an alternative and notes: sent, each stored item under 400 KB, read back whole; the longest texts everywhere are a 400', async () => {
  const admin = await api.admin();
  const buyer = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  const alt = await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
  const items = Array.from({ length: LINES }, (_, i) => ({
    freeText: { partNumber: `P-${String(i).padStart(6, '0')}-${'X'.repeat(80)}`, manufacturer: 'M'.repeat(100), description: 'D'.repeat(200) },
    quantity: 1000,
  }));
  const submitted = await api.call('POST', '/api/quote-requests', {
    cookie: buyer.cookie,
    json: { customerName: 'Ada', customerEmail: 'ada@example.com', items },
  });
  expect(submitted.status, await submitted.clone().text()).toBe(201);
  const quote = (await submitted.json()) as QuoteRequest;

  const lines = quote.items.map((item) => ({
    itemId: item.id,
    status: 'offered',
    quantity: 1000,
    unitPriceMicros: 999_999_900_000,
    priceBreaks: [2, 10, 100, 500, 1000].map((minQuantity, i) => ({ minQuantity, unitPriceMicros: 999_999_900_000 - (i + 1) * 100 })),
    leadTime: 730,
    minimumOrderQuantity: 1,
    alternative: { partId: alt.id, unitPriceMicros: 123_456_700, note: 'a'.repeat(100) },
    note: 'n'.repeat(200),
  }));
  const sent = await api.call('POST', `/api/quote-requests/${quote.id}/offers`, {
    cookie: admin.cookie,
    json: { basedOnVersion: 0, validUntil: addDays(utcDay(clock), 30), message: 'm'.repeat(5000), lines },
  });
  expect(sent.status, (await sent.clone().text()).slice(0, 300)).toBe(201);

  const read = await api.call('GET', `/api/quote-requests/${quote.id}/offers/1`, { cookie: admin.cookie });
  const { offer } = (await read.json()) as OfferWithPrevious;
  expect(offer.lines).toHaveLength(LINES);
  expect(offer.lines[LINES - 1]).toMatchObject({ itemId: quote.items[LINES - 1]!.id, note: 'n'.repeat(200) });

  // Every stored item of the offer (the head and its line pages) is within the item size limit.
  const stored = await api.deps.doc.send(
    new QueryCommand({
      TableName: api.deps.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :offer)',
      ExpressionAttributeValues: { ':pk': keys.quote(quote.id).pk, ':offer': 'OFFER' },
    }),
  );
  const sizes = stored.Items!.map((item) => Buffer.byteLength(JSON.stringify(item)));
  expect(sizes.length).toBeGreaterThan(1);
  expect(Math.max(...sizes)).toBeLessThan(ITEM_LIMIT);

  const longest = lines.map((l) => ({ ...l, note: 'n'.repeat(500), alternative: { ...l.alternative, note: 'a'.repeat(300) } }));
  await expectRejected(
    api.call('POST', `/api/quote-requests/${quote.id}/offers`, {
      cookie: admin.cookie,
      json: { basedOnVersion: 1, validUntil: addDays(utcDay(clock), 30), lines: longest },
    }),
    400,
    'This offer is too large to store; shorten its notes',
  );
  // A 2,000-line request, and two 2,000-line offers, on a shared machine.
}, 90_000);
