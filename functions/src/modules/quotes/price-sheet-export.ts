import type { QuoteItem } from '@parts/shared/schemas';
import { PRICE_SHEET_BREAKS, PRICE_SHEET_COLUMNS, type PriceSheetFill } from '@parts/shared/price-sheet';

/**
 * The price sheet's rows (ADR 117): a header, then one row per request line in the request's order, its
 * price columns filled from the editor's draft. Numbers the reseller will calculate with (quantities,
 * prices that read as plain decimals) are written as numbers; everything else as text.
 */

export type SheetCell = string | number;

/** What the sheet says about a line's part: checked again when the sheet comes back. */
export function sheetIdentity(item: QuoteItem): { buyerPartNumber: string; partId: string; partNumber: string } {
  return {
    buyerPartNumber: item.freeText?.partNumber ?? item.part?.partNumber ?? '',
    partId: item.part ? String(item.part.id) : '',
    partNumber: item.part?.partNumber ?? '',
  };
}

const PLAIN_NUMBER = /^\d{1,9}(\.\d{1,6})?$/;
/** A draft's text as a number when it is a plain one (12.50, 100), so the sheet can calculate with it. */
const numeric = (text: string | undefined): SheetCell => {
  const t = (text ?? '').trim();
  return PLAIN_NUMBER.test(t) ? Number(t) : t;
};

export function priceSheetRows(items: QuoteItem[], fills: PriceSheetFill[]): SheetCell[][] {
  const byItem = new Map(fills.map((f) => [f.itemId, f]));
  const rows: SheetCell[][] = [[...PRICE_SHEET_COLUMNS]];
  for (const item of items) {
    const fill = byItem.get(item.id);
    const id = sheetIdentity(item);
    const breaks = Array.from({ length: PRICE_SHEET_BREAKS }, (_, i) => {
      const b = fill?.breaks?.[i];
      return b ? [numeric(b.quantity), numeric(b.price)] : ['', ''];
    }).flat();
    rows.push([
      item.id,
      id.buyerPartNumber,
      item.freeText?.manufacturer ?? '',
      item.freeText?.description ?? item.part?.name ?? '',
      item.part ? item.part.id : '',
      id.partNumber,
      item.quantity,
      item.reference ?? '',
      item.targetPrice ?? '',
      item.neededBy ?? '',
      numeric(fill?.unitPrice),
      ...breaks,
      numeric(fill?.moq),
      numeric(fill?.leadTime),
      fill?.alternative ?? '',
      fill?.reason ?? '',
      fill?.note ?? '',
    ]);
  }
  return rows;
}

/**
 * Text a spreadsheet would run as a formula when it opens a CSV (`=`, `+`, `-`, `@`, tab, CR): written
 * with a leading `'` (OWASP's advice), which the loader takes off again. XLSX cells are typed, never formulas.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const CSV_FORMULA_GUARD = "'";

function csvField(cell: SheetCell): string {
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `${CSV_FORMULA_GUARD}${cell}` : cell;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a byte-order mark (Excel then reads the accents right), comma-separated, CRLF. */
export function priceSheetCsv(rows: SheetCell[][]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export async function priceSheetXlsx(rows: SheetCell[][]): Promise<Buffer> {
  // Loaded by the first export, not at the API's cold start (ADR 082).
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  // Each cell typed: a text is a String cell even when it starts with `=` (never a formula).
  const data = rows.map((r, i) =>
    r.map((value) =>
      value === '' ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) },
    ),
  );
  const columns = PRICE_SHEET_COLUMNS.map((h) => ({ width: Math.max(10, Math.min(40, h.length + 2)) }));
  return writeXlsxFile(data, { sheet: 'Price sheet', columns, stickyRowsCount: 1 }).toBuffer();
}

export const priceSheetFileName = (quoteId: number, format: 'xlsx' | 'csv') => `quote-${quoteId}-price-sheet.${format}`;
