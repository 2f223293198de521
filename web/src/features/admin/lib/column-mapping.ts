import { PART_IMPORT_FIELD_LABELS } from '@parts/shared/import-fields';
import { PART_IMPORT_FIELDS, type PartImportField } from '@parts/shared/schemas';

export const REQUIRED_FIELDS: readonly PartImportField[] = ['name', 'partNumber'];
export const OPTIONAL_FIELDS = PART_IMPORT_FIELDS.filter((f) => !REQUIRED_FIELDS.includes(f));

/** The `spec:<key>` target offered for a header, or null when the header cannot name a specification. */
export function specTarget(header: string): string | null {
  // The template names its specification columns "spec:<key>" already.
  const key = header
    .trim()
    .replace(/^spec:/i, '')
    .replace(/[^A-Za-z0-9 _-]/g, '')
    .trim()
    .replace(/^[^A-Za-z]+/, '')
    .slice(0, 100);
  return key ? `spec:${key}` : null;
}

const comparable = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The mapping offered when the file is read: a header equal (case, spaces and punctuation aside) to a
 * field's name or label, and the template's "spec:<key>" headers, are mapped; every other header
 * starts Not mapped. So the official template imports without touching the mapping.
 */
export function guessMapping(headers: readonly string[]): Record<string, string> {
  let mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const text = comparable(header);
    const field = PART_IMPORT_FIELDS.find((f) => comparable(f) === text || comparable(PART_IMPORT_FIELD_LABELS[f]) === text);
    const target = field ?? (/^spec:/i.test(header.trim()) ? specTarget(header) : null);
    if (target && !taken.has(target)) {
      taken.add(target);
      mapping = assignTarget(mapping, header, target);
    }
  }
  return mapping;
}

/** Choosing a part field for one header frees it from any other header (a field is filled from one column). */
export function assignTarget(mapping: Record<string, string>, header: string, target: string): Record<string, string> {
  const next: Record<string, string> = {};
  for (const [h, t] of Object.entries(mapping)) {
    if (h !== header && t !== target) next[h] = t;
  }
  if (target) next[header] = target;
  return next;
}

export function hasRequired(mapping: Record<string, string>): boolean {
  const targets = Object.values(mapping);
  return REQUIRED_FIELDS.every((f) => targets.includes(f));
}

const ESTIMATE_HEAD_BYTES = 256 * 1024;

/** Rows in a large file, guessed from the line density of its head, to scale the progress bar. */
export async function estimateRows(file: Blob): Promise<number> {
  const head = await file.slice(0, ESTIMATE_HEAD_BYTES).text();
  const lines = head.split('\n').filter((l) => l.trim() !== '').length;
  if (lines <= 1) return 1;
  return Math.max(1, Math.round((file.size / Math.min(file.size, ESTIMATE_HEAD_BYTES)) * lines) - 1);
}
