import * as z from 'zod';
import { lazySchema } from './lazy-schema';
import { MAX_QUOTE_ITEMS } from './constants';
import { MAX_PRICE_BREAKS, priceBreakSchema, leadTimeSchema } from './quote-offers';

/**
 * The price sheet (issue 29, ADR 117): a quote request's lines as XLSX or CSV for the reseller to price
 * in a spreadsheet or an ERP, and loaded back into the offer editor. The server writes and reads it
 * (functions/src/modules/quotes/price-sheet-*.ts); the web sends the editor's draft to fill it in and
 * shows what a loaded sheet changes before applying it.
 */

export const PRICE_SHEET_BREAKS = MAX_PRICE_BREAKS;
export const breakQuantityHeader = (n: number) => `Break ${n} quantity`;
export const breakPriceHeader = (n: number) => `Break ${n} price`;

/** The columns, in order. The request's own columns are for reading; the reseller fills the others. */
export const PRICE_SHEET_HEADERS = {
  line: 'Line',
  buyerPartNumber: 'Buyer part number',
  buyerManufacturer: 'Buyer manufacturer',
  buyerDescription: 'Buyer description',
  partId: 'Catalogue part id',
  partNumber: 'Catalogue part number',
  quantity: 'Quantity',
  reference: 'Buyer reference',
  targetPrice: 'Target price',
  neededBy: 'Needed by',
  unitPrice: 'Unit price',
  moq: 'MOQ',
  leadTime: 'Lead time',
  alternative: 'Alternative part number',
  reason: 'Cannot supply reason',
  note: 'Note',
} as const;

const H = PRICE_SHEET_HEADERS;
export const PRICE_SHEET_COLUMNS: readonly string[] = [
  H.line,
  H.buyerPartNumber,
  H.buyerManufacturer,
  H.buyerDescription,
  H.partId,
  H.partNumber,
  H.quantity,
  H.reference,
  H.targetPrice,
  H.neededBy,
  H.unitPrice,
  ...Array.from({ length: PRICE_SHEET_BREAKS }, (_, i) => [breakQuantityHeader(i + 1), breakPriceHeader(i + 1)]).flat(),
  H.moq,
  H.leadTime,
  H.alternative,
  H.reason,
  H.note,
];

/** How a lead time is written in the sheet: a number of days, or this. */
export const IN_STOCK_TEXT = 'in stock';

const cell = () => z.string().max(1000).optional();

/** One line of the editor's current draft, as the text its fields hold: filled into the exported sheet. */
export const priceSheetFillSchema = lazySchema(() =>
  z.object({
    itemId: z.number().int().positive(),
    unitPrice: cell(),
    breaks: z
      .array(z.object({ quantity: z.string().max(50), price: z.string().max(50) }))
      .max(PRICE_SHEET_BREAKS)
      .optional(),
    moq: cell(),
    leadTime: cell(),
    alternative: cell(),
    reason: cell(),
    note: cell(),
  }),
);
export type PriceSheetFill = z.infer<typeof priceSheetFillSchema>;

export const PRICE_SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type PriceSheetFormat = (typeof PRICE_SHEET_FORMATS)[number];

export const priceSheetExportSchema = lazySchema(() =>
  z.object({
    format: z.enum(PRICE_SHEET_FORMATS),
    /** The editor's draft; lines left out are written with empty price columns. */
    fills: z.array(priceSheetFillSchema).max(MAX_QUOTE_ITEMS).default([]),
  }),
);
export type PriceSheetExport = z.infer<typeof priceSheetExportSchema>;

/**
 * A row of a loaded sheet that passed every check. An offered row says the whole line as the sheet has
 * it: a blank cell is an empty field (no breaks, no note, lead time not given). Rows whose price, break,
 * MOQ, lead time, alternative, reason and note cells are all blank are not returned: they leave the draft as it is.
 */
export const priceSheetLineSchema = lazySchema(() =>
  z.discriminatedUnion('status', [
    z.object({
      itemId: z.number().int(),
      row: z.number().int(),
      status: z.literal('offered'),
      unitPriceMicros: z.number().int().optional(),
      priceBreaks: z.array(priceBreakSchema),
      minimumOrderQuantity: z.number().int().optional(),
      leadTime: leadTimeSchema.optional(),
      alternative: z.object({ partId: z.number().int(), partNumber: z.string(), name: z.string() }).optional(),
      note: z.string().optional(),
    }),
    z.object({ itemId: z.number().int(), row: z.number().int(), status: z.literal('cannot_supply'), reason: z.string() }),
  ]),
);
export type PriceSheetLine = z.infer<typeof priceSheetLineSchema>;

/** One cell that did not pass: its sheet row (1 is the header) and column, and the whole sentence. */
export interface PriceSheetProblem {
  row: number;
  column: string;
  /** `Row 214, Unit price: “12,5,0” is not a price; enter one like 12.50` */
  message: string;
}

export interface PriceSheetReading {
  /** Data rows read (not counting the header and blank rows). */
  rows: number;
  lines: PriceSheetLine[];
  /** The first problems, by row (at most 1,000). */
  problems: PriceSheetProblem[];
  problemCount: number;
}
