import * as z from 'zod';
import { MICROS_PER_DOLLAR, readMoney } from '../numbers/money';
import { lazySchema } from '../lazy-schema';
import { optionalOneLine, requiredOneLine } from '../one-line';
import {
  MAX_ATTACHMENTS,
  MAX_QUOTE_ITEMS,
  MAX_QUOTE_QUANTITY,
  MIN_CUSTOMER_NAME,
  MIN_QUOTE_QUANTITY,
  QUOTE_STATUSES,
  DEFAULT_QUOTE_STATUS,
  ATTACHMENT_MIME_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_FREE_DESCRIPTION_CHARS,
  MAX_FREE_MANUFACTURER_CHARS,
  MAX_FREE_PART_NUMBER_CHARS,
  MAX_LINE_ATTACHMENTS,
  MAX_LINE_NOTE_CHARS,
  MAX_LINE_REFERENCE_CHARS,
  TARGET_PRICE_DECIMALS,
  TARGET_PRICE_STEP,
} from '../constants';
import { optionalText } from './common';

/** Quote requests: what a buyer submits, what the reseller reads, its history and latest offer (offers themselves: quote-offers.ts). */

export const quoteStatusSchema = lazySchema(() => z.enum(QUOTE_STATUSES));

export const attachmentSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    /** Short-lived download link; only on the admin's single-request read. */
    url: z.string().optional(),
  }),
);
export type Attachment = z.infer<typeof attachmentSchema>;

/** What a buyer's list said about a part the catalogue does not have (a free-text line). */
export const freeTextPartSchema = lazySchema(() =>
  z.object({
    partNumber: z.string().optional(),
    manufacturer: z.string().optional(),
    description: z.string().optional(),
  }),
);
export type FreeTextPart = z.infer<typeof freeTextPartSchema>;

export const quoteItemSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    quantity: z.number().int(),
    /** The catalogue part, as it was when the request was made; absent on a free-text line. */
    part: z.object({ id: z.number().int(), partNumber: z.string(), name: z.string(), slug: z.string().optional() }).optional(),
    /** Set instead of `part` when the line names a part the catalogue does not have. */
    freeText: freeTextPartSchema.optional(),
    /** The customer's own reference for the line (their part number, designator, position). */
    reference: z.string().optional(),
    /** Target unit price in USD. */
    targetPrice: z.number().optional(),
    /** Needed-by date, YYYY-MM-DD. */
    neededBy: z.string().optional(),
    note: z.string().optional(),
    attachments: z.array(attachmentSchema).optional(),
  }),
);
export type QuoteItem = z.infer<typeof quoteItemSchema>;

export const statusChangeSchema = lazySchema(() =>
  z.object({
    at: z.string(),
    by: z.string(),
    from: quoteStatusSchema.nullable(),
    to: quoteStatusSchema,
  }),
);
export type StatusChange = z.infer<typeof statusChangeSchema>;

// ---------- The quote loop (see quote-offers.ts for offers, responses and messages) ----------

/** What happened on a request besides a status change; each is kept in its history with who and when. */
export const QUOTE_EVENTS = [
  'offer_sent',
  'offer_accepted',
  'offer_declined',
  'revision_requested',
  'offer_expired',
  'offer_extended',
  'message',
  'order_confirmed',
  'order_rejected',
] as const;
export type QuoteEvent = (typeof QUOTE_EVENTS)[number];
export const quoteEventEntrySchema = lazySchema(() =>
  z.object({
    at: z.string(),
    by: z.string(),
    event: z.enum(QUOTE_EVENTS),
    /** The offer version the event concerns. */
    version: z.number().int().optional(),
    /** A short summary: a decline reason, the accepted lines, a message's first words. */
    note: z.string().optional(),
  }),
);
export type QuoteEventEntry = z.infer<typeof quoteEventEntrySchema>;
export const quoteHistoryEntrySchema = lazySchema(() => z.union([statusChangeSchema, quoteEventEntrySchema]));
export type QuoteHistoryEntry = z.infer<typeof quoteHistoryEntrySchema>;
export const isStatusChange = (entry: QuoteHistoryEntry): entry is StatusChange => 'to' in entry;

export const OFFER_STATES = ['open', 'accepted', 'declined', 'revision_requested', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** The latest offer of a request, as lists show it. */
export const offerSummarySchema = lazySchema(() =>
  z.object({
    version: z.number().int(),
    state: z.enum(OFFER_STATES),
    sentAt: z.string(),
    /** Last day (UTC, inclusive) the offer can be accepted: YYYY-MM-DD. */
    validUntil: z.string(),
    totalCents: z.number().int(),
    acceptedTotalCents: z.number().int().optional(),
    /** Lines offered (not "cannot supply"); absent on versions sent before lists showed it. */
    offeredLines: z.number().int().optional(),
    /** Accepted: lines taken (the offered part or its alternative). */
    acceptedLines: z.number().int().optional(),
  }),
);
export type OfferSummary = z.infer<typeof offerSummarySchema>;
export const waitingForSchema = lazySchema(() => z.enum(['reseller', 'buyer']));
export type WaitingFor = z.infer<typeof waitingForSchema>;

export const quoteRequestSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    customerName: z.string(),
    customerEmail: z.string(),
    customerPhone: z.string().optional(),
    customerCompany: z.string().optional(),
    status: quoteStatusSchema,
    notes: z.string().optional(),
    message: z.string().optional(),
    createdAt: z.string(),
    /** Username of the customer who submitted it; absent for admin-created requests. */
    submittedBy: z.string().optional(),
    items: z.array(quoteItemSchema),
    /** Number of lines; list answers carry only the first lines of long requests (the single read has all). */
    itemCount: z.number().int().optional(),
    attachments: z.array(attachmentSchema),
    history: z.array(quoteHistoryEntrySchema),
    /** The latest offer sent, if any. */
    offer: offerSummarySchema.optional(),
    /** Whose move it is; absent when nobody's (declined, closed). */
    waitingFor: waitingForSchema.optional(),
    /** Messages in the request's thread. */
    messageCount: z.number().int().optional(),
    lastActivityAt: z.string().optional(),
  }),
);
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
/** A page of a quote request list (newest first, at most QUOTE_LIST_PAGE_SIZE); nextCursor null on the last. */
export interface QuoteRequestPage {
  data: QuoteRequest[];
  nextCursor: string | null;
}

const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
/** A needed-by date as a date input gives it (YYYY-MM-DD). */
export const neededBySchema = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2027-03-31')
    .refine(isCalendarDate, 'Enter a real date')
    .refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'Enter a date between 2000 and 2100'),
);

/**
 * The earliest needed-by day the server takes: the day it still is somewhere (UTC−12), so a buyer
 * anywhere may ask for their today. The web checks against the buyer's own today.
 */
export function earliestNeededBy(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}
export const neededByPastMessage = (day: string) => `The needed-by date ${day} is in the past; choose today or a later day`;

export const freeTextLineInputSchema = lazySchema(() =>
  z
    .object({
      partNumber: optionalOneLine(MAX_FREE_PART_NUMBER_CHARS, 'Part number'),
      manufacturer: optionalOneLine(MAX_FREE_MANUFACTURER_CHARS, 'Manufacturer'),
      description: optionalText(MAX_FREE_DESCRIPTION_CHARS),
    })
    .refine((v) => v.partNumber !== undefined || v.description !== undefined, {
      message: 'A line that is not in the catalogue needs a part number or a description',
    }),
);

/** A basket line: a catalogue part (partId) or a free-text line (freeText), with the richer optional fields. */
export const quoteLineInputSchema = lazySchema(() =>
  z
    .object({
      partId: z.coerce.number().int().positive().optional(),
      freeText: freeTextLineInputSchema.optional(),
      quantity: z.coerce.number().int('Quantity must be a whole number').min(MIN_QUOTE_QUANTITY, 'Quantity must be at least 1').max(MAX_QUOTE_QUANTITY),
      reference: optionalOneLine(MAX_LINE_REFERENCE_CHARS, 'Reference'),
      /** USD: a number, or text as the buyer typed it, read by the shared money reader (`12,50`, `$0.335`). */
      targetPrice: z.preprocess(
        (v, ctx) => {
          if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
          if (typeof v !== 'string') return v;
          const read = readMoney(v, { maxDecimals: TARGET_PRICE_DECIMALS });
          if (read.ok) return read.micros / MICROS_PER_DOLLAR;
          ctx.addIssue({ code: 'custom', message: `Target price: ${read.message}` });
          return z.NEVER;
        },
        z
          .number()
          .min(0, 'Target price must be 0 or more')
          .max(100_000_000)
          .multipleOf(TARGET_PRICE_STEP, `Use at most ${TARGET_PRICE_DECIMALS} decimals`)
          .optional(),
      ),
      neededBy: z.preprocess((v) => (v === '' || v === null ? undefined : v), neededBySchema.optional()),
      note: optionalText(MAX_LINE_NOTE_CHARS),
      /** Files uploaded with a presigned PUT (POST /api/uploads/attachments), checked like the request's attachments. */
      attachmentKeys: z.array(z.string().min(1).max(500)).max(MAX_LINE_ATTACHMENTS, `At most ${MAX_LINE_ATTACHMENTS} attachments per line`).optional(),
    })
    .refine((l) => (l.partId === undefined) !== (l.freeText === undefined), {
      message: 'Each line names a catalogue part (partId) or describes a part not in the catalogue (freeText)',
      path: ['partId'],
    }),
);
export type QuoteLineInput = z.infer<typeof quoteLineInputSchema>;

/** The customer fields of the public quote form (also the react-hook-form resolver). */
export const quoteFormSchema = lazySchema(() =>
  z.object({
    customerName: requiredOneLine(200, 'Name', 'Name is required', MIN_CUSTOMER_NAME),
    customerEmail: z.email('Invalid email address').max(254),
    customerPhone: optionalOneLine(50, 'Phone'),
    customerCompany: optionalOneLine(200, 'Company'),
    message: optionalText(5000),
  }),
);
export type QuoteFormInput = z.infer<typeof quoteFormSchema>;

/** The JSON shape of a submission whose attachments were uploaded straight to S3. */
export const quoteSubmissionSchema = lazySchema(() =>
  quoteFormSchema.extend({
    items: z
      .array(quoteLineInputSchema)
      .min(1, 'Add at least one part to your quote request')
      .max(MAX_QUOTE_ITEMS, `At most ${MAX_QUOTE_ITEMS.toLocaleString('en-US')} lines in one quote request`),
    attachmentKeys: z.array(z.string().min(1).max(500)).max(MAX_ATTACHMENTS, `At most ${MAX_ATTACHMENTS} attachments`).default([]),
  }),
);
export type QuoteSubmission = z.infer<typeof quoteSubmissionSchema>;

export const adminQuoteCreateSchema = lazySchema(() =>
  z.object({
    customerName: requiredOneLine(200, 'Name'),
    customerEmail: z.email('Invalid email address').max(254),
    customerPhone: optionalOneLine(50, 'Phone'),
    customerCompany: optionalOneLine(200, 'Company'),
    status: quoteStatusSchema.default(DEFAULT_QUOTE_STATUS),
    notes: optionalText(5000),
  }),
);
export type AdminQuoteCreate = z.infer<typeof adminQuoteCreateSchema>;

export const quoteStatusUpdateSchema = lazySchema(() => z.object({ status: quoteStatusSchema }));

export const attachmentUploadRequestSchema = lazySchema(() =>
  z.object({
    fileName: z.string().trim().min(1).max(255),
    contentType: z.enum(ATTACHMENT_MIME_TYPES),
    size: z.number().int().positive().max(MAX_ATTACHMENT_BYTES),
  }),
);
export type AttachmentUploadRequest = z.infer<typeof attachmentUploadRequestSchema>;

export const presignedUploadSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    url: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
);
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;
