import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { QuoteRequest } from '@parts/shared/schemas';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { TEST_BUCKETS } from '../support/test-deps';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';

/** Issue 16: free-text lines (parts the catalogue does not have) and the richer fields of every line. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(800, 0x20)]);
const NOT_A_PDF = Buffer.from('MZ this is an executable, not a PDF');

let api: Api;
let admin: { cookie: string };
let user: { cookie: string; username: string; id: number };
let parts: StoredPart[];
beforeAll(async () => {
  api = await createApi();
  admin = await api.admin();
  user = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  parts = [
    await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })),
    await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id })),
  ];
});
afterAll(async () => {
  reportRejected('quote-lines.test.ts');
  await api.close();
});

const customer = { customerName: 'Grace Hopper', customerEmail: 'grace@example.com' };
const submit = (items: unknown[], extra: Record<string, unknown> = {}) =>
  api.call('POST', '/api/quote-requests', { cookie: user.cookie, json: { ...customer, items, ...extra } });
const adminRead = async (id: number) => (await (await api.call('GET', `/api/quote-requests/${id}`, { cookie: admin.cookie })).json()) as QuoteRequest;

async function upload(fileName: string, data: Buffer): Promise<string> {
  const res = await api.call('POST', '/api/uploads/attachments', {
    cookie: user.cookie,
    json: { fileName, contentType: 'application/pdf', size: data.length },
  });
  expect(res.status).toBe(201);
  const signed = (await res.json()) as { key: string; url: string; headers: Record<string, string> };
  expect((await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: new Uint8Array(data) })).ok).toBe(true);
  return signed.key;
}
async function objectsUnder(prefix: string): Promise<string[]> {
  const res = await api.deps.s3.send(new ListObjectsV2Command({ Bucket: TEST_BUCKETS.attachments, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

describe('free-text and richer quote lines', () => {
  test('a catalogue line with reference, target price, needed-by and note, and a free-text line, reach the admin as sent', async () => {
    const res = await submit([
      { partId: parts[0]!.id, quantity: 5, reference: 'R12 / pump skid', targetPrice: 12.5, neededBy: '2027-03-31', note: 'Stainless only' },
      { freeText: { partNumber: 'XYZ-123/TR', manufacturer: 'Acme', description: 'Odd relay' }, quantity: 2, reference: 'K3' },
      { freeText: { description: 'M6 washer, A2' }, quantity: 100 },
    ]);
    expect(res.status).toBe(201);
    const created = (await res.json()) as QuoteRequest;
    const stored = await adminRead(created.id);
    expect(stored.itemCount).toBe(3);
    expect(stored.items).toEqual([
      {
        id: 1,
        quantity: 5,
        part: { id: parts[0]!.id, partNumber: parts[0]!.partNumber, name: parts[0]!.name, slug: parts[0]!.slug },
        reference: 'R12 / pump skid',
        targetPrice: 12.5,
        neededBy: '2027-03-31',
        note: 'Stainless only',
      },
      { id: 2, quantity: 2, freeText: { partNumber: 'XYZ-123/TR', manufacturer: 'Acme', description: 'Odd relay' }, reference: 'K3' },
      { id: 3, quantity: 100, freeText: { description: 'M6 washer, A2' } },
    ]);
    // The spec's shape still holds for the old payload: {partId, quantity} only.
    expect((await submit([{ partId: parts[1]!.id, quantity: 1 }])).status).toBe(201);
  });

  test('a 2,000-line list is stored whole: the single read has every line, lists say how many', async () => {
    const items = Array.from({ length: 2000 }, (_, i) =>
      i % 3 === 0
        ? { partId: parts[i % 2]!.id, quantity: i + 1, reference: `POS-${i + 1}` }
        : { freeText: { partNumber: `FREE-${i + 1}`, manufacturer: 'Acme' }, quantity: i + 1 },
    );
    const res = await submit(items);
    expect(res.status).toBe(201);
    const created = (await res.json()) as QuoteRequest;
    expect(created.items).toHaveLength(2000);
    const stored = await adminRead(created.id);
    expect(stored.items).toHaveLength(2000);
    expect(stored.items.map((i) => i.id)).toEqual(items.map((_, i) => i + 1));
    expect(stored.items[1999]).toMatchObject({ quantity: 2000, freeText: { partNumber: 'FREE-2000' } });
    expect(stored.items[1998]).toMatchObject({ quantity: 1999, reference: 'POS-1999', part: { id: parts[0]!.id } });

    const updated = (await (
      await api.call('PATCH', `/api/quote-requests/${created.id}/status`, { cookie: admin.cookie, json: { status: 'processing' } })
    ).json()) as QuoteRequest;
    expect(updated.items).toHaveLength(2000);

    const mine = ((await (await api.call('GET', '/api/quote-requests/mine', { cookie: user.cookie })).json()) as { data: QuoteRequest[] }).data;
    const listed = mine.find((q) => q.id === created.id)!;
    expect(listed.itemCount).toBe(2000);
    expect(listed.items.length).toBeLessThanOrEqual(2000);
  });

  test('line attachments are checked by content like request attachments and stored under the request', async () => {
    const drawing = await upload('pump drawing.pdf', PDF);
    const res = await submit([
      { partId: parts[0]!.id, quantity: 1, attachmentKeys: [drawing] },
      { freeText: { partNumber: 'NO-FILE' }, quantity: 1 },
    ]);
    expect(res.status).toBe(201);
    const created = (await res.json()) as QuoteRequest;
    const stored = await adminRead(created.id);
    const attachment = stored.items[0]!.attachments![0]!;
    expect(attachment).toMatchObject({ fileName: 'pump drawing.pdf', contentType: 'application/pdf', size: PDF.length });
    expect(attachment.key.startsWith(`quotes/${created.id}/`)).toBe(true);
    expect(stored.items[1]!.attachments).toBeUndefined();
    const download = await fetch(attachment.url!);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(await objectsUnder(drawing)).toEqual([]);

    const before = await api.deps.quotes.countQuoteRequests();
    const spoofed = await upload('drawing.pdf', NOT_A_PDF);
    await expectRejected(submit([{ partId: parts[0]!.id, quantity: 1, attachmentKeys: [spoofed] }]), 400, 'drawing.pdf is not a supported file type.');
    expect(await objectsUnder(spoofed)).toEqual([]);
    const good = await upload('a.pdf', PDF);
    await expectRejected(
      submit([{ partId: parts[0]!.id, quantity: 1, attachmentKeys: [good] }], { attachmentKeys: [good] }),
      400,
      'The same attachment is listed twice',
    );
    await expectRejected(
      submit([
        { partId: parts[0]!.id, quantity: 1, attachmentKeys: [`uploads/${user.id}/a`, `uploads/${user.id}/b`, `uploads/${user.id}/c`, `uploads/${user.id}/d`] },
      ]),
      400,
      'At most 3 attachments per line',
    );
    const many = Array.from({ length: 7 }, (_, i) => ({
      partId: parts[0]!.id,
      quantity: 1,
      attachmentKeys: [0, 1, 2].map((j) => `uploads/${user.id}/${i}-${j}`),
    }));
    await expectRejected(submit(many), 400, 'At most 20 line attachments in one quote request');
    expect(await api.deps.quotes.countQuoteRequests()).toBe(before);
    // The unclaimed good upload stays for a retry.
    expect(await objectsUnder(good)).toEqual([good]);
  });

  test('bad lines get a clear 400 and store nothing', async () => {
    const before = await api.deps.quotes.countQuoteRequests();
    const one = (line: Record<string, unknown>) => submit([{ quantity: 1, ...line }]);
    await expectRejected(one({ partId: parts[0]!.id, neededBy: '2027-02-30' }), 400, 'Enter a real date');
    await expectRejected(one({ partId: parts[0]!.id, neededBy: '31/03/2027' }), 400, 'Use a date like 2027-03-31');
    await expectRejected(one({ partId: parts[0]!.id, targetPrice: -1 }), 400, 'Target price must be 0 or more');
    await expectRejected(one({ partId: parts[0]!.id, targetPrice: 'cheap' }), 400);
    await expectRejected(one({ partId: parts[0]!.id, reference: 'x'.repeat(101) }), 400);
    await expectRejected(one({ partId: parts[0]!.id, note: 'x'.repeat(1001) }), 400);
    await expectRejected(
      one({ partId: parts[0]!.id, freeText: { partNumber: 'X' } }),
      400,
      'Each line names a catalogue part (partId) or describes a part not in the catalogue (freeText)',
    );
    await expectRejected(one({}), 400, 'Each line names a catalogue part (partId) or describes a part not in the catalogue (freeText)');
    await expectRejected(one({ freeText: { manufacturer: 'Acme' } }), 400, 'A line that is not in the catalogue needs a part number or a description');
    await expectRejected(one({ freeText: { partNumber: 'P'.repeat(101) } }), 400);
    await expectRejected(one({ freeText: 'XYZ-1' }), 400);
    await expectRejected(submit(Array.from({ length: 2001 }, () => ({ partId: parts[0]!.id, quantity: 1 }))), 400, 'At most 2,000 lines in one quote request');
    expect(await api.deps.quotes.countQuoteRequests()).toBe(before);
  });

  test('a request too large to store is refused whole', async () => {
    const before = await api.deps.quotes.countQuoteRequests();
    const items = Array.from({ length: 2000 }, (_, i) => ({
      freeText: { partNumber: `P${i}-${'N'.repeat(90)}`, manufacturer: 'M'.repeat(100), description: 'D'.repeat(500) },
      quantity: 1,
      reference: 'R'.repeat(100),
      note: 'x'.repeat(1000),
    }));
    await expectRejected(submit(items), 400, 'This quote request is too large to store; split it into smaller requests');
    expect(await api.deps.quotes.countQuoteRequests()).toBe(before);
  });
});
