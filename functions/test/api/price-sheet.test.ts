import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import readWorkbook from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import type { QuoteRequest } from '@parts/shared/schemas';
import { PRICE_SHEET_COLUMNS, type PriceSheetReading } from '@parts/shared/price-sheet';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';

/** Issue 29: the request out as a price sheet (XLSX/CSV) and the priced sheet back, every cell checked. */

let api: Api;
let admin: { cookie: string };
let buyer: { cookie: string };
let parts: StoredPart[];
let quote: QuoteRequest;

beforeAll(async () => {
  api = await createApi();
  admin = await api.admin();
  buyer = await api.customer();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  const other = await api.deps.catalog.createManufacturer({ name: 'Other Maker', slug: 'other-maker-sheet' } as never).catch(() => undefined);
  parts = [];
  for (const partNumber of ['SHEET-100', 'SHEET-200', 'ALT-300', 'TWIN-400']) {
    parts.push(await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber })));
  }
  // The same part number from a second maker: an alternative written as TWIN-400 could be either.
  if (other) parts.push(await api.deps.catalog.createPart(buildPartInput({ categoryId: category.id, manufacturerId: other.id, partNumber: 'TWIN-400' })));
  await api.deps.searchSync.partsChanged(parts.map((p) => p.id));
  const res = await api.call('POST', '/api/quote-requests', {
    cookie: buyer.cookie,
    json: {
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      items: [
        { partId: parts[0]!.id, quantity: 100, reference: 'R1-C4', targetPrice: 1.25, neededBy: '2030-01-31' },
        { partId: parts[1]!.id, quantity: 5 },
        { freeText: { partNumber: 'NOT-IN-CAT', manufacturer: 'Acme', description: '=HYPERLINK("http://x")' }, quantity: 7 },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  quote = (await res.json()) as QuoteRequest;
});
afterAll(async () => {
  reportRejected('price-sheet.test.ts');
  await api.close();
});

const exportSheet = (format: 'xlsx' | 'csv', fills: unknown[] = []) =>
  api.call('POST', `/api/quote-requests/${quote.id}/price-sheet/export`, { cookie: admin.cookie, json: { format, fills } });

function upload(data: Uint8Array | string, name = 'priced.csv'): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  return api.call('POST', `/api/quote-requests/${quote.id}/price-sheet/import`, { cookie: admin.cookie, body: form });
}
async function load(data: Uint8Array | string, name?: string): Promise<PriceSheetReading> {
  const res = await upload(data, name);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as PriceSheetReading;
}

const header = PRICE_SHEET_COLUMNS.join(',');
/** A CSV row: the line's identity as exported, then the named price columns. */
function row(line: number, cells: Record<string, string> = {}): string {
  const item = quote.items.find((i) => i.id === line);
  const identity: Record<string, string> = {
    Line: String(line),
    'Catalogue part id': item?.part ? String(item.part.id) : '',
    'Catalogue part number': item?.part?.partNumber ?? '',
    'Buyer part number': item?.freeText?.partNumber ?? item?.part?.partNumber ?? '',
  };
  const all = { ...identity, ...cells };
  return PRICE_SHEET_COLUMNS.map((h) => {
    const v = all[h] ?? '';
    return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');
}
const sheet = (...rows: string[]) => [header, ...rows].join('\n');

describe('export', () => {
  test('XLSX: the listed columns, the request as sent and the draft filled in', async () => {
    const res = await exportSheet('xlsx', [
      {
        itemId: 1,
        unitPrice: '1.10',
        breaks: [{ quantity: '500', price: '0.95' }],
        moq: '10',
        leadTime: '14',
        note: 'Reel of 500',
      },
      { itemId: 2, reason: 'Discontinued' },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="quote-${quote.id}-price-sheet.xlsx"`);
    const [first] = await readWorkbook(Buffer.from(await res.arrayBuffer()));
    const rows = first!.data;
    expect(rows[0]).toEqual(PRICE_SHEET_COLUMNS);
    const at = (r: number, h: string) => rows[r]![PRICE_SHEET_COLUMNS.indexOf(h)];
    expect([at(1, 'Line'), at(1, 'Catalogue part id'), at(1, 'Catalogue part number'), at(1, 'Quantity')]).toEqual([1, parts[0]!.id, 'SHEET-100', 100]);
    expect([at(1, 'Buyer reference'), at(1, 'Target price'), at(1, 'Needed by')]).toEqual(['R1-C4', 1.25, '2030-01-31']);
    expect([at(1, 'Unit price'), at(1, 'Break 1 quantity'), at(1, 'Break 1 price'), at(1, 'MOQ'), at(1, 'Lead time'), at(1, 'Note')]).toEqual([
      1.1,
      500,
      0.95,
      10,
      14,
      'Reel of 500',
    ]);
    expect(at(2, 'Cannot supply reason')).toBe('Discontinued');
    expect([at(3, 'Buyer part number'), at(3, 'Buyer manufacturer'), at(3, 'Buyer description'), at(3, 'Catalogue part id')]).toEqual([
      'NOT-IN-CAT',
      'Acme',
      '=HYPERLINK("http://x")',
      null,
    ]);
  });

  test('CSV: UTF-8 with a byte-order mark; a buyer text that a spreadsheet would run as a formula is written as text', async () => {
    const res = await exportSheet('csv');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  test('is for the admin only', async () => {
    await expectRejected(api.call('POST', `/api/quote-requests/${quote.id}/price-sheet/export`, { cookie: buyer.cookie, json: { format: 'csv' } }), 403);
  });
});

describe('load', () => {
  test('the exported CSV, priced and loaded back: each line as the sheet says, the formula guard taken off', async () => {
    const exported = new TextDecoder().decode(await (await exportSheet('csv')).arrayBuffer());
    const [head, r1, r2, r3] = exported.trim().split('\r\n');
    const price = (r: string, cells: string) => r.replace(/^(([^,]*,){10})/, `$1${cells}`);
    const priced = [head, price(r1!, '1.10,500,0.95'), r2, r3!.replace(/,,,$/, ',,Out of stock,')].join('\r\n');
    const reading = await load(priced);
    expect(reading.problems).toEqual([]);
    expect(reading.rows).toBe(3);
    expect(reading.lines).toEqual([
      { itemId: 1, row: 2, status: 'offered', unitPriceMicros: 1_100_000, priceBreaks: [{ minQuantity: 500, unitPriceMicros: 950_000 }] },
      { itemId: 3, row: 4, status: 'cannot_supply', reason: 'Out of stock' },
    ]);
  });

  test('an XLSX priced in a spreadsheet: numbers as cells, formula results read as the sheet shows them', async () => {
    const [first] = await readWorkbook(Buffer.from(await (await exportSheet('xlsx')).arrayBuffer()));
    const rows = first!.data.map((r) => [...r]);
    const col = (h: string) => PRICE_SHEET_COLUMNS.indexOf(h);
    rows[1]![col('Unit price')] = 13.750000000000002; // 12.5 × 1.1 as a formula leaves it
    rows[1]![col('Lead time')] = 'in stock';
    rows[1]![col('MOQ')] = 25;
    rows[2]![col('Unit price')] = 2;
    rows[2]![col('Lead time')] = '21 days';
    rows[2]![col('Alternative part number')] = 'ALT-300';
    const data = await writeXlsxFile(rows.map((r) => r.map((v) => (v === null ? null : { value: v as string | number })))).toBuffer();
    const reading = await load(data, 'priced.xlsx');
    expect(reading.problems).toEqual([]);
    expect(reading.lines).toEqual([
      { itemId: 1, row: 2, status: 'offered', unitPriceMicros: 13_750_000, priceBreaks: [], minimumOrderQuantity: 25, leadTime: 'in_stock' },
      {
        itemId: 2,
        row: 3,
        status: 'offered',
        unitPriceMicros: 2_000_000,
        priceBreaks: [],
        leadTime: 21,
        alternative: { partId: parts[2]!.id, partNumber: 'ALT-300', name: parts[2]!.name },
      },
    ]);
  });

  test('a sheet sorted without its Line column is caught: the row names another part', async () => {
    const [r1, r2] = [row(1, { 'Unit price': '1' }), row(2, { 'Unit price': '2' })];
    // Sorted by price descending, but the Line column kept its order.
    const swap = (a: string, b: string) => `${a.split(',')[0]},${b.split(',').slice(1).join(',')}`;
    const reading = await load(sheet(swap(r1, r2), swap(r2, r1)));
    expect(reading.lines).toEqual([]);
    expect(reading.problems.map((p) => p.message)).toEqual([
      `Row 2, Line: line 1 of this request is “SHEET-100”, but this row names part ${parts[1]!.id}; was the sheet sorted without its Line column? Export the request again`,
      `Row 3, Line: line 2 of this request is “SHEET-200”, but this row names part ${parts[0]!.id}; was the sheet sorted without its Line column? Export the request again`,
    ]);
  });

  test('a free-text line is checked by its part number', async () => {
    const moved = row(3, { 'Buyer part number': 'SOMETHING-ELSE', 'Unit price': '1' });
    const reading = await load(sheet(moved));
    expect(reading.problems.map((p) => p.message)).toEqual([
      'Row 2, Line: line 3 of this request is “NOT-IN-CAT”, but this row names “SOMETHING-ELSE”; was the sheet sorted without its Line column? Export the request again',
    ]);
  });

  // Every message a cell can get, each on its own row, in the sheet's row and column.
  const cases: [string, Record<string, string>, string][] = [
    ['a price that is not one', { 'Unit price': '12,5,0' }, 'Unit price: “12,5,0” is not a price; enter one like 12.50'],
    ['an ambiguous price', { 'Unit price': '1,234' }, 'Unit price: “1,234” could be $1,234.00 or $1.234: type 1234 or 1.2340'],
    ['too many decimals', { 'Unit price': '0.12345' }, 'Unit price: Use at most 4 decimals in a unit price'],
    ['another currency', { 'Unit price': '12 EUR' }, 'Unit price: Enter the price in US dollars'],
    ['a negative price', { 'Unit price': '-1' }, 'Unit price: Price must be 0 or more'],
    ['a break without its price', { 'Unit price': '2', 'Break 1 quantity': '10' }, 'Break 1 price: give both the quantity and the price of a price break'],
    [
      'a break from 1 piece',
      { 'Unit price': '2', 'Break 1 quantity': '1', 'Break 1 price': '1' },
      'Break 1 quantity: a price break starts at 2 pieces or more',
    ],
    ['a break quantity that is not a number', { 'Unit price': '2', 'Break 1 quantity': 'ten', 'Break 1 price': '1' }, 'Break 1 quantity: Not a number'],
    [
      'break quantities that do not increase',
      { 'Unit price': '2', 'Break 1 quantity': '100', 'Break 1 price': '1.5', 'Break 2 quantity': '50', 'Break 2 price': '1' },
      'Break 2 quantity: price break quantities must increase from one break to the next',
    ],
    [
      'a break that raises the price',
      { 'Unit price': '2', 'Break 1 quantity': '100', 'Break 1 price': '2.5' },
      'Break 1 price: The price break from 100 pieces ($2.50) is higher than the price before it ($2.00); prices must not rise with quantity',
    ],
    ['a MOQ that is not a whole count', { 'Unit price': '2', MOQ: '2.5' }, 'MOQ: Not a whole number: 2.5'],
    ['a lead time that is not one', { 'Unit price': '2', 'Lead time': 'soon' }, 'Lead time: “soon”: enter a number of days (1 to 730) or “in stock”'],
    ['a lead time too long', { 'Unit price': '2', 'Lead time': '1000' }, 'Lead time: “1000”: enter a number of days (1 to 730) or “in stock”'],
    [
      'a price and a reason',
      { 'Unit price': '2', 'Cannot supply reason': 'Obsolete' },
      'Cannot supply reason: a line that cannot be supplied has no price; clear the price or the reason',
    ],
    ['a reason too long', { 'Cannot supply reason': 'x'.repeat(301) }, 'Cannot supply reason: at most 300 characters'],
    ['a note too long', { 'Unit price': '2', Note: 'x'.repeat(501) }, 'Note: at most 500 characters'],
    [
      'an unknown alternative',
      { 'Unit price': '2', 'Alternative part number': 'NO-SUCH-9' },
      'Alternative part number: “NO-SUCH-9” is not a part number in the catalogue',
    ],
    [
      'the line’s own part as its alternative',
      { 'Unit price': '2', 'Alternative part number': 'SHEET-100' },
      'Alternative part number: the alternative must be a different part than the line’s own',
    ],
  ];
  test.each(cases)('%s is reported by row and column', async (_, cells, message) => {
    const reading = await load(sheet(row(2, { 'Unit price': '3' }), row(1, cells)));
    expect(reading.problems.map((p) => p.message)).toEqual([`Row 3, ${message}`]);
    expect(reading.problems[0]).toMatchObject({ row: 3, column: message.slice(0, message.indexOf(':')) });
    // The good row still comes back; the row with the problem is left out.
    expect(reading.lines.map((l) => l.itemId)).toEqual([2]);
  });

  test('an alternative part number two catalogue parts share is not guessed', async () => {
    const reading = await load(sheet(row(1, { 'Unit price': '2', 'Alternative part number': 'TWIN-400' })));
    expect(reading.problems.map((p) => p.message)).toEqual([
      'Row 2, Alternative part number: “TWIN-400” is the part number of 2 catalogue parts; choose the alternative in the editor',
    ]);
  });

  test('line numbers: not a number, not in the request, twice; blank rows keep the sheet’s numbering', async () => {
    const reading = await load(sheet(row(1, { 'Unit price': '1' }), ',,,', row(1, { 'Unit price': '2' }), row(99), 'abc'));
    expect(reading.problems.map((p) => p.message)).toEqual([
      'Row 4, Line: line 1 is also on row 2',
      'Row 5, Line: “99” is not a line number of this request',
      'Row 6, Line: “abc” is not a line number of this request',
    ]);
    expect(reading.lines).toEqual([{ itemId: 1, row: 2, status: 'offered', unitPriceMicros: 1_000_000, priceBreaks: [] }]);
  });

  test('a row whose price cells are all blank leaves its line as it is', async () => {
    const reading = await load(sheet(row(1), row(2)));
    expect(reading).toEqual({ rows: 2, lines: [], problems: [], problemCount: 0 });
  });
});

describe('a malformed sheet is a 400 with a message', () => {
  test('no Line column', async () => {
    await expectRejected(upload('Part,Price\nA,1\n'), 400, 'The sheet has no “Line” column; export the request again and price that sheet');
  });
  test('a header alone', async () => {
    await expectRejected(upload(`${header}\n`), 400, 'The sheet has no lines below its header');
  });
  test('not a spreadsheet', async () => {
    await expectRejected(upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 0, 0, 9]), 'priced.xlsx'), 400);
  });
  test('no file', async () => {
    const form = new FormData();
    form.append('other', 'x');
    await expectRejected(
      api.call('POST', `/api/quote-requests/${quote.id}/price-sheet/import`, { cookie: admin.cookie, body: form }),
      400,
      'Choose the priced sheet (.xlsx or CSV)',
    );
  });
  test('a buyer cannot load a sheet', async () => {
    const form = new FormData();
    form.append('file', new Blob([sheet(row(1, { 'Unit price': '1' }))]), 'x.csv');
    await expectRejected(api.call('POST', `/api/quote-requests/${quote.id}/price-sheet/import`, { cookie: buyer.cookie, body: form }), 403);
  });
  test('another request’s id', async () => {
    const form = new FormData();
    form.append('file', new Blob([sheet(row(1))]), 'x.csv');
    await expectRejected(api.call('POST', `/api/quote-requests/999999/price-sheet/import`, { cookie: admin.cookie, body: form }), 404);
  });
});
