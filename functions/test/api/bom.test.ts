import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { strToU8 } from 'fflate';
import type { BomMatchResponse, BomSheet } from '@parts/shared/bom';
import { buildPartInput, createCatalogFixture } from '../support/builders';
import { buildXlsx } from '../support/xlsx-fixture';
import { createApi, expectRejected, reportRejected, type Api } from './api-helpers';
import type { StoredPart } from '../../src/modules/catalog/ports/catalog-repository';

/** Issue 16: reading a buyer's parts list (CSV, TSV, pasted text, XLSX) and matching it, through the API. */
let api: Api;
let parts: StoredPart[];
beforeAll(async () => {
  api = await createApi();
  const { category, manufacturer } = await createCatalogFixture(api.deps.catalog);
  parts = [
    await api.deps.catalog.createPart(
      buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber: 'BOM-LM317T', name: 'Voltage regulator' }),
    ),
    await api.deps.catalog.createPart(
      buildPartInput({ categoryId: category.id, manufacturerId: manufacturer.id, partNumber: 'BOM-BAV99', name: 'Switching diode' }),
    ),
  ];
  await api.deps.searchSync.partsChanged(parts.map((p) => p.id));
});
afterAll(async () => {
  reportRejected('bom.test.ts');
  await api.close();
});

function fileForm(name: string, data: Buffer | string, field = 'file'): FormData {
  const body = new FormData();
  body.append(field, new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name);
  return body;
}
const parseFile = (name: string, data: Buffer | string, cookie?: string) =>
  api.call('POST', '/api/bom/parse', { body: fileForm(name, data), ...(cookie ? { cookie } : {}) });
const parsePaste = (text: string, cookie?: string) => api.call('POST', '/api/bom/parse', { json: { text }, ...(cookie ? { cookie } : {}) });

describe('reading a list', () => {
  test('a CSV with headers: rows as text and the guessed columns, without an account', async () => {
    const res = await parseFile('bom.csv', 'Line;MPN;Manufacturer;Qty;Description\n1;BOM-LM317T;Acme;10;"Regulator; adjustable"\n\n2;bav99;;1,000;Diode\n');
    expect(res.status).toBe(200);
    const sheet = (await res.json()) as BomSheet;
    expect(sheet).toEqual({
      rows: [
        ['Line', 'MPN', 'Manufacturer', 'Qty', 'Description'],
        ['1', 'BOM-LM317T', 'Acme', '10', 'Regulator; adjustable'],
        ['2', 'bav99', '', '1,000', 'Diode'],
      ],
      headerRow: 0,
      mapping: { reference: 0, partNumber: 1, manufacturer: 2, quantity: 3, description: 4 },
      mappingSource: 'guessed',
      format: { kind: 'csv', encoding: 'utf-8', delimiter: ';' },
    });
  });

  test('text pasted from a spreadsheet (tab-separated, no header)', async () => {
    const res = await parsePaste('BOM-LM317T\t4\tVoltage regulator\nBOM-BAV99-TR\t2\tSwitching diode\n');
    expect(res.status).toBe(200);
    const sheet = (await res.json()) as BomSheet;
    expect(sheet.headerRow).toBeNull();
    expect(sheet.format).toEqual({ kind: 'paste', delimiter: '\t' });
    expect(sheet.rows).toEqual([
      ['BOM-LM317T', '4', 'Voltage regulator'],
      ['BOM-BAV99-TR', '2', 'Switching diode'],
    ]);
    expect(sheet.mapping).toMatchObject({ partNumber: 0, quantity: 1, description: 2 });
  });

  test('an XLSX: the first sheet, numbers as text, formulas never evaluated (the cached value or nothing)', async () => {
    const xlsx = buildXlsx([
      ['Part Number', 'Qty', 'Total'],
      ['BOM-LM317T', 10, { formula: 'B2*2', cached: 20 }],
      [74123, 5, { formula: '1+1' }],
      ['BOM-BAV99', 1, { formula: 'CONCATENATE("=", "HYPERLINK")', cached: '=HYPERLINK' }],
    ]);
    const res = await parseFile('bom.xlsx', xlsx);
    expect(res.status).toBe(200);
    const sheet = (await res.json()) as BomSheet;
    expect(sheet.sheet).toBe('BOM');
    expect(sheet.rows).toEqual([
      ['Part Number', 'Qty', 'Total'],
      ['BOM-LM317T', '10', '20'],
      ['74123', '5'],
      ['BOM-BAV99', '1', '=HYPERLINK'],
    ]);
    expect(sheet.mapping).toMatchObject({ partNumber: 0, quantity: 1 });
  });

  test('issue 25: an XLSX with title rows above Item / Customer P/N / MPN / Manufacturer / Qty / Unit: the header row is found and MPN is the part number', async () => {
    const xlsx = buildXlsx([
      ['Bill of materials — Line 4 retrofit'],
      ['Customer: ACME GmbH', null, 'Date: 2026-11-02'],
      ['Revision C'],
      ['Item', 'Customer P/N', 'MPN', 'Manufacturer', 'Qty', 'Unit', 'Description'],
      [1, 'ACME-0001', 'BOM-LM317T', 'TI', 10, 'pcs', 'Voltage regulator'],
      [2, 'ACME-0002', 'BOM-BAV99', 'Nexperia', 4, 'pcs', 'Switching diode'],
    ]);
    const res = await parseFile('titled.xlsx', xlsx);
    expect(res.status).toBe(200);
    const sheet = (await res.json()) as BomSheet;
    expect(sheet.headerRow).toBe(3);
    expect(sheet.mapping).toEqual({ reference: 1, partNumber: 2, manufacturer: 3, quantity: 4, unit: 5, description: 6 });
    expect(sheet.format).toEqual({ kind: 'xlsx' });
  });

  test('issue 25: a Windows-1252 CSV from German Excel is read (für, Größe, Ø); other encodings are told what to do', async () => {
    const text = 'Pos.;Hersteller-Nr.;Bezeichnung;Menge\n10;BOM-BAV99;Diode für Größe Ø 5 mm;130,000\n';
    const res = await parseFile('german.csv', Buffer.from(text, 'latin1'));
    expect(res.status).toBe(200);
    const sheet = (await res.json()) as BomSheet;
    expect(sheet.rows[1]).toEqual(['10', 'BOM-BAV99', 'Diode für Größe Ø 5 mm', '130,000']);
    expect(sheet.format).toEqual({ kind: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(sheet.mapping).toMatchObject({ partNumber: 1, description: 2, quantity: 3 });
    const cyrillic = Buffer.from([0xd0, 0xe5, 0xe7, 0xe8, 0xf1, 0xf2, 0xee, 0xf0, 0x3b, 0x31, 0x0a]);
    await expectRejected(parseFile('russian.csv', cyrillic), 400, 'Save the list as UTF-8 CSV or XLSX');
  });

  test('malformed and oversized lists get a clear 4xx', async () => {
    await expectRejected(parseFile('bom.csv', ''), 400, 'The list is empty');
    await expectRejected(parseFile('bom.csv', Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10])), 400, 'The file is not a CSV, TSV or XLSX list');
    await expectRejected(
      parseFile('bom.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)])),
      400,
      'The file could not be read as an Excel workbook; save it as .xlsx or CSV',
    );
    await expectRejected(
      parseFile('bom.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(100)])),
      400,
      'Old .xls workbooks are not read; save the sheet as .xlsx or CSV',
    );
    const bomb = buildXlsx([['Part Number'], ['X-1']], { 'xl/worksheets/sheet9.xml': strToU8(' '.repeat(45 * 1024 * 1024)) });
    expect(bomb.length).toBeLessThan(200 * 1024);
    // Issue 26: XML with a run no reader should be handed, and an entry beyond what the reader takes (ADR 094).
    await expectRejected(parseFile('bomb.xlsx', bomb), 400, 'The workbook holds a text of more than 64 KB in one piece; a cell holds at most 1,000 characters');
    const mediaBomb = buildXlsx([['Part Number'], ['X-1']], { 'xl/media/image1.png': new Uint8Array(5 * 1024 * 1024) });
    await expectRejected(
      parseFile('media.xlsx', mediaBomb),
      400,
      'A part of the workbook unpacks to more than 4 MB; save the parts list alone as .xlsx or CSV',
    );
    await expectRejected(parseFile('big.csv', `Part Number\n${'X-1\n'.repeat(2001)}`), 400, 'The list has more than 2,000 lines; split it into smaller lists');
    await expectRejected(parseFile('wide.csv', `${Array.from({ length: 51 }, (_, i) => `c${i}`).join(',')}\n`), 400, 'The list has more than 50 columns');
    await expectRejected(
      parseFile('long.csv', `Part Number,Description\nX-1,${'d'.repeat(1001)}\n`),
      400,
      'Row 2, column 2: a cell is longer than 1,000 characters',
    );
    await expectRejected(parseFile('huge.csv', `Part Number\n${'X'.repeat(2 * 1024 * 1024)}\n`), 413);
    await expectRejected(api.call('POST', '/api/bom/parse', { body: fileForm('bom.csv', 'a,b', 'other') }), 400, 'Choose a CSV, TSV or XLSX file');
    await expectRejected(api.call('POST', '/api/bom/parse', { body: 'x', headers: { 'content-type': 'text/plain' } }), 415);
    await expectRejected(parsePaste(''), 400, 'Paste your list first');
    await expectRejected(
      api.call('POST', '/api/bom/parse', { body: '{"text":', headers: { 'content-type': 'application/json' } }),
      400,
      'Malformed JSON in request body',
    );
  });
});

describe('matching', () => {
  const match = (lines: unknown) => api.call('POST', '/api/bom/match', { json: { lines } });

  test('each line gets its confidence and candidates, without an account', async () => {
    const res = await match([
      { partNumber: 'BOM-LM317T' },
      { partNumber: 'bom bav99' },
      { partNumber: 'BOM-BAV99/TR' },
      { partNumber: 'NOT-IN-CATALOGUE', manufacturer: 'Acme' },
    ]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as BomMatchResponse;
    expect(body.lines.map((l) => [l.confidence, l.candidates.map((c) => [c.id, c.via])])).toEqual([
      ['exact', [[parts[0]!.id, 'exact']]],
      ['likely', [[parts[1]!.id, 'normalised']]],
      ['likely', [[parts[1]!.id, 'family']]],
      ['none', []],
    ]);
    expect(body.lines[0]!.candidates[0]).toMatchObject({ name: 'Voltage regulator', slug: parts[0]!.slug, partNumber: 'BOM-LM317T' });
  });

  test('the request is bounded: lines, field lengths, body', async () => {
    await expectRejected(match([]), 400, 'The list has no lines');
    await expectRejected(match(Array.from({ length: 2001 }, () => ({ partNumber: 'X' }))), 400, 'A list can have at most 2,000 lines');
    await expectRejected(match([{ partNumber: 'P'.repeat(101) }]), 400, 'A part number is longer than 100 characters');
    await expectRejected(match([{ description: 'D'.repeat(501) }]), 400, 'A description is longer than 500 characters');
    await expectRejected(match([{ partNumber: 42 }]), 400);
    await expectRejected(match('BOM-LM317T'), 400);
    await expectRejected(api.call('POST', '/api/bom/match', { body: '{"lines":[', headers: { 'content-type': 'application/json' } }), 400);
    await expectRejected(api.call('POST', '/api/bom/match', { body: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } }), 413);
  });
});

describe("a signed-in buyer's mapping", () => {
  test('is remembered and applied to the next list with those headers', async () => {
    const buyer = await api.customer();
    await expectRejected(api.call('GET', '/api/bom/mapping'), 401);
    expect(await (await api.call('GET', '/api/bom/mapping', { cookie: buyer.cookie })).json()).toEqual({});
    const csv = 'Pos,Artikel,Stk,Marke\n1,BOM-LM317T,3,Acme\n';
    const first = (await (await parseFile('a.csv', csv, buyer.cookie)).json()) as BomSheet;
    expect(first.mappingSource).toBe('guessed');
    const saved = { reference: 'Pos', partNumber: 'Artikel', quantity: 'Stk', manufacturer: 'Marke' };
    expect((await api.call('PUT', '/api/bom/mapping', { cookie: buyer.cookie, json: saved })).status).toBe(200);
    const next = (await (await parseFile('b.csv', 'marke,stk,artikel,pos,notes\nAcme,3,BOM-BAV99,1,x\n', buyer.cookie)).json()) as BomSheet;
    expect(next).toMatchObject({ mappingSource: 'remembered', mapping: { manufacturer: 0, quantity: 1, partNumber: 2, reference: 3 } });
    // Other buyers and guests still get the guess.
    expect(((await (await parseFile('b.csv', 'marke,stk,artikel,pos\nAcme,3,BOM-BAV99,1\n')).json()) as BomSheet).mappingSource).toBe('guessed');
    await expectRejected(api.call('PUT', '/api/bom/mapping', { cookie: buyer.cookie, json: { partNumber: 42 } }), 400);
    await expectRejected(api.call('PUT', '/api/bom/mapping', { json: saved }), 401);
  });
});

describe('rate limit', () => {
  test('reading and matching lists is limited per address, with Retry-After', async () => {
    const own = await createApi();
    try {
      for (let i = 0; i < 60; i++) expect((await own.call('POST', '/api/bom/match', { json: { lines: [{ partNumber: 'X' }] } })).status).toBe(200);
      const res = await own.call('POST', '/api/bom/parse', { json: { text: 'Part Number\nX-1' } });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      await expectRejected(res, 429, /^Too many parts lists in a short time; try again in \d+ (minutes?|seconds?)$/);
    } finally {
      await own.close();
    }
  });
});
