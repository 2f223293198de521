import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { QuoteRequest, QuoteStatus } from '@parts/shared/schemas';
import { createApi, expectRejected, reportRejected, type Api } from '../api/api-helpers';

/**
 * R6: one customer's 160 requests made the admin list 6.2 MB, over Lambda's 6 MB response limit.
 * Both quote lists now answer pages of at most 50, by cursor, with a status filter and (admin) a search.
 */
type Page = { data: QuoteRequest[]; nextCursor: string | null };
let api: Api;
let admin: string;
let buyer: { cookie: string; username: string };
const created: QuoteRequest[] = [];

beforeAll(async () => {
  api = await createApi();
  admin = (await api.admin()).cookie;
  buyer = await api.customer();
  const statuses: QuoteStatus[] = ['pending', 'pending', 'approved', 'processing'];
  // 110 requests, 55 of them the buyer's; written in order so "newest first" is checkable.
  for (let i = 0; i < 110; i++) {
    created.push(
      await api.deps.quotes.createQuoteRequest({
        customerName: i === 7 ? 'Ada Lovelace' : `Customer ${i}`,
        customerEmail: i === 8 ? 'Grace.Hopper@Navy.example' : `c${i}@example.com`,
        ...(i === 9 ? { customerCompany: 'Babbage Engines Ltd' } : {}),
        status: statuses[i % statuses.length]!,
        ...(i % 2 === 0 ? { submittedBy: buyer.username } : {}),
        items: [],
        attachments: [],
        createdBy: 'test',
      }),
    );
  }
}, 300_000);
afterAll(async () => {
  reportRejected('quote-list.test.ts');
  await api.close();
});

async function page(path: string, cookie = admin): Promise<Page> {
  const res = await api.call('GET', path, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}
async function all(path: string, cookie = admin): Promise<QuoteRequest[]> {
  const out: QuoteRequest[] = [];
  let next: string | null = null;
  do {
    const p = await page(`${path}${path.includes('?') ? '&' : '?'}${next ? `cursor=${encodeURIComponent(next)}` : ''}`, cookie);
    expect(p.data.length).toBeLessThanOrEqual(50);
    out.push(...p.data);
    next = p.nextCursor;
  } while (next);
  return out;
}
const newestFirst = (list: QuoteRequest[]) => [...list].reverse().map((q) => q.id);

describe('the admin quote list', () => {
  test('answers pages of 50 with a cursor until every request was listed once, newest first', async () => {
    const first = await page('/api/quote-requests');
    expect(first.data).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await all('/api/quote-requests')).map((q) => q.id)).toEqual(newestFirst(created));
    const small = await page('/api/quote-requests?limit=7');
    expect(small.data.map((q) => q.id)).toEqual(newestFirst(created).slice(0, 7));
  });

  test('filters by status and searches name, e-mail, company (any case) and id', async () => {
    const approved = await all('/api/quote-requests?status=approved');
    expect(approved.map((q) => q.id)).toEqual(newestFirst(created.filter((q) => q.status === 'approved')));
    expect((await page('/api/quote-requests?q=ada%20LOVE')).data.map((q) => q.id)).toEqual([created[7]!.id]);
    expect((await page('/api/quote-requests?q=grace.hopper@navy')).data.map((q) => q.id)).toEqual([created[8]!.id]);
    expect((await page('/api/quote-requests?q=babbage')).data.map((q) => q.id)).toEqual([created[9]!.id]);
    expect((await page(`/api/quote-requests?q=%23${created[42]!.id}`)).data.map((q) => q.id)).toEqual([created[42]!.id]);
    expect((await page(`/api/quote-requests?q=${created[42]!.id}&status=rejected`)).data).toEqual([]);
    const some = await all('/api/quote-requests?q=customer%201&status=pending');
    expect(some.map((q) => q.id)).toEqual(newestFirst(created.filter((q) => q.status === 'pending' && /^Customer 1/.test(q.customerName))));
    expect((await page('/api/quote-requests?q=nobody-like-this')).data).toEqual([]);
  });

  test('refuses pages over 50, unknown statuses and cursors it did not make', async () => {
    await expectRejected(api.call('GET', '/api/quote-requests?limit=51', { cookie: admin }), 400, /limit must be at most 50/);
    await expectRejected(api.call('GET', '/api/quote-requests?status=lost', { cookie: admin }), 400);
    await expectRejected(api.call('GET', '/api/quote-requests?cursor=not-a-cursor', { cookie: admin }), 400, 'Invalid cursor');
    const crafted = Buffer.from(JSON.stringify({ pk: 'USER#admin', sk: 'USER' })).toString('base64url');
    await expectRejected(api.call('GET', `/api/quote-requests?cursor=${crafted}`, { cookie: admin }), 400, 'Invalid cursor');
    await expectRejected(api.call('GET', `/api/quote-requests?q=${'x'.repeat(201)}`, { cookie: admin }), 400);
  });
});

describe('a customer’s own list', () => {
  test('is paged the same way and holds only their requests', async () => {
    const first = await page('/api/quote-requests/mine', buyer.cookie);
    expect(first.data).toHaveLength(50);
    const mine = await all('/api/quote-requests/mine', buyer.cookie);
    expect(mine.map((q) => q.id)).toEqual(newestFirst(created.filter((q) => q.submittedBy === buyer.username)));
    expect((await all('/api/quote-requests/mine?status=pending', buyer.cookie)).every((q) => q.status === 'pending')).toBe(true);
    const other = await api.customer();
    expect(await page('/api/quote-requests/mine', other.cookie)).toEqual({ data: [], nextCursor: null });
    await expectRejected(api.call('GET', '/api/quote-requests/mine?limit=500', { cookie: buyer.cookie }), 400);
  });
});
