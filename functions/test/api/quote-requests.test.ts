import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { TEST_BUCKETS } from '../support/test-deps';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';
import { UnavailableError } from '../../src/domain/errors';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1000, 0x20)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
const NOT_A_PDF = Buffer.from('MZ this is an executable, not a PDF');

let api: Api;
let admin: { cookie: string; username: string };
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
  reportRejected('quote-requests.test.ts');
  await api.close();
});

async function objectsUnder(prefix: string): Promise<string[]> {
  const res = await api.deps.s3.send(new ListObjectsV2Command({ Bucket: TEST_BUCKETS.attachments, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

function form(fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[] = []): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files) body.append('attachments', new Blob([new Uint8Array(f.data)], { type: f.type ?? 'application/octet-stream' }), f.name);
  return body;
}

const validFields = () => ({
  customerName: 'Grace Hopper',
  customerEmail: 'grace@example.com',
  customerPhone: '+1 555 0100',
  customerCompany: 'Navy',
  message: 'Please quote by Friday',
  items: JSON.stringify([
    { partId: parts[0]!.id, quantity: 3 },
    { partId: parts[1]!.id, quantity: 1 },
  ]),
});

async function countQuotes() {
  return api.deps.quotes.countQuoteRequests();
}

describe('public submission (multipart)', () => {
  test('a guest gets 401 and nothing is stored', async () => {
    const before = await countQuotes();
    await expectRejected(api.call('POST', '/api/quote-requests', { body: form(validFields()) }), 401, 'Authentication required');
    expect(await countQuotes()).toBe(before);
  });

  test('a customer submits with attachments; items keep part number and name; the admin reads it with download links', async () => {
    const res = await api.call('POST', '/api/quote-requests', {
      cookie: user.cookie,
      body: form(validFields(), [
        { name: 'drawing.pdf', data: PDF, type: 'application/pdf' },
        { name: 'photo.png', data: PNG, type: 'image/png' },
      ]),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; attachments: { key: string }[] };
    expect(created).toMatchObject({
      customerName: 'Grace Hopper',
      customerEmail: 'grace@example.com',
      customerPhone: '+1 555 0100',
      customerCompany: 'Navy',
      message: 'Please quote by Friday',
      status: 'pending',
      submittedBy: user.username,
      items: [
        { quantity: 3, part: { id: parts[0]!.id, partNumber: parts[0]!.partNumber, name: parts[0]!.name } },
        { quantity: 1, part: { id: parts[1]!.id, partNumber: parts[1]!.partNumber, name: parts[1]!.name } },
      ],
      attachments: [
        { fileName: 'drawing.pdf', contentType: 'application/pdf', size: PDF.length },
        { fileName: 'photo.png', contentType: 'image/png', size: PNG.length },
      ],
    });
    expect(created.attachments.every((a) => a.key.startsWith(`quotes/${created.id}/`))).toBe(true);
    expect(await objectsUnder(`quotes/${created.id}/`)).toEqual(expect.arrayContaining(created.attachments.map((a) => a.key)));

    const detail = await api.call('GET', `/api/quote-requests/${created.id}`, { cookie: admin.cookie });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as { attachments: { url: string }[] };
    expect(body).toMatchObject({ id: created.id, message: 'Please quote by Friday', items: [{ quantity: 3 }, { quantity: 1 }] });
    const download = await fetch(body.attachments[0]!.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const mine = ((await (await api.call('GET', '/api/quote-requests/mine', { cookie: user.cookie })).json()) as { data: { id: number; status: string }[] })
      .data;
    expect(mine.find((q) => q.id === created.id)?.status).toBe('pending');
  });

  test('a spoofed attachment (.pdf name over other bytes) is refused and leaves no object behind', async () => {
    const before = await countQuotes();
    const good = `${randomUUID()}.pdf`;
    await expectRejected(
      api.call('POST', '/api/quote-requests', {
        cookie: user.cookie,
        body: form(validFields(), [
          { name: good, data: PDF, type: 'application/pdf' },
          { name: 'invoice.pdf', data: NOT_A_PDF, type: 'application/pdf' },
        ]),
      }),
      400,
      'invoice.pdf is not a supported file type.',
    );
    expect(await countQuotes()).toBe(before);
    expect((await objectsUnder('quotes/')).filter((k) => k.endsWith(`/${good}`))).toEqual([]);
  });

  test('a multipart body is capped at 4 MiB, as Lambda takes it (ADR 108): past that 413 JSON, nothing stored; just under it is accepted', async () => {
    const before = await countQuotes();
    const tooBig = Buffer.concat([PDF, Buffer.alloc(4 * 1024 * 1024 - PDF.length, 0x20)]);
    const refused = await api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: form(validFields(), [{ name: 'big.pdf', data: tooBig }]) });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Request body too large \(limit 4 MB\)/);
    expect(await countQuotes()).toBe(before);
    const fits = tooBig.subarray(0, 4 * 1024 * 1024 - 64 * 1024);
    const ok = await api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: form(validFields(), [{ name: 'max.pdf', data: fits }]) });
    expect(ok.status).toBe(201);
  });

  test('more than 10 attachments are refused', async () => {
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, data: PNG }));
    await expectRejected(api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: form(validFields(), files) }), 400, 'At most 10 attachments');
  });

  test.each([
    [{ customerName: 'G' }, 'Name is required'],
    [{ customerName: '' }, 'Name is required'],
    [{ customerEmail: 'nope' }, 'Invalid email address'],
    [{ items: '[]' }, 'Add at least one part to your quote request'],
    [{ items: 'not json' }, 'items must be JSON text of a list of {partId, quantity}'],
    [{ items: '{"partId":1}' }, /expected array/],
    [{ items: JSON.stringify([{ partId: 1, quantity: 0 }]) }, 'Quantity must be at least 1'],
    [{ items: JSON.stringify([{ partId: 1, quantity: 1.5 }]) }, 'Quantity must be a whole number'],
    [{ items: JSON.stringify([{ partId: 1, quantity: 'many' }]) }, /expected number/],
    [{ items: JSON.stringify([{ partId: 99_999, quantity: 1 }]) }, 'Part 99999 not found'],
    [{ items: JSON.stringify([{ partId: 'abc', quantity: 1 }]) }, /expected number/],
  ])('refuses %j', async (override, message) => {
    const before = await countQuotes();
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: form({ ...validFields(), ...override }, [{ name: 'a.png', data: PNG }]) }),
      400,
      message,
    );
    expect(await countQuotes()).toBe(before);
  });

  test('missing items, a broken multipart body and an unsupported content type', async () => {
    const fields: Record<string, string> = validFields();
    delete fields.items;
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: form(fields) }),
      400,
      'Add at least one part to your quote request',
    );
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
      400,
    );
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: 'hello', headers: { 'content-type': 'multipart/form-data' } }),
      400,
      'Malformed multipart body',
    );
    await expectRejected(api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: 'hello', headers: { 'content-type': 'text/plain' } }), 415);
  });

  test('a body beyond the request limit gets 413 JSON', async () => {
    const huge = Buffer.alloc(7 * 1024 * 1024, 0x20);
    await expectRejected(api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: form(validFields(), [{ name: 'a.pdf', data: huge }]) }), 413);
  });
});

describe('public submission (JSON with direct uploads)', () => {
  async function upload(cookie: string, fileName: string, contentType: string, data: Buffer) {
    const res = await api.call('POST', '/api/uploads/attachments', { cookie, json: { fileName, contentType, size: data.length } });
    expect(res.status).toBe(201);
    const signed = (await res.json()) as { key: string; url: string; method: string; headers: Record<string, string>; expiresAt: string };
    expect(signed.method).toBe('PUT');
    const expires = new Date(signed.expiresAt).getTime() - Date.now();
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 1000);
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: new Uint8Array(data) });
    expect(put.ok).toBe(true);
    return signed.key;
  }

  test('uploads are presigned only for logged-in users, scoped to their prefix, with the spec messages', async () => {
    await expectRejected(api.call('POST', '/api/uploads/attachments', { json: { fileName: 'a.pdf', contentType: 'application/pdf', size: 10 } }), 401);
    await expectRejected(
      api.call('POST', '/api/uploads/attachments', { cookie: user.cookie, json: { fileName: 'huge.pdf', contentType: 'application/pdf', size: 5_242_881 } }),
      400,
      'huge.pdf exceeds the 5MB limit.',
    );
    await expectRejected(
      api.call('POST', '/api/uploads/attachments', { cookie: user.cookie, json: { fileName: 'tool.exe', contentType: 'application/x-msdownload', size: 10 } }),
      400,
      'tool.exe is not a supported file type.',
    );
    await expectRejected(
      api.call('POST', '/api/uploads/attachments', { cookie: user.cookie, json: { fileName: '', contentType: 'application/pdf', size: 10 } }),
      400,
    );
    await expectRejected(
      api.call('POST', '/api/uploads/attachments', { cookie: user.cookie, json: { fileName: 'a.pdf', contentType: 'application/pdf', size: 0 } }),
      400,
    );
    await expectRejected(
      api.call('POST', '/api/uploads/attachments', { cookie: user.cookie, body: '{', headers: { 'content-type': 'application/json' } }),
      400,
    );
    const key = await upload(user.cookie, 'spec sheet.pdf', 'application/pdf', PDF);
    expect(key.startsWith(`uploads/${user.id}/`)).toBe(true);
  });

  test('names with ".." inside are kept (drawing..v2.pdf, a..b.png); keys are server-built and checked by shape, not by the name', async () => {
    const { items } = validFields();
    const submit = (attachmentKeys: string[]) =>
      api.call('POST', '/api/quote-requests', {
        cookie: user.cookie,
        json: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', items: JSON.parse(items), attachmentKeys },
      });
    const pdfKey = await upload(user.cookie, 'drawing..v2.pdf', 'application/pdf', PDF);
    const pngKey = await upload(user.cookie, 'a..b.png', 'image/png', PNG);
    // Path parts and control characters are not part of the name; a name of dots alone becomes "file", with the
    // extension of the type its bytes show (issue 26), as does a PDF named evil.html.
    const pathKey = await upload(user.cookie, '..\\../x/../rev\u0000\u202e3.pdf', 'application/pdf', PDF);
    const dotsKey = await upload(user.cookie, '..', 'application/pdf', PDF);
    const htmlKey = await upload(user.cookie, 'evil.html', 'application/pdf', Buffer.concat([PDF, Buffer.from('<html><script>alert(1)</script></html>')]));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const key of [pdfKey, pngKey, pathKey, dotsKey]) {
      const [root, owner, id, name, ...rest] = key.split('/');
      expect([root, owner, rest]).toEqual(['uploads', String(user.id), []]);
      expect(id).toMatch(uuid);
      expect(name === '..' || name === '.').toBe(false);
    }

    const res = await submit([pdfKey, pngKey, pathKey, dotsKey, htmlKey]);
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; attachments: { key: string; fileName: string }[] };
    expect(created.attachments.map((a) => a.fileName)).toEqual(['drawing..v2.pdf', 'a..b.png', 'rev3.pdf', 'file.pdf', 'evil.pdf']);
    for (const a of created.attachments) expect(await objectsUnder(a.key)).toEqual([a.key]);
    const detail = (await (await api.call('GET', `/api/quote-requests/${created.id}`, { cookie: admin.cookie })).json()) as {
      attachments: { fileName: string; url: string }[];
    };
    expect(detail.attachments[0]!.fileName).toBe('drawing..v2.pdf');
    const download = await fetch(detail.attachments[0]!.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('drawing..v2.pdf');

    // Keys the server did not build in this shape are refused, whatever their name part holds.
    const other = await upload(user.cookie, 'drawing.pdf', 'application/pdf', PDF);
    const [, , id, name] = other.split('/');
    for (const forged of [
      `uploads/${user.id}/${id}/../${id}/${name}`,
      `uploads/${user.id}/${id}/x/${name}`,
      `uploads/${user.id}/not-a-uuid/${name}`,
      `uploads/${user.id}/${id}`,
    ]) {
      await expectRejected(submit([forged]), 400, 'Attachment not found; upload it again');
    }
    expect(await objectsUnder(other)).toEqual([other]);
  });

  test('a submission referencing uploaded keys stores them checked by content', async () => {
    const key = await upload(user.cookie, 'spec sheet.pdf', 'application/pdf', PDF);
    const { items } = validFields();
    const res = await api.call('POST', '/api/quote-requests', {
      cookie: user.cookie,
      json: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', items: JSON.parse(items), attachmentKeys: [key] },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; attachments: { key: string }[] };
    expect(created).toMatchObject({
      submittedBy: user.username,
      attachments: [{ fileName: 'spec sheet.pdf', contentType: 'application/pdf', size: PDF.length }],
    });
    const stored = created.attachments[0]!.key;
    expect(stored).toBe(`quotes/${created.id}/${key.slice(`uploads/${user.id}/`.length)}`);
    // Claimed: the upload is gone, so nothing under uploads/ belongs to a stored request.
    expect(await objectsUnder(key)).toEqual([]);
    expect(await objectsUnder(stored)).toEqual([stored]);

    const detail = (await (await api.call('GET', `/api/quote-requests/${created.id}`, { cookie: admin.cookie })).json()) as {
      attachments: { key: string; url: string }[];
    };
    expect(detail.attachments[0]!.key).toBe(stored);
    const download = await fetch(detail.attachments[0]!.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('spec sheet.pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    // The same upload cannot be claimed twice.
    await expectRejected(
      api.call('POST', '/api/quote-requests', {
        cookie: user.cookie,
        json: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', items: JSON.parse(items), attachmentKeys: [key] },
      }),
      400,
      'Attachment not found; upload it again',
    );
  });

  test('when the request cannot be stored, the copies are removed and the upload stays for a retry', async () => {
    const failing = await createApi((deps) => ({
      quotes: {
        ...deps.quotes,
        createQuoteRequest: () => Promise.reject(new UnavailableError('Database unavailable')),
      },
    }));
    try {
      const customer = await failing.customer();
      const { category, manufacturer } = await createCatalogFixture(failing.deps.catalog);
      const part = await failing.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }));
      const signed = (await (
        await failing.call('POST', '/api/uploads/attachments', {
          cookie: customer.cookie,
          json: { fileName: 'retry.pdf', contentType: 'application/pdf', size: PDF.length },
        })
      ).json()) as { key: string; url: string; headers: Record<string, string> };
      expect((await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: new Uint8Array(PDF) })).ok).toBe(true);
      const tail = signed.key.slice(`uploads/${customer.id}/`.length);

      await expectRejected(
        failing.call('POST', '/api/quote-requests', {
          cookie: customer.cookie,
          json: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', items: [{ partId: part.id, quantity: 1 }], attachmentKeys: [signed.key] },
        }),
        503,
      );
      expect((await objectsUnder('quotes/')).filter((k) => k.endsWith(`/${tail}`))).toEqual([]);
      expect(await objectsUnder(signed.key)).toEqual([signed.key]);
    } finally {
      await failing.close();
    }
  });

  test("another user's key, a missing key and spoofed bytes are refused; the spoofed object is deleted", async () => {
    const other = await api.customer();
    const items = [{ partId: parts[0]!.id, quantity: 1 }];
    const base = { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', items };
    const before = await countQuotes();
    const othersKey = await upload(other.cookie, 'theirs.pdf', 'application/pdf', PDF);
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, json: { ...base, attachmentKeys: [othersKey] } }),
      400,
      'Attachment not found; upload it again',
    );
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, json: { ...base, attachmentKeys: [`uploads/${user.id}/nothing-here.pdf`] } }),
      400,
      'Attachment not found; upload it again',
    );
    const spoofed = await upload(user.cookie, 'report.pdf', 'application/pdf', NOT_A_PDF);
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, json: { ...base, attachmentKeys: [spoofed] } }),
      400,
      'report.pdf is not a supported file type.',
    );
    expect(await objectsUnder(spoofed)).toEqual([]);
    await expectRejected(
      api.call('POST', '/api/quote-requests', {
        cookie: user.cookie,
        json: { ...base, attachmentKeys: Array.from({ length: 11 }, (_, i) => `uploads/${user.id}/${i}`) },
      }),
      400,
      'At most 10 attachments',
    );
    expect(await countQuotes()).toBe(before);
  });

  test("a customer's JSON without items is a submission missing its items, not an admin create", async () => {
    await expectRejected(
      api.call('POST', '/api/quote-requests', {
        cookie: user.cookie,
        json: { customerName: 'Grace Hopper', customerEmail: 'grace@example.com', status: 'approved' },
      }),
      400,
      'Add at least one part to your quote request',
    );
    await expectRejected(api.call('POST', '/api/quote-requests', { cookie: user.cookie, json: ['not', 'an', 'object'] }), 400);
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: '{"customerName":', headers: { 'content-type': 'application/json' } }),
      400,
      'Malformed JSON in request body',
    );
  });
});

describe('each caller has its own route', () => {
  test("POST /api/quote-requests/admin is the admin dialog's create: admins only, JSON only", async () => {
    const created = await api.call('POST', '/api/quote-requests/admin', {
      cookie: admin.cookie,
      json: { customerName: 'Walk-in', customerEmail: 'w@example.com', status: 'processing' },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ customerName: 'Walk-in', status: 'processing', items: [] });
    const before = await countQuotes();
    await expectRejected(api.call('POST', '/api/quote-requests/admin', { json: { customerName: 'X Y', customerEmail: 'a@b.co' } }), 401);
    await expectRejected(api.call('POST', '/api/quote-requests/admin', { cookie: user.cookie, json: { customerName: 'X Y', customerEmail: 'a@b.co' } }), 403);
    await expectRejected(api.call('POST', '/api/quote-requests/admin', { cookie: admin.cookie, body: form(validFields()) }), 415);
    expect(await countQuotes()).toBe(before);
  });

  test("POST /api/quote-requests/submissions is a customer's submission, whoever sends it: an admin-dialog body is refused there", async () => {
    const res = await api.call('POST', '/api/quote-requests/submissions', { cookie: user.cookie, body: form(validFields()) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ submittedBy: user.username, items: [{ quantity: 3 }, { quantity: 1 }] });
    const before = await countQuotes();
    await expectRejected(
      api.call('POST', '/api/quote-requests/submissions', {
        cookie: admin.cookie,
        json: { customerName: 'Phone Order', customerEmail: 'buyer@example.com', status: 'approved' },
      }),
      400,
      'Add at least one part to your quote request',
    );
    await expectRejected(api.call('POST', '/api/quote-requests/submissions', { body: form(validFields()) }), 401);
    expect(await countQuotes()).toBe(before);
  });
});

describe('admin: create, list, read, status', () => {
  test('admin create defaults to pending and records the creator in the history', async () => {
    const res = await api.call('POST', '/api/quote-requests', {
      cookie: admin.cookie,
      json: { customerName: 'Phone Order', customerEmail: 'buyer@example.com', notes: 'Called in' },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      customerName: 'Phone Order',
      status: 'pending',
      notes: 'Called in',
      items: [],
      history: [{ by: admin.username, from: null, to: 'pending' }],
    });
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: admin.cookie, json: { customerName: '', customerEmail: 'buyer@example.com' } }),
      400,
      'Required',
    );
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: admin.cookie, json: { customerName: 'X Y', customerEmail: 'bad' } }),
      400,
      'Invalid email address',
    );
    await expectRejected(
      api.call('POST', '/api/quote-requests', { cookie: admin.cookie, json: { customerName: 'X Y', customerEmail: 'a@b.co', status: 'lost' } }),
      400,
    );
  });

  test('list is admin-only and newest first; single read 404s for unknown ids and for other buyers', async () => {
    await expectRejected(api.call('GET', '/api/quote-requests'), 401);
    await expectRejected(api.call('GET', '/api/quote-requests', { cookie: user.cookie }), 403);
    await expectRejected(api.call('GET', '/api/quote-requests/mine'), 401);
    const a = (await (
      await api.call('POST', '/api/quote-requests', { cookie: admin.cookie, json: { customerName: 'First', customerEmail: 'a@example.com' } })
    ).json()) as { id: number };
    const b = (await (
      await api.call('POST', '/api/quote-requests', { cookie: admin.cookie, json: { customerName: 'Second', customerEmail: 'b@example.com' } })
    ).json()) as { id: number };
    // A buyer reads only their own requests; anyone else's is not found (quote-loop.test.ts covers the rest).
    await expectRejected(api.call('GET', `/api/quote-requests/${a.id}`, { cookie: user.cookie }), 404, 'Quote request not found');
    const list = ((await (await api.call('GET', '/api/quote-requests', { cookie: admin.cookie })).json()) as { data: { id: number }[] }).data;
    const ids = list.map((q) => q.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    await expectRejected(api.call('GET', '/api/quote-requests/999999', { cookie: admin.cookie }), 404, 'Quote request not found');
    await expectRejected(api.call('GET', '/api/quote-requests/abc', { cookie: admin.cookie }), 400);
  });

  test('PATCH status accepts the five statuses only and keeps who/when/from/to; the customer sees it', async () => {
    const submitted = await api.call('POST', '/api/quote-requests', { cookie: user.cookie, body: form(validFields()) });
    const { id } = (await submitted.json()) as { id: number };
    const path = `/api/quote-requests/${id}/status`;
    await expectRejected(api.call('PATCH', path, { json: { status: 'approved' } }), 401);
    await expectRejected(api.call('PATCH', path, { cookie: user.cookie, json: { status: 'approved' } }), 403);
    await expectRejected(api.call('PATCH', path, { cookie: admin.cookie, json: { status: 'shipped' } }), 400);
    await expectRejected(api.call('PATCH', path, { cookie: admin.cookie, json: {} }), 400);
    await expectRejected(
      api.call('PATCH', path, { cookie: admin.cookie, body: 'status=approved', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
    );
    await expectRejected(api.call('PATCH', '/api/quote-requests/424242/status', { cookie: admin.cookie, json: { status: 'approved' } }), 404);
    for (const status of ['processing', 'approved', 'rejected', 'completed', 'pending'] as const) {
      const res = await api.call('PATCH', path, { cookie: admin.cookie, json: { status } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id, status });
    }
    const read = (await (await api.call('GET', `/api/quote-requests/${id}`, { cookie: admin.cookie })).json()) as {
      history: { at: string; by: string; from: string | null; to: string }[];
    };
    expect(read.history.map((h) => [h.from, h.to])).toEqual([
      [null, 'pending'],
      ['pending', 'processing'],
      ['processing', 'approved'],
      ['approved', 'rejected'],
      ['rejected', 'completed'],
      ['completed', 'pending'],
    ]);
    expect(read.history.slice(1).every((h) => h.by === admin.username && !Number.isNaN(Date.parse(h.at)))).toBe(true);
    await api.call('PATCH', path, { cookie: admin.cookie, json: { status: 'approved' } });
    const mine = ((await (await api.call('GET', '/api/quote-requests/mine', { cookie: user.cookie })).json()) as { data: { id: number; status: string }[] })
      .data;
    expect(mine.find((q) => q.id === id)?.status).toBe('approved');
  });
});
