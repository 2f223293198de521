import * as z from 'zod';
import { MICROS_PER_DOLLAR, readMoney } from '../numbers/money';
import { lazySchema } from '../lazy-schema';
import { PART_STATUSES, DEFAULT_PART_STATUS, MAX_PART_SPECIFICATIONS, PRICE_DECIMALS, PRICE_STEP } from '../constants';
import { normalizePartNumber } from '../part-number';
import { slugSchema, requiredText, optionalText, optionalUrl, optionalId } from './common';

/** The catalogue's entities (parts, categories, manufacturers, synonyms) and the admin's write payloads. */

export const categorySchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().optional(),
    parentId: z.number().int().nullable().optional(),
  }),
);
export type Category = z.infer<typeof categorySchema>;

export const manufacturerSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().optional(),
    logo: z.string().optional(),
  }),
);
export type Manufacturer = z.infer<typeof manufacturerSchema>;

/**
 * Search synonyms: a word a buyer types (one word of letters and digits, lower case) → the phrases the
 * catalogue uses for it (all of a phrase's words are required). Data both search engines read; the
 * default list ships with the search adapters, and an admin-edited list must pass this schema.
 */
export const synonymListSchema = lazySchema(() =>
  z
    .record(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[\p{L}\p{N}]{1,40}$/u, 'A synonym key is one word of letters and digits'),
      z.array(z.string().trim().min(1).max(100)).min(1).max(10),
    )
    .refine((list) => Object.keys(list).length <= 2000, 'At most 2000 synonym entries'),
);
export type SynonymList = z.infer<typeof synonymListSchema>;

export const partStatusSchema = lazySchema(() => z.enum(PART_STATUSES));
export const specificationsSchema = lazySchema(() =>
  z
    .record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(200))
    .refine((specs) => Object.keys(specs).length <= MAX_PART_SPECIFICATIONS, `At most ${MAX_PART_SPECIFICATIONS} specifications`),
);
export type Specifications = z.infer<typeof specificationsSchema>;

export const partSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    partNumber: z.string(),
    description: z.string().optional(),
    status: partStatusSchema,
    /** null: uncategorised. */
    categoryId: z.number().int().nullable(),
    /** null: the manufacturer is unknown (docs/decisions/101-parts-without-category-or-manufacturer.md). */
    manufacturerId: z.number().int().nullable(),
    specifications: z.record(z.string(), z.string()),
    price: z.number().nullable(),
    image: z.string().optional(),
    version: z.number().int().optional(),
  }),
);
export type Part = z.infer<typeof partSchema>;

export const relationRefSchema = lazySchema(() => z.object({ name: z.string(), slug: z.string() }));
export type RelationRef = z.infer<typeof relationRefSchema>;

/** A part as read for display: carries manufacturer and category name and slug. */
export const partViewSchema = lazySchema(() =>
  partSchema.extend({
    manufacturer: relationRefSchema.nullable(),
    category: relationRefSchema.nullable(),
  }),
);
export type PartView = z.infer<typeof partViewSchema>;

export const categoryInputSchema = lazySchema(() =>
  z.object({
    name: requiredText(200),
    slug: slugSchema,
    description: optionalText(2000),
    parentId: optionalId.optional(),
  }),
);
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const manufacturerInputSchema = lazySchema(() =>
  z.object({
    name: requiredText(200),
    slug: slugSchema,
    description: optionalText(2000),
    logo: optionalUrl,
  }),
);
export type ManufacturerInput = z.infer<typeof manufacturerInputSchema>;

/** The highest catalogue price, in dollars. */
export const MAX_CATALOGUE_PRICE = 100_000_000;

/**
 * A catalogue price (USD, 2 decimals): a number, or text as a person typed it or a spreadsheet holds it,
 * read by the shared money reader (`12,50`, `$1,234.50`, `1.234,56`; an ambiguous `1,234` refused with
 * both readings). The admin part dialog, the part API and the CSV import all read prices here.
 */
export const priceSchema = lazySchema(() =>
  z.preprocess(
    (v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
      if (typeof v !== 'string') return v;
      const read = readMoney(v, { maxDecimals: PRICE_DECIMALS, maxMicros: MAX_CATALOGUE_PRICE * MICROS_PER_DOLLAR });
      if (read.ok) return read.micros / MICROS_PER_DOLLAR;
      ctx.addIssue({ code: 'custom', message: read.message });
      return z.NEVER;
    },
    z.number().min(0, 'Price must be 0 or more').max(MAX_CATALOGUE_PRICE).multipleOf(PRICE_STEP, `Use at most ${PRICE_DECIMALS} decimals`).nullable(),
  ),
);

export const partInputSchema = lazySchema(() =>
  z.object({
    name: requiredText(300),
    partNumber: requiredText(100).refine((v) => normalizePartNumber(v) !== '', 'Part number must contain letters or digits'),
    slug: slugSchema,
    description: optionalText(5000),
    status: partStatusSchema.default(DEFAULT_PART_STATUS),
    /** Both are optional but must be given: an id, or null for none (uncategorised / manufacturer unknown, ADR 101). */
    categoryId: z.coerce.number().int().positive('Choose a category').nullable(),
    manufacturerId: z.coerce.number().int().positive('Choose a manufacturer').nullable(),
    specifications: specificationsSchema.default({}),
    price: priceSchema.default(null),
    image: optionalUrl,
  }),
);
export type PartInput = z.infer<typeof partInputSchema>;

export const adminStatsSchema = lazySchema(() =>
  z.object({
    totalCategories: z.number().int(),
    totalManufacturers: z.number().int(),
    totalParts: z.number().int(),
    pendingQuotes: z.number().int(),
  }),
);
export type AdminStats = z.infer<typeof adminStatsSchema>;
