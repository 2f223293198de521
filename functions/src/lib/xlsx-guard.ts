import { inflateRawSync } from 'node:zlib';
import { Inflate, Unzip, UnzipPassThrough, type AsyncFlateStreamHandler, type UnzipDecoder } from 'fflate';
import { MAX_BOM_CELL_CHARS } from '@parts/shared/bom';
import { megabytes } from '@parts/shared/constants';
import { ValidationError } from '../domain/errors';

/**
 * What the XLSX reader (read-excel-file 9) can take, measured (issue 26, ADR 094): a normal sheet of 4 MB
 * (~10,000 rows, five times the longest list) reads in ~1 s on a loaded 2-core machine; but one text run
 * of ~1 MB or more between two tags can send its XML tokenizer into a minutes-long loop that ends in a
 * stack overflow (a 20 MB cell zips to 21 KB). So every entry is capped, and in the XML entries no run
 * between `<` and `>` may exceed 64 KB — a cell holds at most 1,000 characters (6 KB escaped), and the
 * reader handles 700 KB runs in ~0.3 s.
 */
export const MAX_XLSX_ENTRY_BYTES = 4 * 1024 * 1024;
export const MAX_XLSX_TEXT_RUN = 64 * 1024;

export const XLSX_ENTRY_TOO_LARGE = `A part of the workbook unpacks to more than ${megabytes(MAX_XLSX_ENTRY_BYTES)} MB; save the parts list alone as .xlsx or CSV`;
export const XLSX_TEXT_TOO_LONG = `The workbook holds a text of more than ${MAX_XLSX_TEXT_RUN / 1024} KB in one piece; a cell holds at most ${MAX_BOM_CELL_CHARS.toLocaleString('en-US')} characters`;
export const XLSX_UNREADABLE = 'The file could not be read as an Excel workbook; save it as .xlsx or CSV';

const LT = 0x3c;
const GT = 0x3e;

/**
 * Hands an entry's deflated bytes through as they are: Node's zlib (native; the 40,000-row workbook's check fell from 259 to 27 ms CPU)
 * inflates them below with a bound on the output, so a bomb costs what the limit allows and no more.
 */
class DeflatedPassThrough implements UnzipDecoder {
  static compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  push(chunk: Uint8Array, final: boolean): void {
    this.ondata(null, new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength), final);
  }
}

/** The entry's bytes, unpacked, or why not: larger than MAX_XLSX_ENTRY_BYTES, or not valid deflate. */
function unpack(bytes: Uint8Array, compression: number): Uint8Array | 'too-large' | 'broken' {
  if (compression === 0) return bytes.length > MAX_XLSX_ENTRY_BYTES ? 'too-large' : bytes;
  try {
    return inflateRawSync(bytes, { maxOutputLength: MAX_XLSX_ENTRY_BYTES });
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'broken';
  }
}

/** Counts runs of bytes between angle brackets across chunks: true once one is longer than MAX_XLSX_TEXT_RUN. */
function textRunCounter(): (xml: Uint8Array) => boolean {
  let run = 0;
  return (xml) => {
    for (let i = 0; i < xml.length; i++) {
      const b = xml[i];
      run = b === LT || b === GT ? 0 : run + 1;
      if (run > MAX_XLSX_TEXT_RUN) return true;
    }
    return false;
  };
}

/** Input slices for the streaming inflater: no one output chunk can be large (deflate: ≤ ~1,000×). */
const SLICE = 256;

/** How far into an over-large XML entry a long text run is looked for (a bomb's cell starts near the top). */
const RUN_LOOKAHEAD_BYTES = 4 * MAX_XLSX_TEXT_RUN;

/**
 * For an XML entry past the size limit: whether a long text run shows in its first RUN_LOOKAHEAD_BYTES, so a
 * 20 MB cell is named as what it is. Inflates in small steps and stops there; past it, the size is the reason.
 */
function longTextRunBeforeLimit(deflated: Uint8Array): boolean {
  const tooLong = textRunCounter();
  let found = false;
  let size = 0;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    found ||= tooLong(chunk);
  });
  try {
    for (let at = 0; at < deflated.length && !found && size <= RUN_LOOKAHEAD_BYTES; at += SLICE) {
      inflate.push(deflated.subarray(at, at + SLICE), at + SLICE >= deflated.length);
    }
  } catch {
    return false;
  }
  return found;
}

/**
 * Unpacks the workbook once, counting, before the reader sees it: refuses (400) an entry larger than
 * MAX_XLSX_ENTRY_BYTES or an XML entry with a run between angle brackets longer than MAX_XLSX_TEXT_RUN.
 * fflate reads the zip's structure; each entry's deflated bytes (bounded by the upload's size) are
 * inflated by zlib, which stops at the limit.
 */
export function checkXlsxEntries(data: Uint8Array): void {
  let refusal: string | undefined;
  let broken = false;
  const unzip = new Unzip((file) => {
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (err) broken = true;
      if (refusal || broken) return;
      chunks.push(chunk);
      if (!final) return;
      const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const xml = /\.(xml|rels)$/i.test(file.name);
      const entry = unpack(bytes, file.compression);
      if (entry === 'broken') broken = true;
      else if (entry === 'too-large') refusal = xml && file.compression === 8 && longTextRunBeforeLimit(bytes) ? XLSX_TEXT_TOO_LONG : XLSX_ENTRY_TOO_LARGE;
      else if (xml && textRunCounter()(entry)) refusal = XLSX_TEXT_TOO_LONG;
    };
    if (!refusal && !broken) file.start();
  });
  unzip.register(UnzipPassThrough);
  unzip.register(DeflatedPassThrough);
  try {
    unzip.push(data, true);
  } catch {
    throw new ValidationError(XLSX_UNREADABLE);
  }
  if (refusal) throw new ValidationError(refusal);
  if (broken) throw new ValidationError(XLSX_UNREADABLE);
}
