import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { QuoteRequest } from '@parts/shared/schemas';
import type { OfferDraft, OfferDraftLine } from '@parts/shared/offer-drafts';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import { keys } from '../../src/adapters/dynamodb/keys';
import { DRAFT_LINES_MISMATCH } from '../../src/modules/quotes/offer-draft-service';

/**
 * Issue 29 item 2 (ADR 126): the offer editor's draft kept on the server. A half-priced 2,000-line draft saved by
 * one admin is read back whole by another (another device, a second admin sees who saved it and when), stored
 * in items within DynamoDB's size limit; a shorter draft leaves no stale pages; only the admin reaches it.
 */

const clock = new Date('2026-11-26T10:00:00Z');
const LINES = 2000;
const ITEM_LIMIT = 400 * 1024;
let api: Api;
let quote: QuoteRequest;

const draftLine = (itemId: number, i: number, priced: boolean): OfferDraftLine => ({
  itemId,
  supply: i % 97 !== 0,
  quantity: String(10 + i),
  price: priced ? `${(i % 90) + 1}.25` : '',
  breaks: priced ? [{ minQuantity: '100', price: `${(i % 90) + 1}.00` }] : [],
  inStock: i % 3 === 0,
  leadDays: i % 3 === 0 ? '' : String(7 + (i % 30)),
  moq: '1',
  note: priced ? `Supplier quote ${i * 7919} of 2026-11-${String((i % 28) + 1).padStart(2, '0')}` : '',
  reason: i % 97 === 0 ? 'Discontinued by the manufacturer' : '',
  alternative: null,
});
const storedDraftItems = async () =>
  (
    await api.deps.doc.send(
      new QueryCommand({
        TableName: api.deps.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':pk': keys.quote(quote.id).pk, ':d': 'DRAFT' },
      }),
    )
  ).Items!;

beforeAll(async () => {
  api = await createApi({ now: () => clock });
  const buyer = await api.customer();
  const items = Array.from({ length: LINES }, (_, i) => ({ freeText: { partNumber: `DRAFT-${i}`, description: `Line ${i}` }, quantity: 10 + i }));
  const res = await api.call('POST', '/api/quote-requests', { cookie: buyer.cookie, json: { customerName: 'Ada', customerEmail: 'ada@example.com', items } });
  expect(res.status).toBe(201);
  quote = (await res.json()) as QuoteRequest;
}, 60_000);
afterAll(async () => {
  reportRejected('offer-draft.test.ts');
  await api.close();
});

describe('the offer draft on the server', () => {
  test('a half-priced 2,000-line draft survives: another admin reads it whole with who saved it and when; each item under 400 KB', async () => {
    const first = await api.admin();
    const second = await api.admin();
    const none = await api.call('GET', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: first.cookie });
    expect(await none.json()).toEqual({ draft: null });

    const lines = quote.items.map((item, i) => draftLine(item.id, i, i < LINES / 2));
    const input = { basedOnVersion: 0, validUntil: '2026-12-26', message: 'Half priced; the rest tomorrow', lines };
    const saved = await api.call('PUT', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: first.cookie, json: input });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const read = await api.call('GET', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: second.cookie });
    const { draft } = (await read.json()) as { draft: OfferDraft };
    expect(draft).toEqual({ ...input, savedBy: first.username, savedAt: clock.toISOString() });

    const stored = await storedDraftItems();
    expect(stored.length).toBeGreaterThan(1);
    expect(Math.max(...stored.map((item) => Buffer.byteLength(JSON.stringify(item))))).toBeLessThan(ITEM_LIMIT);

    // The second admin saves a shorter draft: it replaces the first whole, no page of the longer one is left.
    const short = { ...input, message: '', lines: quote.items.map((item, i) => draftLine(item.id, i, false)) };
    expect((await api.call('PUT', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: second.cookie, json: short })).status).toBe(200);
    const again = (await (await api.call('GET', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: first.cookie })).json()) as { draft: OfferDraft };
    expect(again.draft).toEqual({ ...short, savedBy: second.username, savedAt: clock.toISOString() });
    const head = (await storedDraftItems()).find((i) => i.sk === 'DRAFT')!;
    expect(await storedDraftItems()).toHaveLength(Number(head.pages) + 1);

    // Discarded (or sent): gone.
    expect((await api.call('DELETE', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: first.cookie })).status).toBe(204);
    expect(await (await api.call('GET', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: first.cookie })).json()).toEqual({ draft: null });
    expect(await storedDraftItems()).toHaveLength(0);
  }, 60_000);

  test('bad drafts are a 400 with a message; the buyer and strangers cannot reach it; an unknown request is a 404', async () => {
    const admin = await api.admin();
    const buyer = await api.customer();
    const lines = quote.items.map((item, i) => draftLine(item.id, i, true));
    const put = (json: unknown, cookie = admin.cookie, id = quote.id) => api.call('PUT', `/api/quote-requests/${id}/offer-draft`, { cookie, json });

    await expectRejected(put({ basedOnVersion: 0, validUntil: '', message: '', lines: lines.slice(1) }), 400, DRAFT_LINES_MISMATCH);
    await expectRejected(put({ basedOnVersion: 0, validUntil: '', message: '', lines: [...lines.slice(1), lines[0]] }), 400, DRAFT_LINES_MISMATCH);
    await expectRejected(put({ basedOnVersion: 0, validUntil: '', message: '', lines: [{ ...lines[0], price: '9'.repeat(41) }, ...lines.slice(1)] }), 400);
    await expectRejected(put({ basedOnVersion: -1, validUntil: '', message: '', lines }), 400);
    await expectRejected(
      api.call('PUT', `/api/quote-requests/${quote.id}/offer-draft`, {
        cookie: admin.cookie,
        body: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    await expectRejected(put({ basedOnVersion: 0, validUntil: '', message: '', lines }, buyer.cookie), 403);
    await expectRejected(api.call('GET', `/api/quote-requests/${quote.id}/offer-draft`, { cookie: buyer.cookie }), 403);
    await expectRejected(api.call('GET', `/api/quote-requests/${quote.id}/offer-draft`, {}), 401);
    await expectRejected(api.call('GET', `/api/quote-requests/999999/offer-draft`, { cookie: admin.cookie }), 404);
    await expectRejected(put({ basedOnVersion: 0, validUntil: '', message: '', lines }, admin.cookie, 999999), 404);
  }, 60_000);
});
