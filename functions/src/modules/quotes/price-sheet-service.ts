import type { QuoteItem, QuoteRequest } from '@parts/shared/schemas';
import { normalizePartNumber } from '@parts/shared/part-number';
import {
  PRICE_SHEET_HEADERS as H,
  type PriceSheetExport,
  type PriceSheetLine,
  type PriceSheetProblem,
  type PriceSheetReading,
} from '@parts/shared/price-sheet';
import type { SearchIndex } from '../search';
import { NotFoundError, ValidationError } from '../../domain/errors';
import type { QuoteRepository } from './ports/quote-repository';
import { CSV_FORMULA_GUARD, priceSheetCsv, priceSheetFileName, priceSheetRows, priceSheetXlsx } from './price-sheet-export';
import { problemAt, readRow, rowItem, type CellOf } from './price-sheet-rows';

/**
 * The price sheet round trip (issue 29, ADR 117): the request's lines out as XLSX/CSV with the draft's
 * values, and a priced sheet read back into checked lines with every problem by row and column. Reading
 * never changes the offer: the editor shows what the lines change and the reseller sends the offer.
 */

export const SHEET_NO_LINE_COLUMN = `The sheet has no “${H.line}” column; export the request again and price that sheet`;
export const SHEET_NO_ROWS = 'The sheet has no lines below its header';
export const duplicateLine = (line: number, row: number) => `line ${line} is also on row ${row}`;
export const unknownAlternative = (text: string) => `“${text}” is not a part number in the catalogue`;
export const ambiguousAlternative = (text: string, count: number) =>
  `“${text}” is the part number of ${count} catalogue parts; choose the alternative in the editor`;
export const alternativeIsThePart = 'the alternative must be a different part than the line’s own';
/** Problems listed in one answer; the count says how many there were. */
export const MAX_LISTED_PROBLEMS = 1000;

/** A sheet as the parse sandbox reads it: text cells, and each row's number in the sheet. */
export interface SheetTable {
  rows: string[][];
  rowNumbers?: number[];
}

export interface PriceSheetDeps {
  quotes: Pick<QuoteRepository, 'getQuoteRequest'>;
  search: Pick<SearchIndex, 'matchParts'>;
}

const FORMULA_GUARDED = /^'[=+\-@\t\r]/;

export function createPriceSheetService(deps: PriceSheetDeps) {
  async function request(id: number): Promise<QuoteRequest> {
    const quote = await deps.quotes.getQuoteRequest(id);
    if (!quote) throw new NotFoundError('Quote request not found');
    return quote;
  }

  /** Each alternative part number to its one catalogue part (by the part number as typed or normalised), or a problem. */
  async function lookUpAlternatives(lines: (PriceSheetLine & { alternativeText?: string })[], items: Map<number, QuoteItem>, problems: PriceSheetProblem[]) {
    const asked = lines.filter((l) => l.alternativeText);
    if (asked.length === 0) return lines;
    const texts = [...new Set(asked.map((l) => l.alternativeText!))];
    const matches = await deps.search.matchParts(texts.map((partNumber) => ({ partNumber })));
    const found = new Map(
      texts.map((t, i) => [t, (matches[i]?.candidates ?? []).filter((c) => c.via === 'exact' || normalizePartNumber(c.partNumber) === normalizePartNumber(t))]),
    );
    const bad = new Set<number>();
    for (const line of asked) {
      const text = line.alternativeText!;
      const parts = found.get(text)!;
      const problem =
        parts.length === 0
          ? unknownAlternative(text)
          : parts.length > 1
            ? ambiguousAlternative(text, parts.length)
            : parts[0]!.id === items.get(line.itemId)?.part?.id
              ? alternativeIsThePart
              : undefined;
      if (problem) {
        problems.push(problemAt(line.row, H.alternative, problem));
        bad.add(line.row);
      } else if (line.status === 'offered') line.alternative = { partId: parts[0]!.id, partNumber: parts[0]!.partNumber, name: parts[0]!.name };
    }
    return lines.filter((l) => !bad.has(l.row));
  }

  return {
    async exportSheet(id: number, input: PriceSheetExport): Promise<{ body: Buffer; fileName: string; contentType: string }> {
      const quote = await request(id);
      const rows = priceSheetRows(quote.items, input.fills);
      const fileName = priceSheetFileName(id, input.format);
      if (input.format === 'csv') return { body: priceSheetCsv(rows), fileName, contentType: 'text/csv; charset=utf-8' };
      return { body: await priceSheetXlsx(rows), fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    },

    /** The sheet's rows checked against the request: the lines that passed, and every problem by row and column. */
    async readSheet(id: number, table: SheetTable): Promise<PriceSheetReading> {
      const quote = await request(id);
      const [header = [], ...body] = table.rows;
      const columns = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
      if (!columns.has(H.line.toLowerCase())) throw new ValidationError(SHEET_NO_LINE_COLUMN);
      if (body.length === 0) throw new ValidationError(SHEET_NO_ROWS);
      const items = new Map(quote.items.map((i) => [i.id, i]));
      const seen = new Map<number, number>();
      const problems: PriceSheetProblem[] = [];
      const read: (PriceSheetLine & { alternativeText?: string })[] = [];
      body.forEach((cells, i) => {
        const row = table.rowNumbers?.[i + 1] ?? i + 2;
        const cellOf: CellOf = (h) => {
          const at = columns.get(h.toLowerCase());
          const text = (at === undefined ? '' : (cells[at] ?? '')).trim();
          return FORMULA_GUARDED.test(text) ? text.slice(CSV_FORMULA_GUARD.length) : text;
        };
        const item = rowItem(row, cellOf, items);
        if ('message' in item) return void problems.push(item);
        const earlier = seen.get(item.id);
        if (earlier !== undefined) return void problems.push(problemAt(row, H.line, duplicateLine(item.id, earlier)));
        seen.set(item.id, row);
        const before = problems.length;
        const line = readRow(row, item, cellOf, problems);
        if (line && problems.length === before) read.push(line);
      });
      const checked = await lookUpAlternatives(read, items, problems);
      problems.sort((a, b) => a.row - b.row);
      return {
        rows: body.length,
        lines: checked.map(({ alternativeText: _, ...line }) => line),
        problems: problems.slice(0, MAX_LISTED_PROBLEMS),
        problemCount: problems.length,
      };
    },
  };
}
