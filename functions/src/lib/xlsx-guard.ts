import { Unzip, UnzipInflate } from 'fflate';
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

/** Zip input is fed to the inflater in slices this small, so no one output chunk can be large (deflate: ≤ ~1,000×). */
const SLICE = 256;
const LT = 0x3c;
const GT = 0x3e;

/**
 * Unpacks the workbook once, counting, before the reader sees it: refuses (400) an entry larger than
 * MAX_XLSX_ENTRY_BYTES or an XML entry with a run between angle brackets longer than MAX_XLSX_TEXT_RUN.
 * Stops at the first excess, so a bomb costs what the limit allows and no more.
 */
export function checkXlsxEntries(data: Uint8Array): void {
  let refusal: string | undefined;
  let broken = false;
  const unzip = new Unzip((file) => {
    if (refusal) return;
    const xml = /\.(xml|rels)$/i.test(file.name);
    let size = 0;
    let run = 0;
    file.ondata = (err, chunk) => {
      if (err) broken = true;
      if (refusal || !chunk) return;
      size += chunk.length;
      if (size > MAX_XLSX_ENTRY_BYTES) refusal = XLSX_ENTRY_TOO_LARGE;
      else if (xml) {
        for (let i = 0; i < chunk.length; i++) {
          const b = chunk[i];
          run = b === LT || b === GT ? 0 : run + 1;
          if (run > MAX_XLSX_TEXT_RUN) {
            refusal = XLSX_TEXT_TOO_LONG;
            break;
          }
        }
      }
      if (refusal) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < data.length && !refusal; at += SLICE) unzip.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
  } catch {
    throw new ValidationError(XLSX_UNREADABLE);
  }
  if (refusal) throw new ValidationError(refusal);
  if (broken) throw new ValidationError(XLSX_UNREADABLE);
}
