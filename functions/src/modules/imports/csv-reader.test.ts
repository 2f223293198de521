import { describe, expect, test } from 'vitest';
import { CSV_EMPTY, CSV_NOT_TEXT, CSV_NO_HEADER, detectDelimiter, previewCsv } from './csv-reader';

describe('previewCsv', () => {
  test('comma file with a UTF-8 BOM and quoted fields holding commas and newlines', async () => {
    const csv = '\uFEFFname,partNumber,description\r\n"Valve, 2-way",V-1,"line one\nline two"\r\nPump,P-2,plain\r\n';
    expect(await previewCsv(Buffer.from(csv))).toEqual({
      headers: ['name', 'partNumber', 'description'],
      sampleRows: [
        { name: 'Valve, 2-way', partNumber: 'V-1', description: 'line one\nline two' },
        { name: 'Pump', partNumber: 'P-2', description: 'plain' },
      ],
    });
  });

  test.each([
    ['semicolon', 'name;partNumber\nValve;V-1\n'],
    ['tab', 'name\tpartNumber\nValve\tV-1\n'],
  ])('%s delimited', async (_n, csv) => {
    expect(await previewCsv(Buffer.from(csv))).toEqual({ headers: ['name', 'partNumber'], sampleRows: [{ name: 'Valve', partNumber: 'V-1' }] });
  });

  test('at most 5 sample rows', async () => {
    const csv = 'name\n' + Array.from({ length: 9 }, (_, i) => `row ${i}`).join('\n');
    expect((await previewCsv(Buffer.from(csv))).sampleRows).toHaveLength(5);
  });

  test.each([
    ['an empty file', Buffer.alloc(0), CSV_EMPTY],
    ['a BOM and blank lines only', Buffer.from('\uFEFF\n\n  \n'), CSV_EMPTY],
    ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]), CSV_NOT_TEXT],
    ['invalid UTF-8', Buffer.from([0x6e, 0x61, 0xff, 0xfe, 0x2c, 0x41]), CSV_NOT_TEXT],
    ['a first row of numbers', Buffer.from('1,2,3\n4,5,6\n'), CSV_NO_HEADER],
  ])('refuses %s', async (_n, file, message) => {
    await expect(previewCsv(file)).rejects.toMatchObject({ status: 400, message });
  });

  test('blank rows before the header are skipped', async () => {
    expect((await previewCsv(Buffer.from(',,\nname,partNumber\nA,1\n'))).headers).toEqual(['name', 'partNumber']);
  });

  test('duplicate header names are refused', async () => {
    await expect(previewCsv(Buffer.from('name,name\na,b\n'))).rejects.toMatchObject({ status: 400, message: "The header row names the column 'name' twice" });
  });
});

test('detectDelimiter ignores delimiters inside quotes', () => {
  expect(detectDelimiter('"a,b,c,d";x;y\n')).toBe(';');
});
