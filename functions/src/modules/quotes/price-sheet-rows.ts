import { normalizePartNumber } from '@parts/shared/part-number';
import { readMoney } from '@parts/shared/numbers/money';
import { readTypedQuantity } from '@parts/shared/numbers/quantity';
import { priceBreakProblem } from '@parts/shared/offer-pricing';
import { MAX_LEAD_TIME_DAYS, type LeadTime, type PriceBreak } from '@parts/shared/quote-offers';
import { MAX_QUOTE_QUANTITY } from '@parts/shared/constants';
import type { QuoteItem } from '@parts/shared/schemas';
import {
  IN_STOCK_TEXT,
  PRICE_SHEET_BREAKS,
  PRICE_SHEET_COLUMNS,
  PRICE_SHEET_HEADERS as H,
  breakPriceHeader,
  breakQuantityHeader,
  type PriceSheetLine,
  type PriceSheetProblem,
} from '@parts/shared/price-sheet';
import { sheetIdentity } from './price-sheet-export';

/**
 * One row of a loaded price sheet, checked cell by cell with the editor's rules: money by the shared
 * money reader, counts by the shared quantity reader, breaks that rise refused by `priceBreakProblem`.
 * Every problem names the sheet's row and column. The row's line is checked against the request's part
 * (a sheet sorted without its Line column names other parts on its rows). Alternatives are looked up later.
 */

export const MAX_SHEET_REASON_CHARS = 300;
export const MAX_SHEET_NOTE_CHARS = 500;

export const problemAt = (row: number, column: string, text: string): PriceSheetProblem => ({ row, column, message: `Row ${row}, ${column}: ${text}` });

/** The row's cell under a header (blank when the sheet has no such column). */
export type CellOf = (header: string) => string;

export const notALine = (text: string) => `“${text}” is not a line number of this request`;
export const resorted = (line: number, expected: string, found: string) =>
  `line ${line} of this request is ${expected}, but this row names ${found}; was the sheet sorted without its Line column? Export the request again`;
export const bothPriceAndReason = 'a line that cannot be supplied has no price; clear the price or the reason';
export const breakNeedsBoth = 'give both the quantity and the price of a price break';
export const breakFromTwo = 'a price break starts at 2 pieces or more';
export const breaksIncrease = 'price break quantities must increase from one break to the next';
export const leadTimeProblem = `enter a number of days (1 to ${MAX_LEAD_TIME_DAYS}) or “${IN_STOCK_TEXT}”`;
export const tooLong = (max: number) => `at most ${max.toLocaleString('en-US')} characters`;

/** The cells the reseller fills (the sheet's columns from Unit price on): a row with all of them blank leaves its line as the draft has it. */
const FILLED_HEADERS = PRICE_SHEET_COLUMNS.slice(PRICE_SHEET_COLUMNS.indexOf(H.unitPrice));

/** The line a row is for, checked against the request's part; or the problem. */
export function rowItem(row: number, cellOf: CellOf, items: Map<number, QuoteItem>): QuoteItem | PriceSheetProblem {
  const text = cellOf(H.line);
  const item = /^\d{1,9}$/.test(text) ? items.get(Number(text)) : undefined;
  if (!item) return problemAt(row, H.line, text === '' ? 'no line number' : notALine(text));
  const expected = sheetIdentity(item);
  const name = (id: { partId: string; partNumber: string }) => (id.partNumber ? `“${id.partNumber}”` : `part ${id.partId}`);
  // The catalogue part's id decides where there is one (Excel may have rewritten a number-like part number).
  const idCell = cellOf(H.partId);
  if (expected.partId !== '' && idCell !== '') {
    if (idCell !== expected.partId) return problemAt(row, H.line, resorted(item.id, name(expected), `part ${idCell}`));
    return item;
  }
  for (const header of [H.partNumber, H.buyerPartNumber] as const) {
    const found = cellOf(header);
    const want = header === H.partNumber ? expected.partNumber : expected.buyerPartNumber;
    if (found !== '' && normalizePartNumber(found) !== normalizePartNumber(want)) {
      return problemAt(row, H.line, resorted(item.id, `“${want || '(no part number)'}”`, `“${found}”`));
    }
  }
  return item;
}

const money = (row: number, column: string, text: string, problems: PriceSheetProblem[]): number | undefined => {
  const r = readMoney(text);
  if (!r.ok) problems.push(problemAt(row, column, r.message));
  return r.ok ? r.micros : undefined;
};

const count = (row: number, column: string, text: string, problems: PriceSheetProblem[]): number | undefined => {
  const r = readTypedQuantity(text);
  if (!r.ok) problems.push(problemAt(row, column, r.message));
  else if (r.quantity > MAX_QUOTE_QUANTITY) problems.push(problemAt(row, column, `at most ${MAX_QUOTE_QUANTITY.toLocaleString('en-US')}`));
  return r.ok && r.quantity <= MAX_QUOTE_QUANTITY ? r.quantity : undefined;
};

function readLeadTime(row: number, text: string, problems: PriceSheetProblem[]): LeadTime | undefined {
  if (/^(in[ _-]?stock|stock)$/i.test(text)) return 'in_stock';
  const days = /^(\d{1,9})\s*(d|days?)?$/i.exec(text);
  const n = days ? Number(days[1]) : NaN;
  if (n >= 1 && n <= MAX_LEAD_TIME_DAYS) return n;
  problems.push(problemAt(row, H.leadTime, `“${text}”: ${leadTimeProblem}`));
  return undefined;
}

function readBreaks(row: number, cellOf: CellOf, unitPriceMicros: number | undefined, problems: PriceSheetProblem[]): PriceBreak[] {
  const breaks: PriceBreak[] = [];
  const before = problems.length;
  for (let n = 1; n <= PRICE_SHEET_BREAKS; n++) {
    const q = cellOf(breakQuantityHeader(n));
    const p = cellOf(breakPriceHeader(n));
    if (q === '' && p === '') continue;
    if (q === '' || p === '') {
      problems.push(problemAt(row, q === '' ? breakQuantityHeader(n) : breakPriceHeader(n), breakNeedsBoth));
      continue;
    }
    const minQuantity = count(row, breakQuantityHeader(n), q, problems);
    const price = money(row, breakPriceHeader(n), p, problems);
    if (minQuantity !== undefined && minQuantity < 2) problems.push(problemAt(row, breakQuantityHeader(n), breakFromTwo));
    else if (minQuantity !== undefined && breaks.length > 0 && minQuantity <= breaks[breaks.length - 1]!.minQuantity) {
      problems.push(problemAt(row, breakQuantityHeader(n), breaksIncrease));
    } else if (minQuantity !== undefined && price !== undefined) breaks.push({ minQuantity, unitPriceMicros: price });
  }
  if (problems.length === before && unitPriceMicros !== undefined) {
    const rising = priceBreakProblem(unitPriceMicros, breaks);
    if (rising) problems.push(problemAt(row, breakPriceHeader(rising.index + 1), rising.message));
  }
  return breaks;
}

/**
 * The line a checked row says, or undefined when every cell the reseller fills is blank. Problems are
 * added to `problems`; a row with any problem is left out by the caller. `alternative` is the part
 * number as written (looked up by the caller).
 */
export function readRow(
  row: number,
  item: QuoteItem,
  cellOf: CellOf,
  problems: PriceSheetProblem[],
): (PriceSheetLine & { alternativeText?: string }) | undefined {
  if (FILLED_HEADERS.every((h) => cellOf(h) === '')) return undefined;
  const reason = cellOf(H.reason);
  const unitPrice = cellOf(H.unitPrice);
  if (reason !== '') {
    if (unitPrice !== '') problems.push(problemAt(row, H.reason, bothPriceAndReason));
    if (reason.length > MAX_SHEET_REASON_CHARS) problems.push(problemAt(row, H.reason, tooLong(MAX_SHEET_REASON_CHARS)));
    return { itemId: item.id, row, status: 'cannot_supply', reason };
  }
  const unitPriceMicros = unitPrice === '' ? undefined : money(row, H.unitPrice, unitPrice, problems);
  const priceBreaks = readBreaks(row, cellOf, unitPriceMicros, problems);
  const moqText = cellOf(H.moq);
  const minimumOrderQuantity = moqText === '' ? undefined : count(row, H.moq, moqText, problems);
  const leadText = cellOf(H.leadTime);
  const leadTime = leadText === '' ? undefined : readLeadTime(row, leadText, problems);
  const note = cellOf(H.note);
  if (note.length > MAX_SHEET_NOTE_CHARS) problems.push(problemAt(row, H.note, tooLong(MAX_SHEET_NOTE_CHARS)));
  const alternativeText = cellOf(H.alternative);
  return {
    itemId: item.id,
    row,
    status: 'offered',
    ...(unitPriceMicros !== undefined ? { unitPriceMicros } : {}),
    priceBreaks,
    ...(minimumOrderQuantity !== undefined ? { minimumOrderQuantity } : {}),
    ...(leadTime !== undefined ? { leadTime } : {}),
    ...(note !== '' ? { note } : {}),
    ...(alternativeText !== '' ? { alternativeText } : {}),
  };
}
