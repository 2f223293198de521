import { PassThrough, Readable } from 'node:stream';
import { ValidationError } from '../../domain/errors';
import { CSV_NO_HEADER, createCsvParser, csvParseMessage, inspectCsvStart, isBlankRecord, peekStream, readHeaders, type Delimiter } from './csv-reader';

/**
 * One part of a staged CSV, imported on its own (ADR 061). It holds whole records: it starts where a
 * record starts and ends just past a record's line break (or at the end of the file), so a quoted field
 * with line breaks in it is never cut. A worker parses `[0, headerBytes)` (BOM, blank lines and the
 * header row) followed by `[start, end)`.
 */
export interface CsvChunk {
  index: number;
  /** Byte offset of the chunk's first record. */
  start: number;
  /** Byte offset just past its last record. */
  end: number;
  /** Records of the file between the header and this chunk: added to the chunk's own row numbers. */
  rowOffset: number;
}

export interface CsvChunkPlan {
  delimiter: Delimiter;
  /** Bytes of the file up to and including the header row's line break. */
  headerBytes: number;
  /** Bytes read: the file's size. */
  size: number;
  chunks: CsvChunk[];
}

/**
 * Splits a CSV into chunks of at least `chunkBytes` (the last one may be smaller) on record boundaries.
 * The boundaries come from csv-parse itself, with the options the import parses with, so "where a
 * record ends" means the same thing here as in the workers (quotes, CRLF, relaxed quotes, BOM). One pass
 * over the file, holding one record at a time. A file without data rows has no chunks. Refuses what the
 * import refuses up front (empty, binary, no header row).
 */
export async function planCsvChunks(source: Readable, chunkBytes: number): Promise<CsvChunkPlan> {
  if (!Number.isInteger(chunkBytes) || chunkBytes < 1) throw new Error('chunkBytes must be a positive integer');
  const { head, stream } = await peekStream(source);
  const delimiter = inspectCsvStart(head);
  let size = 0;
  const counted = new PassThrough();
  counted.on('data', (b: Buffer) => (size += b.length));
  const parser = createCsvParser(delimiter, undefined, { info: true });
  stream.on('error', (err) => parser.destroy(err));
  stream.pipe(counted).pipe(parser);

  const chunks: CsvChunk[] = [];
  let headerBytes: number | undefined;
  let headerRecords = 0;
  let records = 0;
  let start = 0;
  let startRecords = 0;
  /** Offset just past the last record seen. */
  let lastEnd = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      records++;
      lastEnd = info.bytes;
      if (headerBytes === undefined) {
        if (isBlankRecord(record)) continue;
        readHeaders(record);
        headerBytes = info.bytes;
        headerRecords = records;
        start = info.bytes;
        startRecords = records;
        continue;
      }
      if (info.bytes - start >= chunkBytes) {
        chunks.push({ index: chunks.length, start, end: info.bytes, rowOffset: startRecords - headerRecords });
        start = info.bytes;
        startRecords = records;
      }
    }
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError(csvParseMessage(err));
  }
  if (headerBytes === undefined) throw new ValidationError(CSV_NO_HEADER);
  // The rest (records, and blank lines or a broken record after the last one the parser yielded).
  if (size > start && (records > startRecords || lastEnd < size))
    chunks.push({ index: chunks.length, start, end: size, rowOffset: startRecords - headerRecords });
  return { delimiter, headerBytes, size, chunks };
}

/** What a chunk worker parses: the header bytes, then the chunk's own. */
export function chunkStream(header: Readable, body: Readable): Readable {
  async function* both() {
    for await (const part of header) yield part as Buffer;
    for await (const part of body) yield part as Buffer;
  }
  return Readable.from(both(), { objectMode: false });
}
