import * as z from 'zod';

/**
 * What a one-line field (a name, a company, a phone number, a reference …) refuses: control characters
 * (C0 with tab, CR and LF; DEL; C1 with NEL), the Unicode line and paragraph separators and the bidi
 * controls (LRM/RLM/ALM, embeddings, overrides, isolates). Such values end up in mail subjects and
 * greetings, PDFs and admin lists, where a line break starts a line the sender chose. Joiners (ZWJ, ZWNJ)
 * stay: some scripts and emoji need them.
 */
export const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

export const oneLineMessage = (label: string) => `${label} cannot contain line breaks or control characters`;

export const isOneLine = (value: string) => !NOT_ONE_LINE.test(value);

/** Adds the one-line rule, with the field's label in the message, to a string schema (after its trim). */
export function oneLine<T extends z.ZodType<string>>(schema: T, label: string): T {
  return schema.refine(isOneLine, oneLineMessage(label)) as T;
}

const emptyToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** Optional one-line text: empty strings and null become undefined; otherwise trimmed, at most `max`, one line. */
export const optionalOneLine = (max: number, label: string) => z.preprocess(emptyToUndefined, oneLine(z.string().trim().max(max), label).optional());

/** Required one-line text: trimmed, at least `min` characters (`required` says so), at most `max`, one line. */
export const requiredOneLine = (max: number, label: string, required = 'Required', min = 1) => oneLine(z.string().trim().min(min, required).max(max), label);
