import * as z from 'zod';
import { lazySchema } from './lazy-schema';
import { MAX_QUOTE_ITEMS } from './constants';
import { optionalOneLine } from './one-line';
import { attachmentSchema } from './schemas';

/**
 * The order (ADR 121): what an accepted offer becomes. The accepted lines (the offered part or its
 * alternative) with their prices, quantities, the buyer's references and target dates, and the buyer's
 * purchase order (PO number, PO document). The reseller confirms it once, each line with a ship date or
 * rejected with a reason. States:
 *
 *   placed ──confirm──► confirmed   (at least one line confirmed; rejected lines say why)
 *          └─confirm──► rejected    (every line rejected)
 */

export const ORDER_STATES = ['placed', 'confirmed', 'rejected'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_LINE_STATES = ['open', 'confirmed', 'rejected'] as const;
export type OrderLineState = (typeof ORDER_LINE_STATES)[number];

/** Whether the buyer must give a PO number when accepting (the site setting SITE_PO_NUMBER; default optional). */
export const PO_NUMBER_RULES = ['optional', 'required'] as const;
export type PoNumberRule = (typeof PO_NUMBER_RULES)[number];

export const MAX_PO_NUMBER_CHARS = 60;
export const MAX_REJECT_REASON_CHARS = 300;
/** A ship date is at most this many days ahead of the day it is confirmed. */
export const MAX_SHIP_DAYS_AHEAD = 730;

/** A calendar day, YYYY-MM-DD, that exists (as quote-offers.ts's, which imports this file). */
const daySchema = lazySchema(() =>
  z
    .string({ message: 'Give a ship date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2030-01-31')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Use a date that exists'),
);

export const PO_NUMBER_REQUIRED = 'Enter your purchase order (PO) number';

export const orderLineSchema = lazySchema(() =>
  z.object({
    itemId: z.number().int(),
    /** What is ordered: the offered part, or the alternative the buyer chose. */
    partNumber: z.string(),
    name: z.string(),
    partId: z.number().int().optional(),
    /** Set when the buyer took the alternative: the part the line was offered with. */
    insteadOf: z.object({ partNumber: z.string(), name: z.string() }).optional(),
    quantity: z.number().int(),
    unitPriceMicros: z.number().int(),
    lineTotalCents: z.number().int(),
    leadTime: z.union([z.literal('in_stock'), z.number().int()]).optional(),
    /** The buyer's own reference for the line and their needed-by date, from the request. */
    reference: z.string().optional(),
    neededBy: z.string().optional(),
    state: z.enum(ORDER_LINE_STATES),
    shipDate: z.string().optional(),
    rejectReason: z.string().optional(),
  }),
);
export type OrderLine = z.infer<typeof orderLineSchema>;

export const purchaseOrderSchema = lazySchema(() => z.object({ number: z.string().optional(), document: attachmentSchema.optional() }));
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const orderSchema = lazySchema(() =>
  z.object({
    quoteId: z.number().int(),
    /** The offer version it was accepted from. */
    version: z.number().int(),
    state: z.enum(ORDER_STATES),
    placedAt: z.string(),
    placedBy: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerCompany: z.string().optional(),
    purchaseOrder: purchaseOrderSchema,
    lines: z.array(orderLineSchema),
    totalCents: z.number().int(),
    confirmedAt: z.string().optional(),
    confirmedBy: z.string().optional(),
    /** The confirmed lines' total (rejected lines left out). */
    confirmedTotalCents: z.number().int().optional(),
  }),
);
export type Order = z.infer<typeof orderSchema>;

/** What accepting adds to the lines chosen: the PO (the document uploaded first, as attachments are). */
export const purchaseOrderInputSchema = lazySchema(() =>
  z.object({
    number: optionalOneLine(MAX_PO_NUMBER_CHARS, 'PO number'),
    documentKey: z.string().min(1).max(500).optional(),
  }),
);
export type PurchaseOrderInput = z.infer<typeof purchaseOrderInputSchema>;

/** The reseller's confirmation: every line either with a ship date or rejected with a reason. */
export const confirmOrderInputSchema = lazySchema(() =>
  z.object({
    lines: z
      .array(
        z.union([
          z.object({ itemId: z.number().int().positive(), shipDate: daySchema }).strict(),
          z.object({ itemId: z.number().int().positive(), rejectReason: z.string().trim().min(1, 'Give a reason').max(MAX_REJECT_REASON_CHARS) }).strict(),
        ]),
        { message: 'Give each line a ship date, or reject it with a reason' },
      )
      .min(1)
      .max(MAX_QUOTE_ITEMS),
  }),
);
export type ConfirmOrderInput = z.infer<typeof confirmOrderInputSchema>;

/** The request status an order event sets by default (ADR 114, extended by ADR 121); the admin may still set any. */
export const ORDER_STATUS_AFTER = { confirmed: 'completed', rejected: 'rejected' } as const;

export const ORDER_STATE_TEXT: Record<OrderState, string> = { placed: 'Awaiting confirmation', confirmed: 'Confirmed', rejected: 'Rejected' };
export const ORDER_LINE_STATE_TEXT: Record<OrderLineState, string> = { open: 'Awaiting confirmation', confirmed: 'Confirmed', rejected: 'Rejected' };
