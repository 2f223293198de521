import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';

/** Issue 29 item 3: the bulk rule "catalogue price ± x %" reads the picked parts' catalogue prices, exactly, in micros. */

let api: Api;
beforeAll(async () => {
  api = await createApi();
});
afterAll(async () => {
  reportRejected('part-prices.test.ts');
  await api.close();
});

test('the admin gets the catalogue prices in micros of the parts that have one; bad input is a 400, others are refused', async () => {
  const admin = await api.admin();
  const buyer = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  const priced = await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, price: 12.35 } as never));
  const unpriced = await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, price: null } as never));

  const res = await api.call('POST', '/api/parts/prices', { cookie: admin.cookie, json: { ids: [priced.id, unpriced.id, 987654] } });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await res.json()).toEqual({ prices: [{ id: priced.id, priceMicros: 12_350_000 }] });

  await expectRejected(api.call('POST', '/api/parts/prices', { cookie: admin.cookie, json: { ids: [] } }), 400);
  await expectRejected(api.call('POST', '/api/parts/prices', { cookie: admin.cookie, json: { ids: ['x'] } }), 400);
  await expectRejected(api.call('POST', '/api/parts/prices', { cookie: admin.cookie, json: { ids: Array.from({ length: 2001 }, (_, i) => i + 1) } }), 400);
  await expectRejected(api.call('POST', '/api/parts/prices', { cookie: buyer.cookie, json: { ids: [priced.id] } }), 403);
}, 60_000);
