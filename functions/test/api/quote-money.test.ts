import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { QuoteRequest } from '@parts/shared/schemas';
import { addDays, utcDay, type Offer } from '@parts/shared/quote-offers';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import { keys } from '../../src/adapters/dynamodb/keys';

/** Issue 25: prices the reseller and the buyer can trust (sub-cent unit prices, price breaks, needed-by dates). */

/** The API's clock, fixed so "today" and "the past" are known. */
const clock = new Date('2026-11-26T10:00:00Z');
let api: Api;
let admin: { cookie: string };
let buyer: { cookie: string };
let parts: StoredPart[];

beforeAll(async () => {
  api = await createApi({ now: () => clock });
  admin = await api.admin();
  buyer = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  parts = [];
  for (let i = 0; i < 2; i++) parts.push(await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })));
});
afterAll(async () => {
  reportRejected('quote-money.test.ts');
  await api.close();
});

const customer = { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' };
const submit = (items: unknown[]) => api.call('POST', '/api/quote-requests', { cookie: buyer.cookie, json: { ...customer, items } });

async function request(quantity = 100_000): Promise<QuoteRequest> {
  const res = await submit([{ partId: parts[0]!.id, quantity }]);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as QuoteRequest;
}
const sendOffer = (id: number, line: Record<string, unknown>) =>
  api.call('POST', `/api/quote-requests/${id}/offers`, {
    cookie: admin.cookie,
    json: { basedOnVersion: 0, validUntil: addDays(utcDay(clock), 14), lines: [{ itemId: 1, status: 'offered', leadTime: 10, ...line }] },
  });

describe('unit prices below a cent', () => {
  test('$0.335 a piece for 100,000 pieces is offered, and the line total is rounded to cents once', async () => {
    const quote = await request(100_001);
    const res = await sendOffer(quote.id, { quantity: 100_001, unitPriceMicros: 335_000, priceBreaks: [] });
    expect(res.status, await res.clone().text()).toBe(201);
    const { offer } = (await res.json()) as { offer: Offer };
    // 100,001 × $0.335 = $33,500.335 → $33,500.34 (half a cent and up rounds up).
    expect(offer.lines[0]).toMatchObject({ unitPriceMicros: 335_000, appliedUnitPriceMicros: 335_000, lineTotalCents: 3_350_034 });
    expect(offer.totalCents).toBe(3_350_034);
  });

  test('more than 4 decimals are refused, not rounded', async () => {
    const quote = await request();
    await expectRejected(sendOffer(quote.id, { quantity: 100_000, unitPriceMicros: 335_005, priceBreaks: [] }), 400, 'Use at most 4 decimals in a unit price');
  });
});

describe('price breaks', () => {
  test('a break that raises the price is refused with a message that names it', async () => {
    const quote = await request(10);
    await expectRejected(
      sendOffer(quote.id, { quantity: 10, unitPriceMicros: 12_500_000, priceBreaks: [{ minQuantity: 2, unitPriceMicros: 20_000_000 }] }),
      400,
      'The price break from 2 pieces ($20.00) is higher than the price before it ($12.50); prices must not rise with quantity',
    );
    await expectRejected(
      sendOffer(quote.id, {
        quantity: 10,
        unitPriceMicros: 12_500_000,
        priceBreaks: [
          { minQuantity: 5, unitPriceMicros: 11_000_000 },
          { minQuantity: 10, unitPriceMicros: 11_500_000 },
        ],
      }),
      400,
      'The price break from 10 pieces ($11.50) is higher than the price before it ($11.00); prices must not rise with quantity',
    );
  });
});

describe('needed-by dates', () => {
  test('a day that is over everywhere is refused; today is accepted', async () => {
    await expectRejected(
      submit([{ partId: parts[0]!.id, quantity: 1, neededBy: '2026-11-20' }]),
      400,
      'The needed-by date 2026-11-20 is in the past; choose today or a later day',
    );
    await expectRejected(
      submit([{ partId: parts[0]!.id, quantity: 1, neededBy: '2026-11-24' }]),
      400,
      'The needed-by date 2026-11-24 is in the past; choose today or a later day',
    );
    // It is still the 25th in some places (UTC-12) when it is 10:00 UTC on the 26th.
    const res = await submit([{ partId: parts[0]!.id, quantity: 1, neededBy: '2026-11-25' }]);
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

describe('offers stored before sub-cent prices', () => {
  test('a version stored with prices in cents reads back in micros, with its totals, and can be accepted', async () => {
    const quote = await request(10);
    const res = await sendOffer(quote.id, { quantity: 10, unitPriceMicros: 12_500_000, priceBreaks: [{ minQuantity: 10, unitPriceMicros: 11_000_000 }] });
    expect(res.status).toBe(201);
    // Rewrite the stored line as the earlier code wrote it (unit prices in cents).
    const key = keys.quoteOffer(quote.id, 1);
    const { Item } = await api.deps.doc.send(new GetCommand({ TableName: api.deps.tableName, Key: key, ConsistentRead: true }));
    const [line] = Item!.lines as Record<string, unknown>[];
    const { unitPriceMicros: _u, appliedUnitPriceMicros: _a, ...rest } = line!;
    const old = { ...rest, unitPriceCents: 1250, appliedUnitPriceCents: 1100, priceBreaks: [{ minQuantity: 10, unitPriceCents: 1100 }] };
    await api.deps.doc.send(new PutCommand({ TableName: api.deps.tableName, Item: { ...Item, lines: [old] } }));

    const read = await api.call('GET', `/api/quote-requests/${quote.id}/offers/1`, { cookie: buyer.cookie });
    expect(read.status).toBe(200);
    const { offer } = (await read.json()) as { offer: Offer };
    expect(offer.lines[0]).toMatchObject({
      unitPriceMicros: 12_500_000,
      appliedUnitPriceMicros: 11_000_000,
      priceBreaks: [{ minQuantity: 10, unitPriceMicros: 11_000_000 }],
      lineTotalCents: 11_000,
    });
    expect(offer.lines[0]).not.toHaveProperty('unitPriceCents');
    const pdf = await api.call('GET', `/api/quote-requests/${quote.id}/offers/1/pdf`, { cookie: buyer.cookie });
    expect(pdf.status).toBe(200);
    const accepted = await api.call('POST', `/api/quote-requests/${quote.id}/offers/1/accept`, {
      cookie: buyer.cookie,
      json: { lines: [{ itemId: 1, choice: 'offered' }] },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
  });
});

describe('target prices', () => {
  test('typed text is read by the money reader: 12,50 is $12.50, $0.335 keeps its decimals, 1,234 is refused with both readings', async () => {
    const res = await submit([
      { partId: parts[0]!.id, quantity: 1, targetPrice: '12,50' },
      { partId: parts[1]!.id, quantity: 1, targetPrice: '$0.335' },
    ]);
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as QuoteRequest;
    expect(created.items.map((i) => i.targetPrice)).toEqual([12.5, 0.335]);
    await expectRejected(
      submit([{ partId: parts[0]!.id, quantity: 1, targetPrice: '1,234' }]),
      400,
      'Target price: “1,234” could be $1,234.00 or $1.234: type 1234 or 1.2340',
    );
    await expectRejected(submit([{ partId: parts[0]!.id, quantity: 1, targetPrice: '0.33333' }]), 400, 'Target price: Use at most 4 decimals in a unit price');
  });
});
