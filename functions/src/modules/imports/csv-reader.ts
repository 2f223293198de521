import { Readable } from 'node:stream';
import { parse, type Parser } from 'csv-parse';
import { CSV_PREVIEW_ROWS } from '@parts/shared/constants';
import type { CsvPreview } from '@parts/shared/schemas';
import { ValidationError } from '../../domain/errors';

export type Delimiter = ',' | ';' | '\t';
const SNIFF_BYTES = 64 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export const CSV_EMPTY = 'The CSV file is empty';
export const CSV_NOT_TEXT = 'The file is not a text CSV file';
export const CSV_NO_HEADER = 'The CSV file has no header row';

/** Rejects empty and binary files and picks the delimiter from the first line (outside quotes). */
export function inspectCsvStart(head: Buffer): Delimiter {
  const body = head.subarray(0, 3).equals(BOM) ? head.subarray(3) : head;
  if (body.toString('utf8').trim() === '') throw new ValidationError(CSV_EMPTY);
  const sample = body.subarray(0, SNIFF_BYTES);
  if (sample.includes(0)) throw new ValidationError(CSV_NOT_TEXT);
  let text: string;
  try {
    // stream: true tolerates a multi-byte character cut at the end of the sample.
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    throw new ValidationError(CSV_NOT_TEXT);
  }
  if (hasControlCharacters(text)) throw new ValidationError(CSV_NOT_TEXT);
  return detectDelimiter(text);
}

/** Text files carry tabs and line breaks, never the other C0 control characters. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x1b) return true;
  }
  return false;
}

export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  const best = (Object.keys(counts) as Delimiter[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',');
  return best;
}

/**
 * A streaming parser that skips a broken record (unclosed quote, oversized record) instead of
 * failing the file; `onSkip` gets the record's spreadsheet row number (header = 1) and the reason.
 */
export function createCsvParser(delimiter: Delimiter, onSkip?: (row: number, reason: string) => void, options: { info?: boolean } = {}): Parser {
  const parser = parse({
    // With info, each record comes as { record, info } (info.bytes: the offset just past it, line break included).
    ...(options.info ? { info: true } : {}),
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    skip_records_with_error: true,
    max_record_size: 1024 * 1024,
  });
  parser.on('skip', (err: Error & { records?: number }) => onSkip?.((err.records ?? 0) + 1, `Could not read this row: ${err.message}`));
  return parser;
}

/** Trimmed header names; refuses a file whose first row is not a header. */
export function readHeaders(row: string[] | undefined): string[] {
  if (!row) throw new ValidationError(CSV_EMPTY);
  const headers = row.map((h) => h.trim());
  const named = headers.filter((h) => h !== '');
  // A first row of numbers (or of nothing) is data, not a header.
  if (named.length === 0 || named.every((h) => /^[-+]?[\d.,\s]+$/.test(h))) throw new ValidationError(CSV_NO_HEADER);
  const seen = new Set<string>();
  for (const h of named) {
    if (seen.has(h)) throw new ValidationError(`The header row names the column '${h}' twice`);
    seen.add(h);
  }
  return headers;
}

export function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/** Reads up to `bytes` from the stream, then gives back a stream that replays them followed by the rest. */
export async function peekStream(source: Readable, bytes = SNIFF_BYTES): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      finished = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* replay() {
    yield head;
    if (finished) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, stream: Readable.from(replay(), { objectMode: false }) };
}

export function csvParseMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return `Could not read the CSV file: ${message}`;
}

/** Headers and the first data rows, keyed by header (spec: up to 5 sample rows). */
export async function previewCsv(file: Buffer): Promise<CsvPreview> {
  const delimiter = inspectCsvStart(file);
  const parser = createCsvParser(delimiter);
  const records: string[][] = [];
  try {
    parser.end(file);
    for await (const record of parser as AsyncIterable<string[]>) {
      if (records.length === 0 && isBlankRecord(record)) continue;
      if (records.length > 0 && isBlankRecord(record)) continue;
      records.push(record);
      if (records.length > CSV_PREVIEW_ROWS) break;
    }
  } catch (err) {
    if (records.length === 0) throw new ValidationError(csvParseMessage(err));
  }
  parser.destroy();
  const headers = readHeaders(records[0]);
  const sampleRows = records.slice(1, 1 + CSV_PREVIEW_ROWS).map((record) => {
    const row: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h !== '') row[h] = record[i] ?? '';
    });
    return row;
  });
  return { headers: headers.filter((h) => h !== ''), sampleRows };
}
