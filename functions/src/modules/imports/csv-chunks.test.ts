import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../domain/errors';
import { chunkStream, planCsvChunks, type CsvChunkPlan } from './csv-chunks';
import { createCsvParser, isBlankRecord } from './csv-reader';

const BOM = '\ufeff';

/** The file's data records with their spreadsheet row numbers (the header's row counted), as one parse sees them. */
async function rowsOf(source: Readable, rowOffset = 0, delimiter: ',' | ';' = ','): Promise<[number, string[]][]> {
  const parser = createCsvParser(delimiter);
  source.pipe(parser);
  const rows: [number, string[]][] = [];
  let row = 0;
  let header = false;
  for await (const record of parser as AsyncIterable<string[]>) {
    row++;
    if (!header) {
      if (!isBlankRecord(record)) header = true;
      continue;
    }
    rows.push([row + rowOffset, record]);
  }
  return rows;
}

/** Every chunk parsed on its own (header bytes + its range), in order: what the workers see together. */
async function rowsOfChunks(file: Buffer, plan: CsvChunkPlan): Promise<[number, string[]][]> {
  const rows: [number, string[]][] = [];
  for (const chunk of plan.chunks) {
    const stream = chunkStream(Readable.from([file.subarray(0, plan.headerBytes)]), Readable.from([file.subarray(chunk.start, chunk.end)]));
    rows.push(...(await rowsOf(stream, chunk.rowOffset, plan.delimiter === ';' ? ';' : ',')));
  }
  return rows;
}

const plan = (file: Buffer, bytes: number) => planCsvChunks(Readable.from([file]), bytes);

/** Plans the file at every chunk size from 1 byte to the whole file and checks the chunks add up to the file. */
async function expectEverySplitToMatch(text: string, delimiter: ',' | ';' = ',') {
  const file = Buffer.from(text);
  const whole = await rowsOf(Readable.from([file]), 0, delimiter);
  for (let bytes = 1; bytes <= file.length + 1; bytes++) {
    const p = await plan(file, bytes);
    // Contiguous, ordered, covering everything after the header.
    expect(p.size).toBe(file.length);
    let at = p.headerBytes;
    for (const [i, c] of p.chunks.entries()) {
      expect(c.index).toBe(i);
      expect(c.start).toBe(at);
      expect(c.end).toBeGreaterThan(c.start);
      at = c.end;
    }
    if (p.chunks.length > 0) expect(at).toBe(file.length);
    expect(await rowsOfChunks(file, p), `chunk size ${bytes}`).toEqual(whole);
  }
  return whole;
}

describe('planCsvChunks', () => {
  test('splits on record ends, never inside a quoted field with line breaks or a doubled quote', async () => {
    const whole = await expectEverySplitToMatch(
      'name,partNumber,description\n' +
        'Valve,V-1,"two\nlines"\n' +
        '"Pump, big",P-2,"has ""quotes"" and a\n\nblank line inside"\n' +
        'Seal,S-3,plain\n' +
        'Hose 5" long,H-4,"ends with a line break\n"\n',
    );
    expect(whole.map(([row, r]) => [row, r[1]])).toEqual([
      [2, 'V-1'],
      [3, 'P-2'],
      [4, 'S-3'],
      [5, 'H-4'],
    ]);
  });

  test('CRLF line ends, a BOM and blank lines before the header', async () => {
    const whole = await expectEverySplitToMatch(`${BOM}\r\n\r\nname,partNumber\r\nValve,V-1\r\n"Multi\r\nline",M-2\r\n\r\nSeal,S-3\r\n`);
    // Blank lines are records too (counted in row numbers), exactly as in a one-pass import.
    expect(whole.filter(([, r]) => !isBlankRecord(r)).map(([row, r]) => [row, r[1]])).toEqual([
      [4, 'V-1'],
      [5, 'M-2'],
      [7, 'S-3'],
    ]);
  });

  test('a last line without a line break, semicolons', async () => {
    const whole = await expectEverySplitToMatch('name;partNumber\nValve;V-1\nSeal;"S;3"', ';');
    expect(whole).toEqual([
      [2, ['Valve', 'V-1']],
      [3, ['Seal', 'S;3']],
    ]);
    expect((await plan(Buffer.from('name;partNumber\nValve;V-1\n'), 4)).delimiter).toBe(';');
  });

  test('a chunk ending exactly at a line break takes that line whole; the next starts on the next line', async () => {
    const text = 'h1,h2\naaaa,1\nbbbb,2\ncccc,3\n';
    // Header 6 bytes; each row 7 bytes: with 7-byte chunks each row is one chunk, ending just past its "\n".
    const p = await plan(Buffer.from(text), 7);
    expect(p.headerBytes).toBe(6);
    expect(p.chunks).toEqual([
      { index: 0, start: 6, end: 13, rowOffset: 0 },
      { index: 1, start: 13, end: 20, rowOffset: 1 },
      { index: 2, start: 20, end: 27, rowOffset: 2 },
    ]);
    // One byte more: two rows per chunk.
    expect((await plan(Buffer.from(text), 8)).chunks.map((c) => [c.start, c.end])).toEqual([
      [6, 20],
      [20, 27],
    ]);
  });

  test('a small file is one chunk; a header-only file has none', async () => {
    const text = 'name,partNumber\nValve,V-1\nSeal,S-3\n';
    expect((await plan(Buffer.from(text), 1024)).chunks).toEqual([{ index: 0, start: 16, end: text.length, rowOffset: 0 }]);
    expect((await plan(Buffer.from('name,partNumber\n'), 1024)).chunks).toEqual([]);
  });

  test('refuses what the import refuses: empty, binary, no header', async () => {
    await expect(plan(Buffer.from('  \n'), 10)).rejects.toThrow(ValidationError);
    await expect(plan(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]), 10)).rejects.toThrow('The file is not a text CSV file');
    await expect(plan(Buffer.from('1,2\n3,4\n'), 10)).rejects.toThrow('The CSV file has no header row');
  });

  test('a broken record at the end stays in the last chunk, to be reported by its worker', async () => {
    const text = 'name,partNumber\nValve,V-1\n"never closed,X\n';
    const p = await plan(Buffer.from(text), 1);
    expect(p.chunks.at(-1)?.end).toBe(text.length);
    expect(p.chunks.map((c) => text.slice(c.start, c.end))).toEqual(['Valve,V-1\n', '"never closed,X\n']);
  });
});
