import { Unzip, UnzipInflate } from 'fflate';
import { parse } from 'csv-parse/sync';
import type readXlsxFile from 'read-excel-file/node';
import {
  MAX_BOM_CELL_CHARS,
  MAX_BOM_COLUMNS,
  MAX_BOM_FILE_BYTES,
  MAX_BOM_LINES,
  MAX_BOM_UNPACKED_BYTES,
  type BomEncoding,
  type BomFormat,
} from '@parts/shared/bom';
import { megabytes } from '@parts/shared/constants';
import { DomainError, ValidationError } from '../../domain/errors';
import { detectDelimiter } from '../imports';

/**
 * Reads a buyer's list into rows of text cells: CSV or TSV (encoding decided by the bytes: UTF-8 with
 * or without BOM, UTF-16 LE/BE, Windows-1252; delimiter sniffed from the first line),
 * pasted spreadsheet text (tab-separated), or the first sheet of an XLSX workbook. Formulas are never
 * evaluated: an XLSX cell holds the value its editor cached (read-excel-file reads `<v>`), or nothing.
 * Everything is bounded (bytes, unpacked bytes, lines, columns, cell length) and anything unreadable
 * is a 400 with a message a buyer can act on.
 */
export interface BomTable {
  rows: string[][];
  sheet?: string;
  /** How the file was written: kind, delimiter and encoding (the quantity reader weighs the delimiter). */
  format: BomFormat;
  /** Each kept row's number in the file (1-based; blank rows are dropped, so row i is not always i + 1). */
  rowNumbers: number[];
}

export const BOM_FILE_TOO_LARGE = `The list is larger than ${megabytes(MAX_BOM_FILE_BYTES)} MB; split it into smaller lists`;
export const BOM_EMPTY = 'The list is empty';
export const BOM_NOT_XLSX = 'The file could not be read as an Excel workbook; save it as .xlsx or CSV';
export const BOM_OLD_XLS = 'Old .xls workbooks are not read; save the sheet as .xlsx or CSV';
export const BOM_NOT_A_LIST = 'The file is not a CSV, TSV or XLSX list';
export const BOM_UNKNOWN_ENCODING = 'Save the list as UTF-8 CSV or XLSX';
export const BOM_UNPACKS_TOO_LARGE = `The workbook unpacks to more than ${megabytes(MAX_BOM_UNPACKED_BYTES)} MB; save the parts list alone as .xlsx or CSV`;
export const tooManyLines = () => `The list has more than ${MAX_BOM_LINES.toLocaleString('en-US')} lines; split it into smaller lists`;
export const tooManyColumns = () => `The list has more than ${MAX_BOM_COLUMNS} columns`;
export const cellTooLong = (row: number, column: number) =>
  `Row ${row}, column ${column}: a cell is longer than ${MAX_BOM_CELL_CHARS.toLocaleString('en-US')} characters`;

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
/** Zip input is fed to the counting inflater in slices this small, so no one output chunk can be large. */
const UNZIP_SLICE = 1024;

export async function readBomFile(data: Buffer): Promise<BomTable> {
  if (data.length > MAX_BOM_FILE_BYTES) throw new DomainError(413, BOM_FILE_TOO_LARGE);
  if (data.length === 0) throw new ValidationError(BOM_EMPTY);
  if (data.subarray(0, 4).equals(OLE)) throw new ValidationError(BOM_OLD_XLS);
  if (data.subarray(0, 4).equals(ZIP)) return readXlsx(data);
  const { text, encoding } = decodeText(data);
  return readText(text, { kind: 'csv', encoding });
}

export function readBomText(text: string): BomTable {
  if (Buffer.byteLength(text, 'utf8') > MAX_BOM_FILE_BYTES) throw new DomainError(413, BOM_FILE_TOO_LARGE);
  return readText(text.replace(/^\uFEFF/, ''), { kind: 'paste' });
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Bytes Windows-1252 leaves undefined: a file holding them was written in another encoding. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
/** Non-letters that Western text puts next to letters and digits (units, quotes, dashes, currency). */
const CP1252_SYMBOLS = new Set([...'\u00a0°±²³µ·×÷€£¥©®™§¼½¾–—‘’‚“”„…•‰¢¦¬¯´¸¹ºª«»¿¡']);

/**
 * The text of a list, by its bytes (ADR 092): a BOM says UTF-8 or UTF-16; UTF-16 without a BOM shows
 * as a zero byte beside every ASCII character; then valid UTF-8; then Windows-1252 (German Excel's
 * CSV) when the result reads like Western text. Anything else is refused with what to do.
 */
export function decodeText(data: Buffer): { text: string; encoding: BomEncoding } {
  const decode = (encoding: BomEncoding, bytes: Uint8Array) => {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      throw new ValidationError(BOM_UNKNOWN_ENCODING);
    }
  };
  let result: { text: string; encoding: BomEncoding };
  if (data.subarray(0, 3).equals(UTF8_BOM)) result = { text: decode('utf-8', data.subarray(3)), encoding: 'utf-8' };
  else if (data[0] === 0xff && data[1] === 0xfe) result = { text: decode('utf-16le', data.subarray(2)), encoding: 'utf-16le' };
  else if (data[0] === 0xfe && data[1] === 0xff) result = { text: decode('utf-16be', data.subarray(2)), encoding: 'utf-16be' };
  else {
    const utf16 = utf16WithoutBom(data);
    if (utf16) result = { text: decode(utf16, data), encoding: utf16 };
    else if (data.includes(0)) throw new ValidationError(BOM_NOT_A_LIST);
    else {
      let utf8: string | undefined;
      try {
        utf8 = new TextDecoder('utf-8', { fatal: true }).decode(data);
      } catch {
        utf8 = undefined;
      }
      if (utf8 !== undefined) result = { text: utf8, encoding: 'utf-8' };
      else if (data.some((b) => CP1252_UNDEFINED.has(b))) throw new ValidationError(BOM_UNKNOWN_ENCODING);
      else {
        const text = decodeWindows1252(data);
        if (!readsAsWesternText(text)) throw new ValidationError(BOM_UNKNOWN_ENCODING);
        result = { text, encoding: 'windows-1252' };
      }
    }
  }
  if (result.text.trim() === '') throw new ValidationError(BOM_EMPTY);
  if (hasControlCharacters(result.text)) throw new ValidationError(BOM_NOT_A_LIST);
  return result;
}

/** 0x80–0x9F of Windows-1252 (WHATWG Encoding); the other bytes are Latin-1. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Windows-1252 by hand: Node's TextDecoder('windows-1252') decodes Latin-1 (0x80 comes out as U+0080,
 * not €; seen on Node 20), and an encoding library would load every code page into the API's bundle.
 */
function decodeWindows1252(data: Buffer): string {
  return data.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** UTF-16 without a BOM: in the first 4 KB, most odd (LE) or even (BE) bytes are zero and the others not. */
function utf16WithoutBom(data: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const sample = data.subarray(0, 4096 - (Math.min(data.length, 4096) % 2));
  if (sample.length < 4) return undefined;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZero++;
    if (sample[i + 1] === 0) oddZero++;
  }
  const pairs = sample.length / 2;
  if (oddZero >= pairs * 0.6 && evenZero === 0) return 'utf-16le';
  if (evenZero >= pairs * 0.6 && oddZero === 0) return 'utf-16be';
  return undefined;
}

/**
 * Whether Windows-1252 text reads like Western text: accented letters stand alone or in pairs
 * (`für`, `Größe`), never in runs of three or more (Cyrillic, CJK and UTF-16 bytes do), and a symbol
 * is never wedged between two letters (`z³oty` is Polish ISO-8859-2).
 */
function readsAsWesternText(text: string): boolean {
  const chars = [...text];
  let run = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c.charCodeAt(0) < 0x80) {
      run = 0;
      continue;
    }
    if (++run >= 3) return false;
    const letter = /\p{L}/u.test(c);
    if (!letter && !CP1252_SYMBOLS.has(c)) return false;
    if (!letter && /\p{L}/u.test(chars[i - 1] ?? '') && /\p{L}/u.test(chars[i + 1] ?? '')) return false;
  }
  return true;
}

/** Text files carry tabs and line breaks, never the other C0 control characters. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x1b) return true;
  }
  return false;
}

function readText(text: string, format: BomFormat): BomTable {
  if (text.trim() === '') throw new ValidationError(BOM_EMPTY);
  const delimiter = detectDelimiter(text);
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      // Blank lines are dropped by `bounded`, which keeps every row's number in the file.
      skip_empty_lines: false,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (err) {
    throw new ValidationError(`Could not read the list: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { ...bounded(rows), format: { ...format, delimiter } };
}

async function readXlsx(data: Buffer): Promise<BomTable> {
  checkUnpackedSize(data);
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  // The XLSX reader (with its unzip stack) is loaded by the first workbook, not at the API's cold start (ADR 082).
  const { default: readWorkbook } = await import('read-excel-file/node');
  try {
    sheets = await readWorkbook(data);
  } catch {
    throw new ValidationError(BOM_NOT_XLSX);
  }
  const first = sheets[0];
  if (!first) throw new ValidationError(BOM_EMPTY);
  const rows = first.data.map((row) => row.map(cellText));
  return { ...bounded(rows), sheet: first.sheet, format: { kind: 'xlsx' } };
}

/** Counts what the workbook's XML unpacks to before the reader unpacks it, and stops at the limit. */
function checkUnpackedSize(data: Buffer) {
  let total = 0;
  let over = false;
  let broken = false;
  const unzip = new Unzip((file) => {
    if (over) return;
    file.ondata = (err, chunk) => {
      if (err) broken = true;
      total += chunk?.length ?? 0;
      if (total > MAX_BOM_UNPACKED_BYTES && !over) {
        over = true;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < data.length && !over; at += UNZIP_SLICE) unzip.push(data.subarray(at, at + UNZIP_SLICE), at + UNZIP_SLICE >= data.length);
  } catch {
    throw new ValidationError(BOM_NOT_XLSX);
  }
  if (over) throw new ValidationError(BOM_UNPACKS_TOO_LARGE);
  if (broken) throw new ValidationError(BOM_NOT_XLSX);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  // As a spreadsheet shows it, to 15 significant digits: a formula's 13.750000000000002 is 13.75.
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : '';
  return String(value);
}

/** Trims cells, drops blank rows and trailing blank columns, and enforces the limits. */
function bounded(raw: string[][]): { rows: string[][]; rowNumbers: number[] } {
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  for (const [index, record] of raw.entries()) {
    const cells = record.map((c) => c.trim());
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) continue;
    // A header row plus MAX_BOM_LINES lines.
    if (rows.length > MAX_BOM_LINES) throw new ValidationError(tooManyLines());
    if (cells.length > MAX_BOM_COLUMNS) throw new ValidationError(tooManyColumns());
    const long = cells.findIndex((c) => c.length > MAX_BOM_CELL_CHARS);
    if (long >= 0) throw new ValidationError(cellTooLong(rows.length + 1, long + 1));
    rows.push(cells);
    rowNumbers.push(index + 1);
  }
  if (rows.length === 0) throw new ValidationError(BOM_EMPTY);
  return { rows, rowNumbers };
}
