import transliterateSlug from '@sindresorhus/slugify';

/** Longest slug the shared schema accepts. */
export const SLUG_MAX_LENGTH = 200;

/**
 * The one slug rule of the web's auto-fill, the API and the CSV import (ADR 050): accents dropped
 * (`Über` → `uber`), other letters transliterated (`ß` → `ss`), `&` read as "and", everything else
 * a separator, and one hyphen between words; cut at a word boundary to fit the schema.
 */
export function slugify(name: string): string {
  const plain = name.normalize('NFD').replace(/\p{Mn}/gu, '');
  const slug = transliterateSlug(plain, { decamelize: false });
  if (slug.length <= SLUG_MAX_LENGTH) return slug;
  const cut = slug.slice(0, SLUG_MAX_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, '');
}
