import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkXlsxEntries, MAX_XLSX_ENTRY_BYTES, XLSX_ENTRY_TOO_LARGE, XLSX_TEXT_TOO_LONG, XLSX_UNREADABLE } from './xlsx-guard';

const sheet = (cell: string) => strToU8(`<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${cell}</t></is></c></row></sheetData></worksheet>`);
const workbook = (entries: Record<string, Uint8Array>, level: 0 | 6 = 6) => zipSync(entries, { level });
const refusal = (data: Uint8Array) => {
  try {
    checkXlsxEntries(data);
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
};

describe('checkXlsxEntries', () => {
  it('lets a normal workbook through, deflated or stored', () => {
    expect(refusal(workbook({ 'xl/worksheets/sheet1.xml': sheet('HX-100') }))).toBeUndefined();
    expect(refusal(workbook({ 'xl/worksheets/sheet1.xml': sheet('HX-100') }, 0))).toBeUndefined();
  });

  it('names a 20 MB cell as a text too long, not as a size', () => {
    expect(refusal(workbook({ 'xl/worksheets/sheet1.xml': sheet('x'.repeat(20 * 1024 * 1024)) }))).toBe(XLSX_TEXT_TOO_LONG);
  });

  it('refuses a text run over 64 KB inside an entry within the size limit', () => {
    expect(refusal(workbook({ 'xl/worksheets/sheet1.xml': sheet('y'.repeat(65 * 1024)) }))).toBe(XLSX_TEXT_TOO_LONG);
  });

  it('refuses an entry that unpacks past the limit, deflated or stored', () => {
    const media = new Uint8Array(MAX_XLSX_ENTRY_BYTES + 1);
    expect(refusal(workbook({ 'xl/media/image1.png': media }))).toBe(XLSX_ENTRY_TOO_LARGE);
    expect(refusal(workbook({ 'xl/media/image1.png': media }, 0))).toBe(XLSX_ENTRY_TOO_LARGE);
  });

  // A workbook cut off before an entry ends is left to the reader, which refuses it (BOM_NOT_XLSX).
  it('refuses a workbook whose deflated data is broken', () => {
    const data = workbook({ 'xl/worksheets/sheet1.xml': sheet('HX-100 '.repeat(2000)) });
    const corrupted = Uint8Array.from(data);
    corrupted.fill(0xff, 40, 200);
    expect(refusal(corrupted)).toBe(XLSX_UNREADABLE);
  });
});
