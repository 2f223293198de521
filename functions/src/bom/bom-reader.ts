import { Unzip, UnzipInflate } from 'fflate';
import { parse } from 'csv-parse/sync';
import type readXlsxFile from 'read-excel-file/node';
import { MAX_BOM_CELL_CHARS, MAX_BOM_COLUMNS, MAX_BOM_FILE_BYTES, MAX_BOM_LINES, MAX_BOM_UNPACKED_BYTES } from '@parts/shared/bom';
import { megabytes } from '@parts/shared/constants';
import { DomainError, ValidationError } from '../domain/errors';
import { inspectCsvStart, type Delimiter } from '../csv/csv-reader';

/**
 * Reads a buyer's list into rows of text cells: CSV or TSV (delimiter sniffed from the first line),
 * pasted spreadsheet text (tab-separated), or the first sheet of an XLSX workbook. Formulas are never
 * evaluated: an XLSX cell holds the value its editor cached (read-excel-file reads `<v>`), or nothing.
 * Everything is bounded (bytes, unpacked bytes, lines, columns, cell length) and anything unreadable
 * is a 400 with a message a buyer can act on.
 */
export interface BomTable {
  rows: string[][];
  sheet?: string;
}

export const BOM_FILE_TOO_LARGE = `The list is larger than ${megabytes(MAX_BOM_FILE_BYTES)} MB; split it into smaller lists`;
export const BOM_EMPTY = 'The list is empty';
export const BOM_NOT_XLSX = 'The file could not be read as an Excel workbook; save it as .xlsx or CSV';
export const BOM_OLD_XLS = 'Old .xls workbooks are not read; save the sheet as .xlsx or CSV';
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
  return { rows: bounded(readText(data)) };
}

export function readBomText(text: string): BomTable {
  const data = Buffer.from(text, 'utf8');
  if (data.length > MAX_BOM_FILE_BYTES) throw new DomainError(413, BOM_FILE_TOO_LARGE);
  return { rows: bounded(readText(data)) };
}

function readText(data: Buffer): string[][] {
  let delimiter: Delimiter;
  try {
    delimiter = inspectCsvStart(data);
  } catch (err) {
    if (err instanceof ValidationError)
      throw new ValidationError(err.message === 'The CSV file is empty' ? BOM_EMPTY : 'The file is not a CSV, TSV or XLSX list');
    throw err;
  }
  try {
    return parse(data, {
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (err) {
    throw new ValidationError(`Could not read the list: ${err instanceof Error ? err.message : String(err)}`);
  }
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
  return { rows: bounded(rows), sheet: first.sheet };
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
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}

/** Trims cells, drops blank rows and trailing blank columns, and enforces the limits. */
function bounded(raw: string[][]): string[][] {
  const rows: string[][] = [];
  for (const record of raw) {
    const cells = record.map((c) => c.trim());
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) continue;
    // A header row plus MAX_BOM_LINES lines.
    if (rows.length > MAX_BOM_LINES) throw new ValidationError(tooManyLines());
    if (cells.length > MAX_BOM_COLUMNS) throw new ValidationError(tooManyColumns());
    const long = cells.findIndex((c) => c.length > MAX_BOM_CELL_CHARS);
    if (long >= 0) throw new ValidationError(cellTooLong(rows.length + 1, long + 1));
    rows.push(cells);
  }
  if (rows.length === 0) throw new ValidationError(BOM_EMPTY);
  return rows;
}
