import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildPartInput, createCatalogFixture, unique } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from '../api/api-helpers';

/** Issue 26, item 2: names and other one-line fields refuse line breaks and control characters, server-side. */
let api: Api;
let partId: number;
let buyer: { cookie: string };
let admin: { cookie: string };
beforeAll(async () => {
  api = await createApi();
  buyer = await api.customer();
  admin = await api.admin();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  partId = (await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id }))).id;
});
afterAll(async () => {
  reportRejected('one-line-fields.test.ts');
  await api.close();
});

const PHISHING = 'Ada\r\n\r\nYour account is locked. Sign in at https://evil.example/login';
const hostile = [
  ['a line break', PHISHING],
  ['a bare line feed', 'Ada\nLovelace'],
  ['a tab', 'Ada\tLovelace'],
  ['a NUL', 'Ada\u0000Lovelace'],
  ['a C1 control', 'Ada\u0085Lovelace'],
  ['a line separator', 'Ada\u2028Lovelace'],
  ['a right-to-left override', 'Ada\u202eecalevoL'],
] as const;

const quote = (fields: Record<string, unknown>, line: Record<string, unknown> = { partId, quantity: 1 }) =>
  api.call('POST', '/api/quote-requests', {
    cookie: buyer.cookie,
    json: { customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', items: [line], ...fields },
  });

describe('the quote form', () => {
  test.each(hostile)('a customer name with %s is refused with a message', async (_what, value) => {
    const body = await expectRejected(quote({ customerName: value }), 400);
    expect(body.issues).toContainEqual({ path: 'customerName', message: 'Name cannot contain line breaks or control characters' });
  });

  test('company and phone are one line too; the message may have line breaks', async () => {
    const body = await expectRejected(quote({ customerCompany: 'Acme\nLtd', customerPhone: '+1 555\r\n0100' }), 400);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'customerCompany', message: 'Company cannot contain line breaks or control characters' },
        { path: 'customerPhone', message: 'Phone cannot contain line breaks or control characters' },
      ]),
    );
    expect((await quote({ message: 'Line one\nLine two\r\n\tindented' })).status).toBe(201);
  });

  test('the multipart form is checked the same way', async () => {
    const form = new FormData();
    form.append('customerName', PHISHING);
    form.append('customerEmail', 'ada@example.com');
    form.append('items', JSON.stringify([{ partId, quantity: 1 }]));
    const body = await expectRejected(api.call('POST', '/api/quote-requests', { cookie: buyer.cookie, body: form }), 400);
    expect(body.issues).toContainEqual({ path: 'customerName', message: 'Name cannot contain line breaks or control characters' });
  });

  test('a line\u2019s reference and a free-text part number or manufacturer are one line', async () => {
    const body = await expectRejected(
      quote({}, { freeText: { partNumber: 'X-1\nY', manufacturer: 'Acme\u0007', description: 'Two lines\nare fine here' }, quantity: 1, reference: 'Pos\r1' }),
      400,
    );
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'items.0.freeText.partNumber', message: 'Part number cannot contain line breaks or control characters' },
        { path: 'items.0.freeText.manufacturer', message: 'Manufacturer cannot contain line breaks or control characters' },
        { path: 'items.0.reference', message: 'Reference cannot contain line breaks or control characters' },
      ]),
    );
  });

  test('names in other scripts and ordinary punctuation stay accepted', async () => {
    expect(
      (await quote({ customerName: 'Zoë Łódź-Müller, 北京 (O\u2019Brien)', customerCompany: 'Acme & Söhne GmbH', customerPhone: '+49 (0)30 1234-567' })).status,
    ).toBe(201);
  });
});

describe('accounts and the admin dialog', () => {
  test('the full name at registration', async () => {
    const body = await expectRejected(
      api.call('POST', '/api/auth/register', { json: { username: unique('nl'), password: 'secret1', name: 'Ada\nClick here' } }),
      400,
    );
    expect(body.issues).toContainEqual({ path: 'name', message: 'Full name cannot contain line breaks or control characters' });
  });

  test('the admin\u2019s new quote request', async () => {
    const body = await expectRejected(
      api.call('POST', '/api/quote-requests', {
        cookie: admin.cookie,
        json: { customerName: 'Ada\nL', customerEmail: 'ada@example.com', customerCompany: 'A\u0000' },
      }),
      400,
    );
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'customerName', message: 'Name cannot contain line breaks or control characters' },
        { path: 'customerCompany', message: 'Company cannot contain line breaks or control characters' },
      ]),
    );
  });
});
