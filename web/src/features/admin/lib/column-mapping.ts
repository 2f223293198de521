import { PART_IMPORT_FIELDS, type PartImportField } from '@parts/shared/schemas';

export const REQUIRED_FIELDS: readonly PartImportField[] = ['name', 'partNumber'];
export const OPTIONAL_FIELDS = PART_IMPORT_FIELDS.filter((f) => !REQUIRED_FIELDS.includes(f));

/** The `spec:<key>` target offered for a header, or null when the header cannot name a specification. */
export function specTarget(header: string): string | null {
  const key = header.replace(/[^A-Za-z0-9 _-]/g, '').trim().replace(/^[^A-Za-z]+/, '').slice(0, 100);
  return key ? `spec:${key}` : null;
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
