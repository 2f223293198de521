import * as z from 'zod';
import { lazySchema } from './lazy-schema';
import {
  MAX_UNIT_PRICE_MESSAGE,
  MAX_UNIT_PRICE_MICROS,
  UNIT_PRICE_DECIMALS_MESSAGE,
  UNIT_PRICE_STEP_MICROS,
  centsToMicros,
  formatMicros,
} from './numbers/money';
import { MAX_ATTACHMENTS, MAX_QUOTE_ITEMS, MAX_QUOTE_QUANTITY } from './constants';
import { priceBreakProblem } from './offer-pricing';
import { attachmentSchema, offerSummarySchema, quoteRequestSchema, type QuoteItem } from './schemas';
import { PO_NUMBER_RULES, orderSchema, purchaseOrderInputSchema } from './orders';

/**
 * The quote loop: the reseller's priced offer (versions), the buyer's answer and the message thread.
 * Prices of a line: offer-pricing.ts (`priceOfferLine`); the offer's states: quote-transitions.ts.
 * Money (ADR 090): unit prices are integer micros (1/1,000,000 USD, up to 4 decimals), totals integer
 * cents (each line total rounded once, `lineTotalCents` in numbers/money.ts); only display turns them into dollars.
 * Versions stored before sub-cent prices carry cents; `readStoredOfferLine` reads them as micros.
 */

export const MAX_PRICE_BREAKS = 5;
export const MAX_OFFER_VERSIONS = 50;
export const MAX_QUOTE_MESSAGES = 500;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_LEAD_TIME_DAYS = 730;
/** An offer is valid for at most this many days from the day it is sent. */
export const MAX_OFFER_VALIDITY_DAYS = 366;
export const MESSAGES_PAGE_SIZE = 50;

const text = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .min(1, message ?? 'Required')
    .max(max);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), z.string().trim().max(max).optional());

/** A unit price in micros (1/1,000,000 USD) with at most 4 decimals. */
export const unitPriceMicrosSchema = lazySchema(() =>
  z
    .number({ message: 'Enter a price' })
    .int('Unit prices are whole micros (1/1,000,000 USD)')
    .min(0, 'Price must be 0 or more')
    .max(MAX_UNIT_PRICE_MICROS, MAX_UNIT_PRICE_MESSAGE)
    .multipleOf(UNIT_PRICE_STEP_MICROS, UNIT_PRICE_DECIMALS_MESSAGE),
);
const quantitySchema = lazySchema(() => z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(MAX_QUOTE_QUANTITY));
/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDaySchema = lazySchema(() =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2030-01-31')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Use a date that exists'),
);

/** Lead time: in stock, or a number of days. */
export const leadTimeSchema = lazySchema(() =>
  z.union([
    z.literal('in_stock'),
    z
      .number()
      .int('Lead time is a whole number of days')
      .min(1, 'Lead time must be at least 1 day')
      .max(MAX_LEAD_TIME_DAYS, `Lead time must be at most ${MAX_LEAD_TIME_DAYS} days`),
  ]),
);
export type LeadTime = z.infer<typeof leadTimeSchema>;

export const priceBreakSchema = lazySchema(() =>
  z.object({
    minQuantity: z.number().int().min(2, 'A price break starts at 2 or more').max(MAX_QUOTE_QUANTITY),
    unitPriceMicros: unitPriceMicrosSchema,
  }),
);
export type PriceBreak = z.infer<typeof priceBreakSchema>;

// ---------- What the reseller sends ----------

export const offerLineInputSchema = lazySchema(() =>
  z.discriminatedUnion('status', [
    z
      .object({
        itemId: z.number().int().positive(),
        status: z.literal('offered'),
        /** The quantity offered (the requested one unless the reseller changes it, e.g. up to the MOQ). */
        quantity: quantitySchema,
        unitPriceMicros: unitPriceMicrosSchema,
        priceBreaks: z
          .array(priceBreakSchema)
          .max(MAX_PRICE_BREAKS, `At most ${MAX_PRICE_BREAKS} price breaks`)
          .default([])
          .refine((b) => b.every((x, i) => i === 0 || x.minQuantity > b[i - 1]!.minQuantity), 'Price break quantities must increase'),
        leadTime: leadTimeSchema,
        minimumOrderQuantity: quantitySchema.default(1),
        alternative: z.object({ partId: z.number().int().positive(), unitPriceMicros: unitPriceMicrosSchema, note: optionalText(300) }).optional(),
        note: optionalText(500),
      })
      .superRefine((line, ctx) => {
        const problem = priceBreakProblem(line.unitPriceMicros, line.priceBreaks);
        if (problem) ctx.addIssue({ code: 'custom', path: ['priceBreaks', problem.index, 'unitPriceMicros'], message: problem.message });
      }),
    z.object({
      itemId: z.number().int().positive(),
      status: z.literal('cannot_supply'),
      reason: text(300, 'Give a reason'),
    }),
  ]),
);
export type OfferLineInput = z.infer<typeof offerLineInputSchema>;

export const offerInputSchema = lazySchema(() =>
  z.object({
    /** The version this one revises (0 for the first): a stale editor cannot overwrite a newer offer. */
    basedOnVersion: z.number().int().min(0),
    validUntil: isoDaySchema,
    message: optionalText(MAX_MESSAGE_LENGTH),
    lines: z.array(offerLineInputSchema).min(1).max(MAX_QUOTE_ITEMS),
  }),
);
export type OfferInput = z.infer<typeof offerInputSchema>;

// ---------- A sent (frozen) version ----------

const lineBase = {
  itemId: z.number().int(),
  partNumber: z.string(),
  name: z.string(),
  partId: z.number().int().optional(),
  slug: z.string().optional(),
  requestedQuantity: z.number().int(),
};
export const offerLineSchema = lazySchema(() =>
  z.discriminatedUnion('status', [
    z.object({
      ...lineBase,
      status: z.literal('offered'),
      quantity: z.number().int(),
      unitPriceMicros: z.number().int(),
      priceBreaks: z.array(priceBreakSchema),
      /** The unit price that applies to `quantity` (the best break reached). */
      appliedUnitPriceMicros: z.number().int(),
      lineTotalCents: z.number().int(),
      leadTime: leadTimeSchema,
      minimumOrderQuantity: z.number().int(),
      alternative: z
        .object({
          partId: z.number().int(),
          partNumber: z.string(),
          name: z.string(),
          slug: z.string().optional(),
          unitPriceMicros: z.number().int(),
          lineTotalCents: z.number().int(),
          note: z.string().optional(),
        })
        .optional(),
      note: z.string().optional(),
    }),
    z.object({ ...lineBase, status: z.literal('cannot_supply'), reason: z.string() }),
  ]),
);
export type OfferLine = z.infer<typeof offerLineSchema>;
export type OfferedLine = Extract<OfferLine, { status: 'offered' }>;

export const LINE_CHOICES = ['offered', 'alternative', 'declined'] as const;
export type LineChoice = (typeof LINE_CHOICES)[number];

export const offerResponseSchema = lazySchema(() =>
  z.object({
    kind: z.enum(['accepted', 'declined', 'revision_requested']),
    at: z.string(),
    by: z.string(),
    /** Accepted: the buyer's choice per offered line. */
    lines: z.array(z.object({ itemId: z.number().int(), choice: z.enum(LINE_CHOICES) })).optional(),
    acceptedTotalCents: z.number().int().optional(),
    /** Declined: the reason; revision requested: the buyer's message. */
    text: z.string().optional(),
  }),
);
export type OfferResponse = z.infer<typeof offerResponseSchema>;

export const offerSchema = lazySchema(() =>
  z.object({
    quoteId: z.number().int(),
    version: z.number().int(),
    sentAt: z.string(),
    sentBy: z.string(),
    validUntil: z.string(),
    message: z.string().optional(),
    lines: z.array(offerLineSchema),
    /** Every offered line at its offered price (alternatives not counted). */
    totalCents: z.number().int(),
    state: z.enum(['open', 'accepted', 'declined', 'revision_requested', 'expired']),
    response: offerResponseSchema.optional(),
  }),
);
export type Offer = z.infer<typeof offerSchema>;

/** GET …/offers/:version answers the version and the one before it, so changes show at once. */
export const offerWithPreviousSchema = lazySchema(() => z.object({ offer: offerSchema, previous: offerSchema.optional() }));
export type OfferWithPrevious = z.infer<typeof offerWithPreviousSchema>;

// ---------- What the buyer sends ----------

export const acceptOfferInputSchema = lazySchema(() =>
  z.object({
    lines: z
      .array(z.object({ itemId: z.number().int().positive(), choice: z.enum(LINE_CHOICES) }))
      .min(1, 'Choose what to accept')
      .max(MAX_QUOTE_ITEMS),
    /** The buyer's purchase order (ADR 121): its number (required when the site says so) and an optional document. */
    purchaseOrder: purchaseOrderInputSchema.optional(),
  }),
);
export type AcceptOfferInput = z.infer<typeof acceptOfferInputSchema>;

/** The reseller moves the latest version's validity date (POST …/offers/:version/extend). */
export const extendOfferInputSchema = lazySchema(() => z.object({ validUntil: isoDaySchema }));
export type ExtendOfferInput = z.infer<typeof extendOfferInputSchema>;

export const declineOfferInputSchema = lazySchema(() => z.object({ reason: text(1000, 'Give a reason') }));
export type DeclineOfferInput = z.infer<typeof declineOfferInputSchema>;

export const revisionRequestInputSchema = lazySchema(() => z.object({ message: text(MAX_MESSAGE_LENGTH, 'Say what should change') }));
export type RevisionRequestInput = z.infer<typeof revisionRequestInputSchema>;

// ---------- Messages ----------

export const messageInputSchema = lazySchema(() =>
  z.object({
    body: text(MAX_MESSAGE_LENGTH, 'Write a message'),
    attachmentKeys: z.array(z.string().min(1).max(500)).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`).default([]),
  }),
);
export type MessageInput = z.infer<typeof messageInputSchema>;

export const quoteMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    quoteId: z.number().int(),
    /** 1, 2, 3… in the order the thread received them. */
    seq: z.number().int(),
    at: z.string(),
    by: z.string(),
    from: z.enum(['buyer', 'reseller']),
    body: z.string(),
    attachments: z.array(attachmentSchema),
  }),
);
export type QuoteMessage = z.infer<typeof quoteMessageSchema>;

export const messagePageSchema = lazySchema(() => z.object({ data: z.array(quoteMessageSchema), nextCursor: z.string().nullable() }));
export type MessagePage = z.infer<typeof messagePageSchema>;

// ---------- Pure rules shared by the server and the web ----------

/** What a request line names: its catalogue part, or what the buyer's list said (a free-text line). */
export function lineIdentity(item: Pick<QuoteItem, 'part' | 'freeText'>): { partNumber: string; name: string; partId?: number; slug?: string } {
  if (item.part) return { partNumber: item.part.partNumber, name: item.part.name, partId: item.part.id, ...(item.part.slug ? { slug: item.part.slug } : {}) };
  const free = item.freeText ?? {};
  return {
    partNumber: free.partNumber ?? '',
    name: [free.manufacturer, free.description].filter(Boolean).join(' ') || free.partNumber || 'Line not in the catalogue',
  };
}

type StoredBreak = Partial<PriceBreak> & { unitPriceCents?: number };
const breakIn = (b: StoredBreak): PriceBreak => ({ minQuantity: b.minQuantity!, unitPriceMicros: b.unitPriceMicros ?? centsToMicros(b.unitPriceCents!) });

/**
 * A line as stored: versions sent before sub-cent prices hold unit prices in cents (`unitPriceCents`,
 * `appliedUnitPriceCents`); they are read as micros here, so no stored item needs rewriting.
 */
export function readStoredOfferLine(stored: Record<string, unknown>): OfferLine {
  if (stored.status !== 'offered' || stored.unitPriceMicros !== undefined) return stored as OfferLine;
  const { unitPriceCents, appliedUnitPriceCents, priceBreaks, alternative, ...rest } = stored as Record<string, unknown> & {
    unitPriceCents: number;
    appliedUnitPriceCents: number;
    priceBreaks?: StoredBreak[];
    alternative?: Record<string, unknown> & { unitPriceCents?: number };
  };
  const alt = alternative ? (({ unitPriceCents: c, ...a }) => ({ ...a, unitPriceMicros: centsToMicros(c!) }))(alternative) : undefined;
  return {
    ...rest,
    unitPriceMicros: centsToMicros(unitPriceCents),
    appliedUnitPriceMicros: centsToMicros(appliedUnitPriceCents),
    priceBreaks: (priceBreaks ?? []).map(breakIn),
    ...(alt ? { alternative: alt } : {}),
  } as OfferLine;
}

/** The calendar day (UTC) of a moment, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDay(d);
}

/** "$1,234.50" from 123450 cents (a total; unit prices are micros, shown with `formatMicros`). */
export function formatCents(cents: number): string {
  return formatMicros(centsToMicros(cents));
}

export function formatLeadTime(leadTime: LeadTime): string {
  return leadTime === 'in_stock' ? 'In stock' : `${leadTime} ${leadTime === 1 ? 'day' : 'days'}`;
}

export type LineField = 'status' | 'quantity' | 'unitPrice' | 'leadTime' | 'minimumOrderQuantity' | 'priceBreaks' | 'alternative';

export interface LineChange {
  itemId: number;
  /** Fields whose value differs from the previous version; 'status' when a line went from offered to cannot-supply or back. */
  fields: LineField[];
  previous: OfferLine | undefined;
}

function sameBreaks(a: PriceBreak[], b: PriceBreak[]): boolean {
  return a.length === b.length && a.every((x, i) => x.minQuantity === b[i]!.minQuantity && x.unitPriceMicros === b[i]!.unitPriceMicros);
}

/** What changed in each line between two versions (price, quantity, lead time, …); unchanged lines are left out. */
export function diffOffers(previous: Pick<Offer, 'lines'>, next: Pick<Offer, 'lines'>): Map<number, LineChange> {
  const before = new Map(previous.lines.map((l) => [l.itemId, l]));
  const changes = new Map<number, LineChange>();
  for (const line of next.lines) {
    const old = before.get(line.itemId);
    const fields: LineField[] = [];
    if (!old || old.status !== line.status) fields.push('status');
    else if (old.status === 'offered' && line.status === 'offered') {
      if (old.quantity !== line.quantity) fields.push('quantity');
      if (old.appliedUnitPriceMicros !== line.appliedUnitPriceMicros || old.unitPriceMicros !== line.unitPriceMicros) fields.push('unitPrice');
      if (old.leadTime !== line.leadTime) fields.push('leadTime');
      if (old.minimumOrderQuantity !== line.minimumOrderQuantity) fields.push('minimumOrderQuantity');
      if (!sameBreaks(old.priceBreaks, line.priceBreaks)) fields.push('priceBreaks');
      if (old.alternative?.partId !== line.alternative?.partId || old.alternative?.unitPriceMicros !== line.alternative?.unitPriceMicros) {
        fields.push('alternative');
      }
    }
    if (fields.length > 0) changes.set(line.itemId, { itemId: line.itemId, fields, previous: old });
  }
  return changes;
}

/**
 * The single read of a request (GET /api/quote-requests/:id): the request and every version's summary, newest
 * first; its order once an offer was accepted (ADR 121), and whether accepting asks for a PO number.
 */
export const quoteRequestDetailSchema = lazySchema(() =>
  quoteRequestSchema.extend({ offers: z.array(offerSummarySchema), order: orderSchema.optional(), poNumber: z.enum(PO_NUMBER_RULES).optional() }),
);
export type QuoteRequestDetail = z.infer<typeof quoteRequestDetailSchema>;
